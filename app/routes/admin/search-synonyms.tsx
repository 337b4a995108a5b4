import '../../admin/ui/kit.css';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import type {
  SynonymView,
  synonymCreateBody,
  synonymDeleteBody,
  synonymUpdateBody,
} from '../../../core/search/synonyms.schemas.ts';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale } from '../../admin/i18n.ts';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

/** The synonyms' endpoints (server/routes/admin/search-synonyms.routes.ts), typed from their schemas. */
const synonymsApi = {
  list: endpoint<{ synonyms: SynonymView[] }>('GET', () => '/api/admin/search-synonyms'),
  create: endpoint<unknown, z.input<typeof synonymCreateBody>>('POST', () => '/api/admin/search-synonyms'),
  update: endpoint<unknown, z.input<typeof synonymUpdateBody>, { id: number }>(
    'PUT',
    (p) => `/api/admin/search-synonyms/${p.id}`,
  ),
  remove: endpoint<unknown, z.input<typeof synonymDeleteBody>, { id: number }>(
    'DELETE',
    (p) => `/api/admin/search-synonyms/${p.id}`,
  ),
};

export async function clientLoader() {
  return callApi(synonymsApi.list);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const splitWords = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * Search synonyms and colour families (docs/decisions/0029-russian-search-seo-and-shopper-messages.md): a word a shopper
 * types also finds its alternatives, one way. Editors and admins keep the list.
 */
export default function SearchSynonyms() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const { synonyms } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [term, setTerm] = useState('');
  const [alternatives, setAlternatives] = useState('');
  const [version, setVersion] = useState(0);
  const [field, setField] = useState<string | undefined>(undefined);

  /** A change, then the list as saved; a refusal names its field, a stale one shows what is saved now. */
  async function change(call: () => Promise<unknown>) {
    setField(undefined);
    try {
      await call();
    } catch (e) {
      if (e instanceof AdminApiError) {
        setField(e.field);
        // A stale save: show what is saved now (DECISIONS 31).
        if (e.status === 409) await revalidator.revalidate();
      }
      throw e;
    }
    setEditing(null);
    await revalidator.revalidate();
  }

  const save = useAction(() =>
    change(() => {
      const body = { term, alternatives: splitWords(alternatives) };
      return editing === 'new' || editing === null
        ? callApi(synonymsApi.create, body)
        : callApi(synonymsApi.update, { id: editing }, { ...body, version });
    }),
  );
  const remove = useAction((row: SynonymView) =>
    change(() => callApi(synonymsApi.remove, { id: row.id }, { version: row.version })),
  );
  const busy = save.busy || remove.busy;
  const error = save.error ?? save.conflict?.message ?? remove.error ?? remove.conflict?.message;

  function edit(row: SynonymView | null) {
    save.reset();
    remove.reset();
    setField(undefined);
    setEditing(row ? row.id : 'new');
    setTerm(row?.term ?? '');
    setAlternatives(row?.alternatives.join(', ') ?? '');
    setVersion(row?.version ?? 0);
  }

  const editedRow = typeof editing === 'number' ? synonyms.find((s) => s.id === editing) : undefined;
  const form = (
    <form
      className="adm-filters"
      aria-label={t('synonyms.one')}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      {editedRow ? <strong>{t('synonyms.editing', { term: editedRow.term })}</strong> : null}
      <label className="adm-field" data-invalid={field === 'term'}>
        {t('synonyms.word')}
        <input value={term} onChange={(e) => setTerm(e.target.value)} required maxLength={40} />
      </label>
      <label className="adm-field" data-invalid={field?.startsWith('alternatives') ?? false}>
        {t('synonyms.also_finds_field')}
        <input
          value={alternatives}
          onChange={(e) => setAlternatives(e.target.value)}
          required
          size={40}
          maxLength={600}
        />
      </label>
      <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
        {t('cat.save')}
      </button>
      <button type="button" className="adm-btn" onClick={() => setEditing(null)}>
        {t('kit.cancel')}
      </button>
    </form>
  );

  const columns: Column<SynonymView>[] = [
    { key: 'term', header: t('synonyms.word'), render: (row) => row.term },
    { key: 'alternatives', header: t('synonyms.also_finds'), render: (row) => row.alternatives.join(', ') },
    {
      key: 'actions',
      header: <span className="adm-kit-sr">{t('synonyms.actions')}</span>,
      className: 'adm-actions',
      render: (row) => (
        <>
          <button type="button" className="adm-btn" onClick={() => edit(row)}>
            {t('synonyms.edit')}
          </button>{' '}
          <button
            type="button"
            className="adm-btn adm-btn--danger"
            disabled={busy}
            onClick={() => void remove.run(row)}
            aria-label={t('synonyms.delete_of', { term: row.term })}
          >
            {t('cat.delete')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('synonyms.title')} hint={t('synonyms.hint')} />
      <ErrorNote message={error} />
      {editing !== null ? (
        form
      ) : (
        <div className="adm-filters">
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => edit(null)}>
            {t('synonyms.add')}
          </button>
        </div>
      )}
      <DataTable
        label={t('synonyms.title')}
        columns={columns}
        rows={synonyms}
        rowKey={(row) => row.id}
        loading={revalidator.state === 'loading'}
        empty={t('synonyms.none')}
      />
    </div>
  );
}
