import { type ReactNode, useEffect, useRef } from 'react';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  dir: SortDirection;
}

export interface Column<Row> {
  /** Names the column; when `sortable`, it is also the sort column the server whitelists. */
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Numbers sit to the right. */
  numeric?: boolean;
  /** Left out on a phone, where the row shows what matters most. */
  hideOnPhone?: boolean;
  className?: string;
  /** The cell names its row (a `<th scope="row">`), e.g. a field in a list of changes. */
  rowHeader?: boolean;
}

export interface Selection<K> {
  selected: ReadonlySet<K>;
  onChange: (next: Set<K>) => void;
  /** What a row's checkbox reads to a screen reader ("order 10002"). */
  label: (key: K) => string;
}

/**
 * The back office's table (issue 34): columns, sorting by a column header (the parent keeps the sort,
 * usually in the address: ./filter-bar.tsx), row selection with a select-all of the page, and the
 * empty and loading states. Wide tables scroll sideways on a phone.
 */
function cellClass<Row>(c: Column<Row>): string | undefined {
  const names = [c.numeric ? 'adm-num' : '', c.hideOnPhone ? 'adm-kit-phone-hide' : '', c.className ?? ''];
  return names.filter(Boolean).join(' ') || undefined;
}

export function DataTable<Row, K extends string | number>({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  selection,
  loading = false,
  empty,
  label,
  className,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => K;
  sort?: SortState | undefined;
  onSort?: (column: string) => void;
  selection?: Selection<K> | undefined;
  loading?: boolean;
  empty?: ReactNode;
  label: string;
  className?: string;
}) {
  const locale = useAdminLocale();
  const keys = rows.map(rowKey);
  const chosen = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const all = chosen > 0 && chosen === keys.length;
  const some = chosen > 0 && !all;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  function toggle(key: K) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  }
  function toggleAll() {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const k of keys) {
      if (all) next.delete(k);
      else next.add(k);
    }
    selection.onChange(next);
  }

  if (!loading && rows.length === 0) {
    return (
      <p className="adm-muted adm-kit-empty" role="status">
        {empty ?? staffMessage('kit.empty', locale)}
      </p>
    );
  }
  return (
    <div className="adm-table-wrap" aria-busy={loading}>
      {loading ? (
        <p className="adm-kit-loading" role="status">
          {staffMessage('kit.loading', locale)}
        </p>
      ) : null}
      <table className={`adm-table adm-kit-table${className ? ` ${className}` : ''}`} aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="adm-kit-check">
                <input
                  ref={selectAll}
                  type="checkbox"
                  checked={all}
                  onChange={toggleAll}
                  aria-label={staffMessage('kit.select_all', locale)}
                />
              </th>
            ) : null}
            {columns.map((c) => {
              const active = sort?.column === c.key;
              const ariaSort = active ? (sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={c.sortable ? (ariaSort ?? 'none') : undefined}
                  className={cellClass(c)}
                >
                  {c.sortable && onSort ? (
                    <button type="button" className="adm-kit-sort" onClick={() => onSort(c.key)}>
                      {c.header}
                      <span aria-hidden="true" className="adm-kit-sort__mark">
                        {active ? (sort?.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const checked = selection?.selected.has(key) ?? false;
            return (
              <tr key={String(key)} className={checked ? 'adm-kit-row--selected' : undefined}>
                {selection ? (
                  <td className="adm-kit-check">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(key)}
                      aria-label={selection.label(key)}
                    />
                  </td>
                ) : null}
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.key} scope="row" className={cellClass(c)}>
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={cellClass(c)}>
                      {c.render(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
