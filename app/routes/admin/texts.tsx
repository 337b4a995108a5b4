import '../../admin/content/content.css';
import { useDeferredValue, useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { TextRowEditor } from '../../admin/content/text-row.tsx';
import type { TextRow } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';
import { PageHead } from '../../admin/ui/page-head.tsx';

export async function clientLoader() {
  return adminApi<{ rows: TextRow[] }>('/api/admin/texts');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

const PAGE = 40;

/** The storefront's interface texts (editors): search, override beside the built-in text, reset. */
export default function TextsPage() {
  const tr = useTr();
  const { rows } = useLoaderData<typeof clientLoader>();
  const [query, setQuery] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const q = useDeferredValue(query.trim().toLowerCase());
  const found = rows.filter(
    (r) =>
      (!onlyChanged || r.ru.override || r.en.override) &&
      (!q ||
        r.key.toLowerCase().includes(q) ||
        r.ru.builtIn.toLowerCase().includes(q) ||
        r.en.builtIn.toLowerCase().includes(q) ||
        (r.ru.override?.value.toLowerCase().includes(q) ?? false) ||
        (r.en.override?.value.toLowerCase().includes(q) ?? false)),
  );
  return (
    <div className="adm-page">
      <PageHead
        title={tr('Тексты интерфейса', 'Interface texts')}
        hint={
          <>
            {tr('найдено', 'found')}: {found.length}
          </>
        }
      />
      <search className="adm-filters">
        <label className="adm-field">
          {tr('Ключ или текст', 'Key or text')}
          <input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(PAGE);
            }}
          />
        </label>
        <label className="adm-cnt__check">
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />
          {tr('Только изменённые', 'Changed only')}
        </label>
      </search>
      <p className="adm-muted">
        {tr(
          'Подстановки в фигурных скобках, например {count}, нужно сохранить: магазин подставляет туда значения.',
          'Keep the placeholders in braces, such as {count}: the shop fills them in.',
        )}
      </p>
      <div className="adm-card">
        {found.slice(0, limit).map((r) => (
          <TextRowEditor key={r.key} row={r} />
        ))}
      </div>
      {found.length > limit ? (
        <button type="button" className="adm-btn" onClick={() => setLimit(limit + PAGE)}>
          {tr('Показать ещё', 'Show more')}
        </button>
      ) : null}
    </div>
  );
}
