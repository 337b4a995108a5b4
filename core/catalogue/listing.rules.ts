export const listingSorts = ['default', 'new', 'price-asc', 'price-desc'] as const;
export type ListingSort = (typeof listingSorts)[number];
export const LISTING_PAGE_SIZE = 24;
/** The last page a link may name (four digits: 239,976 products at 24 a page). */
export const MAX_PAGE = 9999;

export interface ListingQuery {
  sizes: string[];
  availableOnly: boolean;
  saleOnly: boolean;
  sort: ListingSort;
  page: number;
}

const isSort = (v: string | null): v is ListingSort =>
  (listingSorts as readonly (string | null)[]).includes(v);

function parsePage(v: string | null): number {
  if (v === null || !/^\d{1,4}$/.test(v)) return 1;
  const n = Number(v);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

// Browser-safe: no zod here, the catalogue page ships this to every visitor.

/**
 * Reads the catalogue query (`size` repeated, `avail`, `sale`, `sort`, `page`). A bad value is
 * ignored, never an error (a shared link with a stale parameter still shows the catalogue).
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sizes = [...new Set(params.getAll('size').filter((s) => s !== '' && s.length <= 20))].slice(0, 20);
  const sort = params.get('sort');
  const flag = (name: string) => ['1', 'true', 'on'].includes(params.get(name) ?? '');
  return {
    sizes,
    availableOnly: flag('avail'),
    saleOnly: flag('sale'),
    sort: isSort(sort) ? sort : 'default',
    page: parsePage(params.get('page')),
  };
}

/** The query string for a listing state, dropping defaults, so links stay short and canonical. */
export function listingSearch(q: ListingQuery): string {
  const params = new URLSearchParams();
  for (const s of q.sizes) params.append('size', s);
  if (q.availableOnly) params.set('avail', '1');
  if (q.saleOnly) params.set('sale', '1');
  if (q.sort !== 'default') params.set('sort', q.sort);
  if (q.page > 1) params.set('page', String(q.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** catalogue.md §2: the size filter toggles a value on and off; a filter change returns to page 1. */
export function toggleSize(q: ListingQuery, size: string): ListingQuery {
  const sizes = q.sizes.includes(size) ? q.sizes.filter((s) => s !== size) : [...q.sizes, size];
  return { ...q, sizes, page: 1 };
}

/**
 * The page numbers a listing's pager links: the first, the last, and the current one with its
 * neighbours, `null` standing for the pages skipped between them (a gap of one page shows that
 * page instead). A catalogue of 100,000 products has over 4,000 pages; linking each one made the
 * catalogue page half a megabyte.
 */
export function pagerItems(current: number, pages: number): (number | null)[] {
  const last = Math.min(pages, MAX_PAGE);
  if (last <= 1) return [];
  const shown = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of sorted) {
    const previous = items.length > 0 ? sorted[sorted.indexOf(n) - 1] : undefined;
    if (previous !== undefined && n - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) items.push(null);
    items.push(n);
  }
  return items;
}
