import { createContext, useContext } from 'react';
import type { Locale } from '../../core/i18n.ts';
import { en } from './en.ts';
import { type MessageKey, ru } from './ru.ts';

export type { MessageKey };

const dictionaries: Record<Locale, Record<MessageKey, string>> = { ru, en };

/** Looks a text up and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

type CountedKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

/** A counted text in the language's plural form (Intl.PluralRules): 1 товар, 3 товара, 5 товаров. */
export function translateCount(locale: Locale, key: CountedKey, count: number): string {
  const rule = new Intl.PluralRules(locale).select(count);
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
