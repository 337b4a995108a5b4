import type { Config } from '../config/env.ts';
import type { RatesProvider } from './rates/rates-provider.ts';
import { createSandboxRatesProvider } from './rates/sandbox-rates.ts';

export interface Providers {
  rates: RatesProvider;
}

/** The one place that turns configuration into provider instances. */
export function createProviders(config: Pick<Config, 'providers'>): Providers {
  return {
    rates: createRates(config.providers.rates),
  };
}

function createRates(kind: Config['providers']['rates']): RatesProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxRatesProvider();
  }
}
