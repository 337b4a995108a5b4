import { describe, expect, it } from 'vitest';
import { listingSearch, MAX_PAGE, pagerItems, parseListingQuery, toggleSize } from './listing.rules.ts';

const parse = (qs: string) => parseListingQuery(new URLSearchParams(qs));

describe('parseListingQuery', () => {
  it('reads sizes, availability, sale, sort and page', () => {
    expect(parse('size=M&size=L&avail=1&sale=1&sort=price-asc&page=3')).toEqual({
      sizes: ['M', 'L'],
      availableOnly: true,
      saleOnly: true,
      sort: 'price-asc',
      page: 3,
    });
  });

  it('ignores bad values instead of failing', () => {
    expect(parse('sort=cheapest&page=-2&page=abc&size=&avail=maybe')).toEqual({
      sizes: [],
      availableOnly: false,
      saleOnly: false,
      sort: 'default',
      page: 1,
    });
    expect(parse('page=999999').page).toBe(1);
    expect(parse(`size=${'x'.repeat(50)}`).sizes).toEqual([]);
  });

  it('drops repeated sizes', () => {
    expect(parse('size=M&size=M').sizes).toEqual(['M']);
  });
});

describe('listing links', () => {
  it('writes only what differs from the defaults', () => {
    expect(listingSearch(parse(''))).toBe('');
    expect(listingSearch(parse('sort=new&page=2&size=S'))).toBe('?size=S&sort=new&page=2');
  });

  it('toggles a size on and off and goes back to page 1', () => {
    const on = toggleSize(parse('page=4'), 'M');
    expect(on).toMatchObject({ sizes: ['M'], page: 1 });
    expect(toggleSize(on, 'M').sizes).toEqual([]);
  });
});

describe('pagerItems', () => {
  it('links every page of a short listing', () => {
    expect(pagerItems(1, 1)).toEqual([]);
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('links the first, the last and the current page with its neighbours, with gaps between', () => {
    expect(pagerItems(1, 4167)).toEqual([1, 2, null, 4167]);
    expect(pagerItems(50, 4167)).toEqual([1, null, 49, 50, 51, null, 4167]);
    expect(pagerItems(4167, 4167)).toEqual([1, null, 4166, 4167]);
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(pagerItems(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9]);
    expect(pagerItems(6, 9)).toEqual([1, null, 5, 6, 7, 8, 9]);
  });

  it('never links past the last page a link may name', () => {
    expect(pagerItems(1, 20_000).at(-1)).toBe(MAX_PAGE);
    expect(parse(`page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
  });
});
