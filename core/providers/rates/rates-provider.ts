import type { ForeignCurrency } from '../../money.ts';

export interface DailyRates {
  /** The day the rates are set for, `YYYY-MM-DD` (Moscow). */
  date: string;
  /** Roubles per one unit, in ten-thousandths (92.5312 → 925312). */
  rates: Record<ForeignCurrency, number>;
}

/** A source of official rouble exchange rates (DECISIONS 7). */
export interface RatesProvider {
  readonly name: string;
  /** The rates in force on `date`; throws when the source cannot be reached or answers badly. */
  fetchDailyRates(date: string): Promise<DailyRates>;
}
