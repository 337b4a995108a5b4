import { SANDBOX_CARRIERS } from '../config/carriers-env.ts';
import type { CommsConfig, Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { createMediaStore } from '../media/index.ts';
import type { MediaStore } from '../media/media-store.ts';
import { routePayments } from '../payments/payment-router.ts';
import type { AddressSuggestProvider } from './address-suggest/address-suggest-provider.ts';
import { createDadataAddressSuggest } from './address-suggest/dadata-address-suggest.ts';
import { createSandboxAddressSuggest } from './address-suggest/sandbox-address-suggest.ts';
import { createBoxberryCarrier } from './carriers/boxberry.ts';
import type { CarrierProvider, InternationalCarrierProvider } from './carriers/carrier-provider.ts';
import { createCdekCarrier } from './carriers/cdek.ts';
import { createDhlCarrier } from './carriers/dhl.ts';
import { createSandboxBoxberry } from './carriers/sandbox-boxberry.ts';
import { createSandboxCdek } from './carriers/sandbox-cdek.ts';
import { createSandboxDhl } from './carriers/sandbox-dhl.ts';
import { createAmocrm } from './crm/amocrm-crm.ts';
import { createBitrix24Crm } from './crm/bitrix24-crm.ts';
import type { CrmProvider } from './crm/crm-provider.ts';
import { createSandboxCrm } from './crm/sandbox-crm.ts';
import { createWebhookCrm } from './crm/webhook-crm.ts';
import type { EmailProvider } from './email/email-provider.ts';
import { createSandboxEmail } from './email/sandbox-email.ts';
import { createSmtpEmail } from './email/smtp-email.ts';
import type { GeocoderProvider } from './geocoder/geocoder-provider.ts';
import { createSandboxGeocoder } from './geocoder/sandbox-geocoder.ts';
import { createYandexGeocoder } from './geocoder/yandex-geocoder.ts';
import type { MailingProvider } from './mailing/mailing-provider.ts';
import { createSandboxMailing } from './mailing/sandbox-mailing.ts';
import { createSendpulseMailing } from './mailing/sendpulse-mailing.ts';
import type { OutboxWriter } from './outbox.ts';
import { createDolyamePayments, type DolyamePayments } from './payments/dolyame-payments.ts';
import { createFormaPayments } from './payments/forma-payments.ts';
import type { PaymentKind, PaymentProvider } from './payments/payment-provider.ts';
import { createSandboxPayments, type SandboxPayments } from './payments/sandbox-payments.ts';
import { createTbankPayments } from './payments/tbank-payments.ts';
import { createYandexPayPayments } from './payments/yandex-pay-payments.ts';
import { createCbrRatesProvider } from './rates/cbr-rates.ts';
import type { RatesProvider } from './rates/rates-provider.ts';
import { createSandboxRatesProvider } from './rates/sandbox-rates.ts';
import { createSandboxSms } from './sms/sandbox-sms.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { createSmsruSms } from './sms/smsru-sms.ts';
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
  /** Street-address suggestions of the checkout's courier address field. */
  addressSuggest: AddressSuggestProvider;
  /**
   * The payment provider (every configured provider behind one, their notifications included:
   * `handleNotification`), and the sandbox's own page handlers when the sandbox takes a method.
   */
  payments: {
    provider: PaymentProvider;
    sandbox: SandboxPayments | null;
    /** Dolyame's client, when it takes BNPL: its mutual-TLS connections are closed with the shop. */
    dolyame?: DolyamePayments | null;
  };
  /** Sign-in codes by call or SMS. */
  sms: SmsProvider;
  /** Transactional e-mail (passwords). */
  email: EmailProvider;
  /** The shop's Telegram chat (new paid orders): the Bot API when configured, else the outbox. */
  telegram: TelegramProvider;
  /** Photos, videos and page images: a folder or an S3-compatible bucket (DECISIONS 38). */
  media: MediaStore;
}

/**
 * The one place that turns configuration into provider instances. Every third-party call is cut
 * off after `timeoutMs` (ProviderTimeoutError, answered 503), so a provider that hangs never
 * holds a shopper's request; `onFailure` hears of every call that rejected or timed out (metrics).
 */
export function createProviders(
  config: Pick<Config, 'providers' | 'paymentSandboxSecret' | 'media'> &
    Partial<
      Pick<
        Config,
        | 'tbank'
        | 'publicUrl'
        | 'telegram'
        | 'comms'
        | 'carriers'
        | 'payments'
        | 'dolyame'
        | 'forma'
        | 'yandexPay'
      >
    >,
  { outbox, db }: { outbox: OutboxWriter; db: Db },
  {
    timeoutMs = PROVIDER_TIMEOUT_MS,
    onFailure,
  }: { timeoutMs?: number; onFailure?: ProviderFailureListener } = {},
): Providers {
  const guarded = guardProviders<Omit<Providers, 'media'>>(
    {
      rates: createRates(config.providers.rates, config.comms),
      crm: createCrm(config.providers.crm, outbox, config.comms),
      mailing: createMailing(config.providers.mailing, outbox, config.comms),
      ...createCarriers(config.carriers ?? SANDBOX_CARRIERS, onFailure),
      geocoder: createGeocoder(config.providers.geocoder, config.comms),
      addressSuggest: createAddressSuggest(config.providers.addressSuggest, config.comms),
      payments: createPayments(config, db),
      sms: createSms(config.providers.sms, outbox, config.comms),
      email: createEmail(config.providers.email, outbox, config.comms),
      telegram: config.telegram ? createBotApiTelegram(config.telegram) : createSandboxTelegram(outbox),
    },
    timeoutMs,
    onFailure,
  );
  // The shop's own storage: an upload or a video stream is not cut off at the providers' deadline.
  return { ...guarded, media: createMediaStore(config.media) };
}

/**
 * Each kind of payment on its configured provider (docs/decisions/0030-more-payment-methods.md):
 * the sandbox, T-Bank for cards, Yandex Pay for the wallet and Split; a method switched off has none.
 */
function createPayments(
  config: Pick<Config, 'providers' | 'paymentSandboxSecret'> &
    Partial<Pick<Config, 'tbank' | 'publicUrl' | 'payments' | 'dolyame' | 'forma' | 'yandexPay'>>,
  db: Db,
): Providers['payments'] {
  const shorthand = config.providers.payments === 'tbank' ? 'off' : 'sandbox';
  const methods = config.payments ?? {
    card: config.providers.payments,
    sbp: 'off',
    split: shorthand,
    instalment: shorthand,
    bnpl: shorthand,
  };
  const usesSandbox = Object.values(methods).includes('sandbox');
  // The sandbox takes every kind but SBP, which it takes only when PAYMENTS_SBP=sandbox.
  const sandbox = usesSandbox
    ? createSandboxPayments({
        db,
        secret: config.paymentSandboxSecret,
        ...(methods.sbp === 'sandbox' ? {} : { kinds: ['card', 'split', 'instalment', 'bnpl', 'phone'] }),
      })
    : null;
  // loadConfig refuses a real provider without its credentials, naming the variable.
  const tbank =
    methods.card === 'tbank' || methods.sbp === 'tbank'
      ? createTbankPayments({
          ...need(config.tbank, methods.card === 'tbank' ? 'PAYMENTS_CARD=tbank' : 'PAYMENTS_SBP=tbank'),
          publicUrl: need(config.publicUrl, 'PUBLIC_URL'),
        })
      : null;
  const dolyame =
    methods.bnpl === 'dolyame'
      ? createDolyamePayments({
          ...need(config.dolyame, 'PAYMENTS_BNPL=dolyame'),
          publicUrl: need(config.publicUrl, 'PUBLIC_URL'),
        })
      : null;
  const forma =
    methods.instalment === 'forma'
      ? createFormaPayments({
          ...need(config.forma, 'PAYMENTS_INSTALMENT=forma'),
          publicUrl: need(config.publicUrl, 'PUBLIC_URL'),
        })
      : null;
  const yandexPay =
    methods.split === 'yandex-pay'
      ? createYandexPayPayments({
          ...need(config.yandexPay, 'PAYMENTS_SPLIT=yandex-pay'),
          publicUrl: need(config.publicUrl, 'PUBLIC_URL'),
        })
      : null;
  const byKind: Partial<Record<PaymentKind, PaymentProvider>> = {};
  const take = (kind: PaymentKind, choice: string) => {
    if (choice === 'sandbox' && sandbox) byKind[kind] = sandbox.provider;
    if (choice === 'tbank' && tbank) byKind[kind] = tbank.provider;
    if (choice === 'dolyame' && dolyame) byKind[kind] = dolyame.provider;
    if (choice === 'forma' && forma) byKind[kind] = forma.provider;
    if (choice === 'yandex-pay' && yandexPay) byKind[kind] = yandexPay.provider;
  };
  take('card', methods.card);
  take('sbp', methods.sbp);
  take('split', methods.split);
  take('instalment', methods.instalment);
  take('bnpl', methods.bnpl);
  // Every method on the sandbox: the sandbox itself (it takes every kind, its own pay-by-another-person).
  // SBP off does not count: it is opt-in (docs/decisions/0036-sbp-and-two-stage-payments.md).
  const allSandbox =
    sandbox !== null &&
    Object.entries(methods).every(
      ([kind, choice]) => choice === 'sandbox' || (kind === 'sbp' && choice === 'off'),
    );
  const provider = allSandbox ? sandbox.provider : routePayments(byKind);
  return { provider, sandbox, dolyame };
}

/** loadConfig refuses a real provider without its credentials, naming the variable; this is the backstop. */
function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} needs its configuration`);
  return value;
}

function createRates(kind: Config['providers']['rates'], comms?: CommsConfig): RatesProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxRatesProvider();
    case 'cbr':
      return createCbrRatesProvider({ url: comms?.cbr.url ?? 'https://www.cbr.ru/scripts/XML_daily.asp' });
  }
}

function createCrm(kind: Config['providers']['crm'], outbox: OutboxWriter, comms?: CommsConfig): CrmProvider {
  if (kind === 'sandbox') return createSandboxCrm(outbox);
  const crm = need(comms?.crm, `CRM_PROVIDER=${kind}`);
  switch (crm.kind) {
    case 'bitrix24':
      return createBitrix24Crm(crm);
    case 'amocrm':
      return createAmocrm(crm);
    case 'webhook':
      return createWebhookCrm(crm);
  }
}

function createMailing(
  kind: Config['providers']['mailing'],
  outbox: OutboxWriter,
  comms?: CommsConfig,
): MailingProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxMailing(outbox);
    case 'sendpulse':
      return createSendpulseMailing(need(comms?.sendpulse, 'MAILING_PROVIDER=sendpulse'));
  }
}

/**
 * CDEK, Boxberry and DHL Express, each the sandbox or its real adapter (docs/decisions/0025-real-carriers.md).
 * Boxberry knows the shop's cities through the first carrier's directory (the shop's city codes are
 * CDEK's). A price that fails is answered as "cannot deliver" by the adapter and reported here.
 */
function createCarriers(
  config: NonNullable<Config['carriers']>,
  onFailure?: ProviderFailureListener,
): Pick<Providers, 'carriers' | 'internationalCarrier'> {
  const onError = (error: unknown, what: string) => onFailure?.('carriers', what, error);
  const onDhlError = (error: unknown, what: string) => onFailure?.('internationalCarrier', what, error);
  const sdek =
    config.cdek.kind === 'cdek' ? createCdekCarrier({ ...config.cdek, onError }) : createSandboxCdek();
  const boxberry =
    config.boxberry.kind === 'boxberry'
      ? createBoxberryCarrier({
          token: config.boxberry.token,
          apiUrl: config.boxberry.apiUrl,
          targetStart: config.boxberry.targetStart ?? undefined,
          cities: sdek,
          onError,
        })
      : createSandboxBoxberry();
  const dhl =
    config.dhl.kind === 'dhl' ? createDhlCarrier({ ...config.dhl, onError: onDhlError }) : createSandboxDhl();
  return { carriers: { sdek, boxberry }, internationalCarrier: dhl };
}

function createGeocoder(kind: Config['providers']['geocoder'], comms?: CommsConfig): GeocoderProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxGeocoder();
    case 'yandex':
      return createYandexGeocoder(need(comms?.yandexGeocoder, 'GEOCODER_PROVIDER=yandex'));
  }
}

function createAddressSuggest(
  kind: Config['providers']['addressSuggest'] | undefined,
  comms?: CommsConfig,
): AddressSuggestProvider {
  switch (kind ?? 'sandbox') {
    case 'sandbox':
      return createSandboxAddressSuggest();
    case 'dadata':
      return createDadataAddressSuggest(need(comms?.dadata, 'ADDRESS_SUGGEST_PROVIDER=dadata'));
  }
}

function createSms(kind: Config['providers']['sms'], outbox: OutboxWriter, comms?: CommsConfig): SmsProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxSms(outbox);
    case 'smsru':
      return createSmsruSms(need(comms?.smsru, 'SMS_PROVIDER=smsru'));
  }
}

function createEmail(
  kind: Config['providers']['email'],
  outbox: OutboxWriter,
  comms?: CommsConfig,
): EmailProvider {
  switch (kind) {
    case 'sandbox':
      return createSandboxEmail(outbox);
    case 'smtp':
      return createSmtpEmail(need(comms?.smtp, 'EMAIL_PROVIDER=smtp'));
  }
}
