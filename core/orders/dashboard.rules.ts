/** The dashboard's sales spans: the last 7, 30 or 90 days, each compared with the span just before it. */
export const salesSpans = [7, 30, 90] as const;
export type SalesSpan = (typeof salesSpans)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Moscow keeps UTC+3 all year: the shop's days (DECISIONS 15), as core/orders/dashboard.service.ts counts them. */
export const MOSCOW_OFFSET_HOURS = 3;
const MOSCOW_OFFSET_MS = MOSCOW_OFFSET_HOURS * HOUR_MS;

export interface SpanBounds {
  /** The first Moscow midnight of the span, `days - 1` days before today's. */
  from: Date;
  /** Now: the span ends with the day in progress. */
  to: Date;
  /** The span just before, of the same length: [from − days, to − days). */
  previousFrom: Date;
  previousTo: Date;
  /** The span's Moscow days, `YYYY-MM-DD`, oldest first. */
  days: string[];
}

/** The Moscow calendar day of an instant, `YYYY-MM-DD`. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `days` Moscow days up to `now` (today included), and the same length just before them. */
export function spanBounds(now: Date, days: SalesSpan): SpanBounds {
  const local = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  const todayStart =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - MOSCOW_OFFSET_MS;
  const from = new Date(todayStart - (days - 1) * DAY_MS);
  const shift = days * DAY_MS;
  return {
    from,
    to: now,
    previousFrom: new Date(from.getTime() - shift),
    previousTo: new Date(now.getTime() - shift),
    days: Array.from({ length: days }, (_, i) => moscowDay(new Date(from.getTime() + i * DAY_MS))),
  };
}

/**
 * The change from `previous` to `current` in percent, rounded to a whole percent; null when the
 * span before had nothing to compare with (a change from zero has no percentage).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The average order in kopecks, rounded to a whole kopeck; zero without orders. */
export function averageOrder(revenue: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(revenue / orders);
}

/** A share in percent with one decimal (12.5), zero when there is nothing to share. */
export function sharePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
