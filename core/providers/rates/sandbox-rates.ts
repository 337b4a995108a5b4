import type { DailyRates, RatesProvider } from './rates-provider.ts';

/**
 * Offline, deterministic rates for development and tests. The date `1999-01-01` fails, to exercise
 * the keep-the-last-rates path.
 */
export function createSandboxRatesProvider(): RatesProvider {
  return {
    name: 'sandbox',
    async fetchDailyRates(date: string): Promise<DailyRates> {
      if (date === '1999-01-01') throw new Error('Sandbox rates: the source is unreachable for 1999-01-01');
      return { date, rates: { USD: 925_312, EUR: 1_003_477, AED: 251_950 } };
    },
  };
}
