import { moscowDate } from '../delivery/dates.rules.ts';

export { moscowDate };

import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { currencyRates } from '../db/schema/index.ts';
import { type ForeignCurrency, foreignCurrencies } from '../money.ts';
import type { RatesProvider } from '../providers/rates/rates-provider.ts';

export type RatesTable = Record<ForeignCurrency, number>;

export function createRatesService({
  db,
  provider,
  clock,
}: {
  db: Db;
  provider: RatesProvider;
  clock: () => Date;
}) {
  /** The newest stored rate of each currency, or null when any currency has none yet. */
  async function getLatestRates(): Promise<{ date: string; rates: RatesTable } | null> {
    const rates: Partial<RatesTable> = {};
    let date = '';
    for (const currency of foreignCurrencies) {
      const [row] = await db
        .select()
        .from(currencyRates)
        .where(eq(currencyRates.currency, currency))
        .orderBy(desc(currencyRates.date))
        .limit(1);
      if (!row) return null;
      rates[currency] = row.rate4;
      if (row.date > date) date = row.date;
    }
    return { date, rates: rates as RatesTable };
  }

  /**
   * Fetches today's rates and stores them; on failure keeps the last stored ones (DECISIONS 7).
   * Returns whether a refresh happened.
   */
  async function refreshRates(): Promise<{ refreshed: boolean; error?: string }> {
    const today = moscowDate(clock());
    try {
      const fetched = await provider.fetchDailyRates(today);
      for (const currency of foreignCurrencies) {
        const rate = fetched.rates[currency];
        if (!Number.isInteger(rate) || rate <= 0)
          throw new Error(`Bad ${currency} rate from ${provider.name}: ${rate}`);
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(fetched.date)) throw new Error(`Bad rates date from ${provider.name}`);
      // All currencies of a day or none: never a mix of days.
      await db.transaction(async (tx) => {
        for (const currency of foreignCurrencies) {
          await tx
            .insert(currencyRates)
            .values({ currency, date: fetched.date, rate4: fetched.rates[currency] })
            .onConflictDoUpdate({
              target: [currencyRates.currency, currencyRates.date],
              set: { rate4: fetched.rates[currency], fetchedAt: clock() },
            });
        }
      });
      return { refreshed: true };
    } catch (error) {
      return { refreshed: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  return { getLatestRates, refreshRates };
}

export type RatesService = ReturnType<typeof createRatesService>;
