import type { Localized } from '../i18n.ts';

export interface MenuEntry {
  name: string;
  path: string;
  isRed: boolean;
}

/** catalogue.md §2: menu rows = floor((top categories + prefix items) / 2) + 1. */
export function globalMenuRows(topCategories: number, prefixItems: number): number {
  return Math.floor((topCategories + prefixItems) / 2) + 1;
}

/** The catalogue column of the global menu: prefix items from settings first, then top-level categories. */
export function catalogueMenuEntries(
  prefix: { name: Localized; path: string; isRed: boolean }[],
  topCategories: { slug: string; name: Localized }[],
  locale: 'ru' | 'en',
): MenuEntry[] {
  const base = locale === 'en' ? '/en' : '';
  return [
    ...prefix.map((p) => ({
      name: p.name[locale] || p.name.ru,
      path: localizePath(p.path, locale),
      isRed: p.isRed,
    })),
    ...topCategories.map((c) => ({
      name: c.name[locale] || c.name.ru,
      path: `${base}/catalog/${c.slug}`,
      isRed: false,
    })),
  ];
}

/**
 * Menu paths from settings are written for the Russian edition; the English edition prefixes `/en`.
 * A path with a `collection` query is rewritten to `/catalog/collection/{slug}` (catalogue.md §2).
 */
export function localizePath(path: string, locale: 'ru' | 'en'): string {
  if (/^[a-z]+:/i.test(path)) return path;
  let local = path;
  const query = path.indexOf('?');
  if (query >= 0) {
    const params = new URLSearchParams(path.slice(query + 1));
    const collection = params.get('collection');
    if (collection) local = `/catalog/collection/${encodeURIComponent(collection)}`;
  }
  if (locale === 'ru') return local;
  return local === '/' ? '/en' : `/en${local.startsWith('/') ? '' : '/'}${local}`;
}
