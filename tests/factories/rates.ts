import type { Db } from '../../core/db/client.ts';
import { currencyRates } from '../../core/db/schema/index.ts';

/** One day's rates of every foreign currency (roubles per unit): 92.5 per dollar, 100 per euro, 25.4 per dirham. */
export async function insertRates(db: Db, date = '2026-11-20') {
  await db.insert(currencyRates).values([
    { currency: 'USD', date, rate4: 925_000 },
    { currency: 'EUR', date, rate4: 1_000_000 },
    { currency: 'AED', date, rate4: 254_000 },
  ]);
}
