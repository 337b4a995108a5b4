import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import type { SortState } from './data-table.tsx';

/**
 * A list's state kept in the page's address (issue 34): filters, sort and page survive a reload, a
 * shared link and the back button. `keys` are the filters the page knows; anything else is ignored.
 */
export function useListAddress<K extends string>(keys: readonly K[], defaultSort: SortState) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const sort: SortState = {
    column: params.get('sort') || defaultSort.column,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaultSort.dir,
  };
  const page = Math.max(1, Number(params.get('page')) || 1);

  /** The address with some values changed (empty ones removed); a new filter or sort starts at page 1. */
  function hrefWith(changes: Record<string, string | number | undefined>): string {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    const text = next.toString();
    return text ? `?${text}` : '?';
  }
  function setFilters(values: Partial<Record<K, string>>) {
    setParams(new URLSearchParams(hrefWith(values).slice(1)));
  }
  /** A header click: the same column turns round, another starts in its natural direction. */
  function toggleSort(column: string) {
    const dir = sort.column === column ? (sort.dir === 'asc' ? 'desc' : 'asc') : 'asc';
    setParams(new URLSearchParams(hrefWith({ sort: column, dir }).slice(1)));
  }
  function reset() {
    setParams(new URLSearchParams());
  }
  return { filters, sort, page, hrefWith, setFilters, toggleSort, reset };
}

/**
 * The filter form above a list: its named fields are read on «Найти» and written to the address
 * (./filter-bar.tsx `useListAddress`); «Сбросить» clears filters, sort and page.
 */
export function FilterBar<K extends string>({
  keys,
  onApply,
  onReset,
  children,
}: {
  keys: readonly K[];
  onApply: (values: Record<K, string>) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const locale = useAdminLocale();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply(Object.fromEntries(keys.map((k) => [k, String(data.get(k) ?? '').trim()])) as Record<K, string>);
  }
  return (
    <form className="adm-filters" onSubmit={submit} aria-label={staffMessage('kit.filters', locale)}>
      {children}
      <div className="adm-kit-filter-actions">
        <button type="submit" className="adm-btn adm-btn--primary">
          {staffMessage('kit.apply', locale)}
        </button>
        <button type="button" className="adm-btn" onClick={onReset}>
          {staffMessage('kit.reset', locale)}
        </button>
      </div>
    </form>
  );
}
