import { pageLocale } from './staff-api.ts';

/** The editing chunk's own texts (never part of a shopper's dictionary), in the page's language. */
const texts = {
  ru: {
    bar: 'Редактирование',
    close: 'Закрыть',
  },
  en: {
    bar: 'Editing',
    close: 'Close',
  },
} as const;

export type StaffTextKey = keyof (typeof texts)['ru'];

export function st(key: StaffTextKey, params?: Record<string, string | number>): string {
  const text: string = texts[pageLocale()][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
