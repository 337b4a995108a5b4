/** Calendar days in the Moscow time zone (DECISIONS 15), as `YYYY-MM-DD` strings. */

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

/** The calendar day in Moscow at `now`. */
export function moscowDate(now: Date): string {
  return moscowDay.format(now);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** checkout.md §5: the delivery date is required and the earliest is tomorrow, Moscow time. */
export function earliestDeliveryDate(now: Date): string {
  return addDays(moscowDate(now), 1);
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
