/** A `YYYY-MM-DD` day as `24 ноября` / `24 November`. */
export function formatDate(date: string, locale: 'ru' | 'en'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
