export const locales = ['ru', 'en'] as const;
export type Locale = (typeof locales)[number];

export interface Localized {
  ru: string;
  en: string;
}

/** The edition a path belongs to: English under `/en`, Russian at the root (DECISIONS 2). */
export function localeFromPath(pathname: string): Locale {
  // React Router's data requests add `.data` (`/en.data` for `/en`).
  const path = pathname.replace(/\.data$/, '');
  return path === '/en' || path.startsWith('/en/') ? 'en' : 'ru';
}

/** The same page in the other edition, for hreflang and the edition switch. */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = localeFromPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname;
  if (locale === 'ru') return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

export function pick(text: Localized, locale: Locale): string {
  return text[locale] || text.ru;
}
