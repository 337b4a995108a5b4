import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { CarrierProvider, InternationalCarrierProvider } from './carriers/carrier-provider.ts';
import { createSandboxBoxberry } from './carriers/sandbox-boxberry.ts';
import { createSandboxCdek } from './carriers/sandbox-cdek.ts';
import { createSandboxDhl } from './carriers/sandbox-dhl.ts';
import type { CrmProvider } from './crm/crm-provider.ts';
import { createSandboxCrm } from './crm/sandbox-crm.ts';
import type { EmailProvider } from './email/email-provider.ts';
import { createSandboxEmail } from './email/sandbox-email.ts';
import type { GeocoderProvider } from './geocoder/geocoder-provider.ts';
import { createSandboxGeocoder } from './geocoder/sandbox-geocoder.ts';
import type { MailingProvider } from './mailing/mailing-provider.ts';
import { createSandboxMailing } from './mailing/sandbox-mailing.ts';
import type { OutboxWriter } from './outbox.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxPayments, type SandboxPayments } from './payments/sandbox-payments.ts';
import { createTbankPayments, type TbankPayments } from './payments/tbank-payments.ts';
import type { RatesProvider } from './rates/rates-provider.ts';
import { createSandboxRatesProvider } from './rates/sandbox-rates.ts';
import { createSandboxSms } from './sms/sandbox-sms.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { createBotApiTelegram } from './telegram/bot-api-telegram.ts';
import { createSandboxTelegram } from './telegram/sandbox-telegram.ts';
import type { TelegramProvider } from './telegram/telegram-provider.ts';
import { guardProviders, PROVIDER_TIMEOUT_MS, type ProviderFailureListener } from './timeout.ts';

export interface Providers {
  rates: RatesProvider;
  crm: CrmProvider;
  mailing: MailingProvider;
  /** The domestic carriers, by the spec's carrier names. */
  carriers: { sdek: CarrierProvider; boxberry: CarrierProvider };
  internationalCarrier: InternationalCarrierProvider;
  geocoder: GeocoderProvider;
  /**
   * The payment provider, the sandbox's own page handlers when it is the sandbox, and T-Bank's
   * notification check (its protocol's answer) when it is T-Bank.
   */
  payments: { provider: PaymentProvider; sandbox: SandboxPayments | null; tbank?: TbankPayments | null };
  /** Sign-in codes by call or SMS. */
  sms: SmsProvider;
  /** Transactional e-mail (passwords). */
  email: EmailProvider;
  /** The shop's Telegram chat (new paid orders): the Bot API when configured, else the outbox. */
  telegram: TelegramProvider;
}

/**
 * The one place that turns configuration into provider instances. Every third-party call is cut
 * off after `timeoutMs` (ProviderTimeoutError, answered 503), so a provider that hangs never
 * holds a shopper's request; `onFailure` hears of every call that rejected or timed out (metrics).
 */
export function createProviders(
  config: Pick<Config, 'providers' | 'paymentSandboxSecret'> &
    Partial<Pick<Config, 'tbank' | 'publicUrl' | 'telegram'>>,
  { outbox, db }: { outbox: OutboxWriter; db: Db },
  {
    timeoutMs = PROVIDER_TIMEOUT_MS,
    onFailure,
  }: { timeoutMs?: number; onFailure?: ProviderFailureListener } = {},
): Providers {
  return guardProviders<Providers>(
    {
      rates: createRates(config.providers.rates),
      crm: createCrm(config.providers.crm, outbox),
      mailing: createMailing(config.providers.mailing, outbox),
      carriers: createCarriers(config.providers.carriers),
      internationalCarrier: createInternationalCarrier(config.providers.internationalCarrier),
      geocoder: createGeocoder(config.providers.geocoder),
      payments: createPayments(config, db),
      sms: createSms(config.providers.sms, outbox),
      email: createEmail(config.providers.email, outbox),
      telegram: config.telegram ? createBotApiTelegram(config.telegram) : createSandboxTelegram(outbox),
    },
    timeoutMs,
    onFailure,
  );
}

function createPayments(
  config: Pick<Config, 'providers' | 'paymentSandboxSecret'> & Partial<Pick<Config, 'tbank' | 'publicUrl'>>,
  db: Db,
): Providers['payments'] {
  switch (config.providers.payments) {
    case 'sandbox': {
      const sandbox = createSandboxPayments({ db, secret: config.paymentSandboxSecret });
      return { provider: sandbox.provider, sandbox, tbank: null };
    }
    case 'tbank': {
      // loadConfig refuses tbank without its credentials, naming the variable.
      if (!config.tbank || !config.publicUrl) throw new Error('PAYMENTS_PROVIDER=tbank needs its terminal');
      const tbank = createTbankPayments({ ...config.tbank, publicUrl: config.publicUrl });
      return { provider: tbank.provider, sandbox: null, tbank };
    }
  }
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

function createCarriers(kind: Config['providers']['carriers']): Providers['carriers'] {
  switch (kind) {
    case 'sandbox':
      return { sdek: createSandboxCdek(), boxberry: createSandboxBoxberry() };
  }
}

function createInternationalCarrier(
  kind: Config['providers']['internationalCarrier'],
): InternationalCarrierProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxDhl();
  }
}

function createGeocoder(kind: Config['providers']['geocoder']): GeocoderProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxGeocoder();
  }
}

function createSms(kind: Config['providers']['sms'], outbox: OutboxWriter): SmsProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxSms(outbox);
  }
}

function createEmail(kind: Config['providers']['email'], outbox: OutboxWriter): EmailProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxEmail(outbox);
  }
}
