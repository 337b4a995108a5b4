import { createContext, useContext } from 'react';
import type { Locale } from '../../core/i18n.ts';
import type { MessageKey } from './ru.ts';

export type { MessageKey };

/**
 * The texts this page has. A browser gets only its edition's: each edition's layout route
 * (app/routes/edition-ru.tsx, edition-en.tsx) brings its first-paint texts, the pages that need more
 * and the parts that load when they are used bring the whole dictionary; the server registers both
 * editions' whole dictionaries (app/entry.server.tsx). A part adds to what is there, never replaces it.
 * docs/decisions/0017-first-paint-and-first-start.md, docs/decisions/0049-first-load-split.md
 */
const dictionaries: Partial<Record<Locale, Partial<Record<MessageKey, string>>>> = {};

export function registerDictionary(locale: Locale, dictionary: Partial<Record<MessageKey, string>>) {
  dictionaries[locale] = { ...dictionaries[locale], ...dictionary };
}

const whole: Partial<Record<Locale, Promise<void>>> = {};

/**
 * Brings the edition's whole dictionary (once): a part that loads when it is used awaits this beside
 * its own code, so it never shows a key for a text the first paint left out.
 */
export function loadAllTexts(locale: Locale = documentLocale()): Promise<void> {
  whole[locale] ??= (
    locale === 'en'
      ? import('./en.ts').then((m) => registerDictionary('en', m.en))
      : import('./ru.ts').then((m) => registerDictionary('ru', m.ru))
  ).catch((error: unknown) => {
    whole[locale] = undefined;
    throw error;
  });
  return whole[locale];
}

const later: Partial<Record<Locale, Promise<void>>> = {};

/**
 * Brings the edition's first-paint texts that the shell leaves out (once): the parts of the page
 * hydrated after the shell await this beside their code (app/lib/later-hydrated.tsx). On the server
 * every text is there already.
 */
export function loadLaterPaintTexts(locale: Locale = documentLocale()): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  later[locale] ??= (
    locale === 'en'
      ? import('./en.ts?later-paint').then((m) => registerDictionary('en', m.default))
      : import('./ru.ts?later-paint').then((m) => registerDictionary('ru', m.default))
  ).catch((error: unknown) => {
    later[locale] = undefined;
    throw error;
  });
  return later[locale];
}

function documentLocale(): Locale {
  return typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'ru';
}

/**
 * Staff texts that replace built-in ones (the back office's Texts page), one edition's at a time,
 * sent with the root loader's data (docs/decisions/0027-content-back-office.md).
 */
const overrides: Partial<Record<Locale, Readonly<Record<string, string>>>> = {};

/** Puts an edition's overrides in place; called as the document renders, on the server and in the browser. */
export function applyTextOverrides(locale: Locale, texts: Readonly<Record<string, string>> | undefined) {
  if (texts) overrides[locale] = texts;
}

/** Looks a text up and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  // A page outside both editions that did not bring its dictionary shows the key, never throws.
  const text =
    overrides[locale]?.[key] ?? (dictionaries[locale] ?? dictionaries.ru ?? dictionaries.en)?.[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

type CountedKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

/** A counted text in the language's plural form (Intl.PluralRules): 1 товар, 3 товара, 5 товаров. */
export function translateCount(locale: Locale, key: CountedKey, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const rule = rules.select(count);
  const form = (['one', 'few', 'many'].includes(rule) ? rule : 'other') as 'one' | 'few' | 'many' | 'other';
  return translate(locale, `${key}.${form}` as MessageKey, {
    count: count.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US'),
  });
}

export const LocaleContext = createContext<Locale>('ru');

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT() {
  const locale = useLocale();
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  t.count = (key: CountedKey, count: number) => translateCount(locale, key, count);
  return t;
}
