import '../../admin/catalogue/catalogue.css';
import '../../admin/ui/kit.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { type StaffMessageKey, staffMessage, staffPlural } from '../../../core/staff-messages.ts';
import {
  type CollectionRecord,
  type CollectionRow,
  catalogueApi,
} from '../../admin/catalogue/catalogue-api.ts';
import { LocalizedFields, SaveAndDelete } from '../../admin/catalogue/record-fields.tsx';
import type { L10n, ProductRow } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

export async function clientLoader({ request }: { request: Request }) {
  const slug = new URL(request.url).searchParams.get('slug');
  const [list, open] = await Promise.all([
    callApi(catalogueApi.collections),
    slug ? callApi(catalogueApi.collection, { slug }) : null,
  ]);
  return { rows: list.rows, open: open?.collection ?? null };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const blank = (): CollectionRecord => ({
  slug: '',
  name: { ru: '', en: '' },
  description: { ru: '', en: '' },
  position: 0,
  version: 0,
  members: [],
});

export default function CollectionsPage() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { rows, open } = useLoaderData<typeof clientLoader>();
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<CollectionRecord | null>(open);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductRow[]>([]);
  const [ask, confirmDialog] = useConfirm();
  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);

  const created = useRef<string | null>(null);

  const search = useAction(async () => {
    if (!q.trim()) return;
    const res = await callApi(catalogueApi.products, { q, limit: 10 });
    setFound(res.rows);
  });

  const save = useAction<[], void, CollectionRecord>(async () => {
    if (!draft) return;
    const body = {
      name: draft.name,
      description: draft.description,
      position: draft.position,
      groupIds: draft.members.map((m) => m.id),
    };
    if (!draft.slug) {
      const res = await callApi(catalogueApi.createCollection, body);
      created.current = res.collection.slug;
      setParams({ slug: res.collection.slug });
      return;
    }
    const res = await callApi(
      catalogueApi.updateCollection,
      { slug: draft.slug },
      { ...body, version: draft.version },
    );
    setDraft(res.collection);
    revalidator.revalidate();
  });

  const remove = useAction<[], void, CollectionRecord>(async () => {
    if (!draft?.slug) return;
    await callApi(catalogueApi.deleteCollection, { slug: draft.slug, version: draft.version });
    setParams({});
  });

  // Another collection opened: the last one's messages go (a new one just made keeps its «Сохранено»).
  const reset = save.reset;
  const resetRemove = remove.reset;
  useEffect(() => {
    setDraft(open);
    if (open?.slug !== created.current) reset();
    created.current = null;
    resetRemove();
  }, [open, reset, resetRemove]);

  async function askRemove() {
    if (!draft?.slug) return;
    const yes = await ask({
      title: t('cat.collections.delete_sure', { name: name(draft.name) }),
      confirm: t('cat.delete'),
      danger: true,
    });
    if (yes) await remove.run();
  }

  const move = (i: number, by: number) => {
    if (!draft) return;
    const members = [...draft.members];
    const [m] = members.splice(i, 1);
    if (!m) return;
    members.splice(Math.max(0, Math.min(members.length, i + by)), 0, m);
    setDraft({ ...draft, members });
  };

  const columns: Column<CollectionRow>[] = [
    {
      key: 'name',
      header: t('cat.name'),
      render: (r) => (
        <>
          <Link to={`/admin/collections?slug=${r.slug}`}>{name(r.name)}</Link>{' '}
          <span className="adm-muted adm-id adm-cat__code">/{r.slug}</span>
        </>
      ),
    },
    { key: 'position', header: t('cat.position'), numeric: true, render: (r) => r.position },
    { key: 'products', header: t('cat.products_count'), numeric: true, render: (r) => r.products },
  ];

  const error = save.error ?? remove.error ?? search.error;
  const newer = save.conflict?.current ?? remove.conflict?.current ?? null;
  const conflictMessage = save.conflict?.message ?? remove.conflict?.message;

  return (
    <div className="adm-page">
      <PageHead title={t('cat.collections.title')}>
        {canEdit && (
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => setDraft(blank())}>
            {t('cat.collections.new')}
          </button>
        )}
      </PageHead>
      <DataTable
        label={t('cat.collections.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.slug}
        empty={t('cat.collections.none')}
      />
      {save.done && <StatusNote>{t('cat.saved')}</StatusNote>}
      <ErrorNote message={error} />
      {newer && draft && (
        <div className="adm-cat__conflict" role="alert">
          {conflictMessage ? <p>{conflictMessage}</p> : null}
          {t('cat.collections.newer', {
            name: `${newer.name.ru} / ${newer.name.en}`,
            products: staffPlural('products', newer.members.length, locale),
          })}{' '}
          <button
            type="button"
            className="adm-btn"
            onClick={() => {
              setDraft(newer);
              save.reset();
              remove.reset();
            }}
          >
            {t('cat.load_newer')}
          </button>
        </div>
      )}
      {draft && (
        <section className="adm-card" aria-label={t('cat.collections.one')} style={{ marginTop: 16 }}>
          <h2>{draft.slug ? name(draft.name) : t('cat.collections.new')}</h2>
          <div className="adm-cat__pair">
            <LocalizedFields
              label={(lang) => t('cat.name_in', { lang })}
              value={draft.name}
              disabled={!canEdit}
              onChange={(name) => setDraft({ ...draft, name })}
            />
            <LocalizedFields
              label={(lang) => t('cat.description_in', { lang })}
              value={draft.description}
              disabled={!canEdit}
              multiline
              onChange={(description) => setDraft({ ...draft, description })}
            />
          </div>
          <label className="adm-field" style={{ width: 120, marginTop: 12 }}>
            {t('cat.position')}
            <input
              type="number"
              value={draft.position}
              disabled={!canEdit}
              onChange={(e) => setDraft({ ...draft, position: Number.parseInt(e.target.value, 10) || 0 })}
            />
          </label>
          <h3>{t('cat.collections.members')}</h3>
          <ol>
            {draft.members.map((m, i) => (
              <li key={m.id} className="adm-cat__row" style={{ marginBottom: 4 }}>
                <Link to={`/admin/products/${encodeURIComponent(m.id)}`}>{name(m.name)}</Link>
                {!m.published && <span className="adm-badge adm-badge--muted">{t('cat.flag.hidden')}</span>}
                {canEdit && (
                  <>
                    <button
                      type="button"
                      className="adm-btn"
                      aria-label={t('cat.up')}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="adm-btn"
                      aria-label={t('cat.down')}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="adm-btn adm-btn--danger"
                      onClick={() =>
                        setDraft({ ...draft, members: draft.members.filter((x) => x.id !== m.id) })
                      }
                    >
                      {t('cat.remove')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
          {canEdit && (
            <div className="adm-cat__row">
              <label className="adm-field">
                {t('cat.collections.add')}
                <input
                  type="search"
                  value={q}
                  placeholder={t('cat.search_hint')}
                  onChange={(e) => setQ(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void search.run();
                    }
                  }}
                />
              </label>
              <button type="button" className="adm-btn" disabled={search.busy} onClick={() => search.run()}>
                {t('cat.find')}
              </button>
              {found
                .filter((p) => !draft.members.some((m) => m.id === p.id))
                .map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    className="adm-btn"
                    onClick={() =>
                      setDraft({
                        ...draft,
                        members: [...draft.members, { id: p.id, name: p.name, published: p.published }],
                      })
                    }
                  >
                    + {name(p.name)} ({name(p.colorName)})
                  </button>
                ))}
            </div>
          )}
          {canEdit && (
            <div className="adm-cat__savebar">
              <SaveAndDelete
                saving={save.busy}
                onSave={() => save.run()}
                deleting={remove.busy}
                onDelete={draft.slug ? askRemove : undefined}
                deleteLabel={t('cat.collections.delete')}
              />
            </div>
          )}
        </section>
      )}
      {confirmDialog}
    </div>
  );
}
