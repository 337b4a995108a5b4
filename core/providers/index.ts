import type { Config } from '../config/env.ts';
import type { CrmProvider } from './crm/crm-provider.ts';
import { createSandboxCrm } from './crm/sandbox-crm.ts';
import type { MailingProvider } from './mailing/mailing-provider.ts';
import { createSandboxMailing } from './mailing/sandbox-mailing.ts';
import type { OutboxWriter } from './outbox.ts';
import type { RatesProvider } from './rates/rates-provider.ts';
import { createSandboxRatesProvider } from './rates/sandbox-rates.ts';

export interface Providers {
  rates: RatesProvider;
  crm: CrmProvider;
  mailing: MailingProvider;
}

/** The one place that turns configuration into provider instances. */
export function createProviders(
  config: Pick<Config, 'providers'>,
  { outbox }: { outbox: OutboxWriter },
): Providers {
  return {
    rates: createRates(config.providers.rates),
    crm: createCrm(config.providers.crm, outbox),
    mailing: createMailing(config.providers.mailing, outbox),
  };
}

function createRates(kind: Config['providers']['rates']): RatesProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxRatesProvider();
  }
}

function createCrm(kind: Config['providers']['crm'], outbox: OutboxWriter): CrmProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxCrm(outbox);
  }
}

function createMailing(kind: Config['providers']['mailing'], outbox: OutboxWriter): MailingProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxMailing(outbox);
  }
}
