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

export const LocaleContext = createContext<Locale>('ru');

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT() {
  const locale = useLocale();
  return (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
}
