/**
 * The interface texts a shopper page needs at its first paint: the chrome (header, menu, footer,
 * the timed notices), the home, catalogue and product pages, and the error page. Each edition's
 * layout (app/routes/edition-ru.tsx, edition-en.tsx) brings only these, cut from the whole
 * dictionary at build time (`?first-paint`, vite.config.ts); the whole dictionary comes with the
 * pages that need more (app/routes/texts-ru.tsx, texts-en.tsx) and before any part that loads when
 * it is used (the cart, the cabinet, the search: `loadAllTexts` in ./index.ts).
 * docs/decisions/0049-first-load-split.md; app/i18n/first-paint.test.ts keeps the list honest.
 */
export const firstPaintGroups = [
  'meta',
  'header',
  'menu',
  'home',
  'catalog',
  'product',
  'suggest',
  'restock',
  'engage',
  'social',
  'footer',
  'error',
] as const;

const groups = new Set<string>(firstPaintGroups);

/**
 * Of the first-paint texts, those the page's shell hydrates with (the header, the menu, the error
 * page, the pages' meta tags): each edition's layout brings only these (`?first-paint`). The rest
 * (`?later-paint`) come with the parts of the page hydrated after the shell, the listing, the product
 * view, the footer and the notices (app/lib/later-hydrated.tsx), beside their code.
 */
export const shellGroups = ['meta', 'header', 'menu', 'error'] as const;
/** Single texts the shell needs from other groups: the catalogue's title and page number in meta tags. */
export const shellKeys = ['catalog.title', 'catalog.page'] as const;

const shell = new Set<string>(shellGroups);
const shellKeySet = new Set<string>(shellKeys);

/** Whether a text key is one the shell hydrates with. */
export function isShellKey(key: string): boolean {
  return shell.has(key.slice(0, key.indexOf('.'))) || shellKeySet.has(key);
}

/** The shell's part of a dictionary (`?first-paint`). */
export function shellTexts<T extends Record<string, string>>(dictionary: T): Partial<T> {
  return Object.fromEntries(Object.entries(dictionary).filter(([key]) => isShellKey(key))) as Partial<T>;
}

/** The first-paint texts outside the shell (`?later-paint`), for the parts hydrated after it. */
export function laterPaintTexts<T extends Record<string, string>>(dictionary: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(dictionary).filter(([key]) => isFirstPaintKey(key) && !isShellKey(key)),
  ) as Partial<T>;
}

/** Whether a text key belongs to the first-paint part (its group is the part before the first dot). */
export function isFirstPaintKey(key: string): boolean {
  return groups.has(key.slice(0, key.indexOf('.')));
}

/** The first-paint part of a dictionary. */
export function firstPaintTexts<T extends Record<string, string>>(dictionary: T): Partial<T> {
  return Object.fromEntries(Object.entries(dictionary).filter(([key]) => isFirstPaintKey(key))) as Partial<T>;
}
