import { createContext, useContext } from 'react';

export type AdminLocale = 'ru' | 'en';

export const AdminLocaleContext = createContext<{
  locale: AdminLocale;
  setLocale: (locale: AdminLocale) => void;
}>({
  locale: 'ru',
  setLocale: () => {},
});

export function useAdminLocale(): AdminLocale {
  return useContext(AdminLocaleContext).locale;
}

/** `tr('Заказы', 'Orders')`: the back office's texts sit where they are used, in both languages. */
export function useTr(): (ru: string, en: string) => string {
  const locale = useAdminLocale();
  return (ru, en) => (locale === 'en' ? en : ru);
}

/** Money in kopecks (or cents) as the staff member reads it. */
export function formatMoney(minor: number, locale: AdminLocale, currency = 'RUB'): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    style: 'currency',
    currency,
    maximumFractionDigits: minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);
}

/** A moment in Moscow time (the shop's clock, DECISIONS 15). */
export function formatDateTime(value: string | Date, locale: AdminLocale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    timeZone: 'Europe/Moscow',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(value));
}
