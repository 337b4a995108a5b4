import { describe, expect, it } from 'vitest';
import { listingSearch, parseListingQuery, toggleSize } from './listing.rules.ts';

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
