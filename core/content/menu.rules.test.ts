import { describe, expect, it } from 'vitest';
import { catalogueMenuEntries, globalMenuRows, localizePath } from './menu.rules.ts';

describe('globalMenuRows (catalogue.md §2)', () => {
  it('is floor((top categories + prefix items) / 2) + 1', () => {
    expect(globalMenuRows(9, 3)).toBe(7);
    expect(globalMenuRows(8, 3)).toBe(6);
    expect(globalMenuRows(0, 0)).toBe(1);
  });
});

describe('catalogueMenuEntries', () => {
  const prefix = [
    { name: { ru: 'Новинки', en: 'New in' }, path: '/catalog?sort=new', isRed: false },
    { name: { ru: 'Sale', en: '' }, path: '/catalog?sale=1', isRed: true },
  ];
  const tops = [{ slug: 'dresses', name: { ru: 'Платья', en: 'Dresses' } }];

  it('lists prefix items first, red ones marked, then top categories', () => {
    expect(catalogueMenuEntries(prefix, tops, 'ru')).toEqual([
      { name: 'Новинки', path: '/catalog?sort=new', isRed: false },
      { name: 'Sale', path: '/catalog?sale=1', isRed: true },
      { name: 'Платья', path: '/catalog/dresses', isRed: false },
    ]);
  });

  it('prefixes English paths with /en and falls back to the Russian name', () => {
    const en = catalogueMenuEntries(prefix, tops, 'en');
    expect(en.map((e) => e.path)).toEqual([
      '/en/catalog?sort=new',
      '/en/catalog?sale=1',
      '/en/catalog/dresses',
    ]);
    expect(en[1]?.name).toBe('Sale');
  });
});

describe('localizePath', () => {
  it('rewrites a collection query to the collection route', () => {
    expect(localizePath('/catalog?collection=autumn', 'ru')).toBe('/catalog/collection/autumn');
    expect(localizePath('/catalog?collection=autumn', 'en')).toBe('/en/catalog/collection/autumn');
  });

  it('leaves absolute links alone and maps the root', () => {
    expect(localizePath('https://t.me/shop', 'en')).toBe('https://t.me/shop');
    expect(localizePath('/', 'en')).toBe('/en');
  });
});
