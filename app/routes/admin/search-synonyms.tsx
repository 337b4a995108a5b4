import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { AdminApiError, adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';

interface Synonym {
  id: number;
  term: string;
  alternatives: string[];
  version: number;
  updatedAt: string;
}

export async function clientLoader() {
  return adminApi<{ synonyms: Synonym[] }>('/api/admin/search-synonyms');
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
  const tr = useTr();
  const { synonyms } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [term, setTerm] = useState('');
  const [alternatives, setAlternatives] = useState('');
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function edit(row: Synonym | null) {
    setError(null);
    setEditing(row ? row.id : 'new');
    setTerm(row?.term ?? '');
    setAlternatives(row?.alternatives.join(', ') ?? '');
    setVersion(row?.version ?? 0);
  }

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setEditing(null);
      await revalidate();
    } catch (e) {
      if (e instanceof AdminApiError) {
        setError({ message: e.message, field: e.field });
        // A stale save: show what is saved now (DECISIONS 31).
        if (e.status === 409) await revalidate();
      } else setError({ message: String(e) });
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    run(() => {
      const body = { term, alternatives: splitWords(alternatives) };
      return editing === 'new'
        ? adminApi('/api/admin/search-synonyms', { method: 'POST', body })
        : adminApi(`/api/admin/search-synonyms/${editing}`, { method: 'PUT', body: { ...body, version } });
    });

  const remove = (row: Synonym) =>
    run(() =>
      adminApi(`/api/admin/search-synonyms/${row.id}`, { method: 'DELETE', body: { version: row.version } }),
    );

  const form = (
    <form
      className="adm-filters"
      aria-label={tr('Синоним', 'Synonym')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="adm-field" data-invalid={error?.field === 'term'}>
        {tr('Слово', 'Word')}
        <input value={term} onChange={(e) => setTerm(e.target.value)} required maxLength={40} />
      </label>
      <label className="adm-field" data-invalid={error?.field?.startsWith('alternatives') ?? false}>
        {tr('Находит также (через запятую)', 'Also finds (comma-separated)')}
        <input
          value={alternatives}
          onChange={(e) => setAlternatives(e.target.value)}
          required
          size={40}
          maxLength={600}
        />
      </label>
      <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
        {tr('Сохранить', 'Save')}
      </button>
      <button type="button" className="adm-btn" onClick={() => setEditing(null)}>
        {tr('Отмена', 'Cancel')}
      </button>
    </form>
  );

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Синонимы поиска', 'Search synonyms')}</h1>
        <span className="adm-muted">
          {tr(
            'слово в поиске находит и товары со словами из списка (в одну сторону)',
            'a word typed in the search also finds goods with the listed words (one way)',
          )}
        </span>
      </div>
      {error ? (
        <p className="adm-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {editing === 'new' ? (
        form
      ) : (
        <div className="adm-filters">
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => edit(null)}>
            {tr('Добавить синоним', 'Add a synonym')}
          </button>
        </div>
      )}
      {synonyms.length === 0 ? (
        <p className="adm-muted">{tr('Синонимов нет', 'No synonyms')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{tr('Слово', 'Word')}</th>
                <th>{tr('Находит также', 'Also finds')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {synonyms.map((row) =>
                editing === row.id ? (
                  <tr key={row.id}>
                    <td colSpan={3}>{form}</td>
                  </tr>
                ) : (
                  <tr key={row.id}>
                    <td>{row.term}</td>
                    <td>{row.alternatives.join(', ')}</td>
                    <td className="adm-actions">
                      <button type="button" className="adm-btn" onClick={() => edit(row)}>
                        {tr('Изменить', 'Edit')}
                      </button>{' '}
                      <button
                        type="button"
                        className="adm-btn adm-btn--danger"
                        disabled={busy}
                        onClick={() => void remove(row)}
                        aria-label={`${tr('Удалить', 'Delete')} ${row.term}`}
                      >
                        {tr('Удалить', 'Delete')}
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
