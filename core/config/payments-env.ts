import { z } from 'zod';
import { DOLYAME_PRODUCTION_URL } from '../providers/payments/dolyame-payments.ts';
import { FORMA_PRODUCTION_URL } from '../providers/payments/forma-payments.ts';
import { YANDEX_PAY_JWKS_URL, YANDEX_PAY_PRODUCTION_URL } from '../providers/payments/yandex-pay-payments.ts';

/**
 * The payment methods' variables (docs/decisions/0030-more-payment-methods.md), part of the one
 * environment schema (core/config/env.ts). `PAYMENTS_PROVIDER` stays the shorthand: `sandbox` runs
 * every method on the sandbox, `tbank` takes cards through T-Bank and switches the other methods
 * off. Each method's own variable overrides it; `off` removes the method from the checkout.
 */
export const paymentsEnvShape = {
  /** Card payments (`online`, `online-international`) and pay-by-another-person. */
  PAYMENTS_CARD: z.enum(['sandbox', 'tbank', 'off'], { error: 'must be sandbox, tbank or off' }).optional(),
  /**
   * SBP, the Faster Payments System (`sbp`): through T-Bank acquiring (its terminal with SBP on) or
   * the sandbox; off unless set, whatever `PAYMENTS_PROVIDER` says. The checkout offers it in the
   * editions whose settings switch it on (docs/decisions/0036-sbp-and-two-stage-payments.md).
   */
  PAYMENTS_SBP: z.enum(['sandbox', 'tbank', 'off'], { error: 'must be sandbox, tbank or off' }).optional(),
  /** Yandex Pay and its Split (`yaPay`, `split`). */
  PAYMENTS_SPLIT: z
    .enum(['sandbox', 'yandex-pay', 'off'], { error: 'must be sandbox, yandex-pay or off' })
    .optional(),
  /** T-Bank instalment (`tinkoff`). */
  PAYMENTS_INSTALMENT: z
    .enum(['sandbox', 'forma', 'off'], { error: 'must be sandbox, forma or off' })
    .optional(),
  /** Dolyame (`dolyame`). */
  PAYMENTS_BNPL: z
    .enum(['sandbox', 'dolyame', 'off'], { error: 'must be sandbox, dolyame or off' })
    .optional(),
  /** Dolyame's login and password (HTTP Basic) and the client certificate of its mutual TLS (PEM files). */
  DOLYAME_LOGIN: z.string().min(1).optional(),
  DOLYAME_PASSWORD: z.string().min(1).optional(),
  DOLYAME_CERT_PATH: z.string().min(1).optional(),
  DOLYAME_KEY_PATH: z.string().min(1).optional(),
  /** A CA to trust for Dolyame's server besides the system's (a test server only). */
  DOLYAME_CA_PATH: z.string().min(1).optional(),
  DOLYAME_API_URL: z.url({ error: 'must be an http(s) URL' }).default(DOLYAME_PRODUCTION_URL),
  /** Forma's shop and showcase ids and the showcase's password (Info, Commit, Cancel by HTTP Basic). */
  FORMA_SHOP_ID: z.string().min(1).max(50).optional(),
  FORMA_SHOWCASE_ID: z.string().min(1).max(50).optional(),
  FORMA_PASSWORD: z.string().min(1).optional(),
  FORMA_API_URL: z.url({ error: 'must be an http(s) URL' }).default(FORMA_PRODUCTION_URL),
  /** `true`: test applications (`create-demo`, login `demo-<showcase>`), never sent to the bank. */
  FORMA_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** Yandex Pay merchant id: the API key's owner and the `merchantId` every webhook must carry. */
  YANDEX_PAY_MERCHANT_ID: z.string().min(1).optional(),
  /** Yandex Pay API key (`Authorization: Api-Key …`); in Yandex's sandbox it equals the merchant id. */
  YANDEX_PAY_API_KEY: z.string().min(1).optional(),
  YANDEX_PAY_API_URL: z.url({ error: 'must be an http(s) URL' }).default(YANDEX_PAY_PRODUCTION_URL),
  /** Yandex's published webhook keys (sandbox: `https://sandbox.pay.yandex.ru/api/jwks`). */
  YANDEX_PAY_JWKS_URL: z.url({ error: 'must be an http(s) URL' }).default(YANDEX_PAY_JWKS_URL),
};

const paymentsEnvSchema = z.object(paymentsEnvShape);
type PaymentsEnv = z.infer<typeof paymentsEnvSchema> & {
  PAYMENTS_PROVIDER: 'sandbox' | 'tbank';
  TBANK_TERMINAL_KEY?: string;
  TBANK_PASSWORD?: string;
};

/** Which provider takes each kind of payment; `off` = the method is not offered. */
export interface PaymentMethodsConfig {
  card: 'sandbox' | 'tbank' | 'off';
  sbp: 'sandbox' | 'tbank' | 'off';
  split: 'sandbox' | 'yandex-pay' | 'off';
  instalment: 'sandbox' | 'forma' | 'off';
  bnpl: 'sandbox' | 'dolyame' | 'off';
}

export interface DolyameConfig {
  login: string;
  password: string;
  certPath: string;
  keyPath: string;
  caPath: string | null;
  apiUrl: string;
}

export interface FormaConfig {
  shopId: string;
  showcaseId: string;
  password: string;
  apiUrl: string;
  demo: boolean;
}

export interface YandexPayConfig {
  merchantId: string;
  apiKey: string;
  apiUrl: string;
  jwksUrl: string;
  /** How soon the keys may be read again for an unknown key id; 30 s unless a test shortens it. */
  jwksCooldownMs?: number;
}

/** Each method's provider: its own variable, else what the `PAYMENTS_PROVIDER` shorthand means. */
export function paymentMethodsOf(e: PaymentsEnv): PaymentMethodsConfig {
  const shorthand = e.PAYMENTS_PROVIDER;
  const other = shorthand === 'sandbox' ? 'sandbox' : 'off';
  return {
    card: e.PAYMENTS_CARD ?? shorthand,
    sbp: e.PAYMENTS_SBP ?? 'off',
    split: e.PAYMENTS_SPLIT ?? other,
    instalment: e.PAYMENTS_INSTALMENT ?? other,
    bnpl: e.PAYMENTS_BNPL ?? other,
  };
}

/**
 * The variables that put a method on the sandbox (refused on a public shop that is not staging): a
 * method's own variable, or `PAYMENTS_PROVIDER` for the methods that follow the shorthand.
 */
export function sandboxPaymentVariables(e: PaymentsEnv): string[] {
  const methods = paymentMethodsOf(e);
  const names = {
    card: 'PAYMENTS_CARD',
    sbp: 'PAYMENTS_SBP',
    split: 'PAYMENTS_SPLIT',
    instalment: 'PAYMENTS_INSTALMENT',
    bnpl: 'PAYMENTS_BNPL',
  } as const;
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((kind) => methods[kind] === 'sandbox')
    .map((kind) => (e[names[kind]] === undefined ? 'PAYMENTS_PROVIDER' : names[kind]))
    .filter((name, index, all) => all.indexOf(name) === index);
}

/** True when any method runs on the sandbox. */
export function usesPaymentSandbox(e: PaymentsEnv): boolean {
  return Object.values(paymentMethodsOf(e)).includes('sandbox');
}

/** A chosen real provider without its credentials stops start-up, naming each variable missing. */
export function paymentsProblems(e: PaymentsEnv): string[] {
  const methods = paymentMethodsOf(e);
  const problems: string[] = [];
  const cardVar = e.PAYMENTS_CARD ? 'PAYMENTS_CARD=tbank' : 'PAYMENTS_PROVIDER=tbank';
  if (Object.values(methods).every((choice) => choice === 'off')) {
    problems.push('  PAYMENTS_CARD: every payment method is off; at least one must take payments');
  }
  if (methods.card === 'tbank' || methods.sbp === 'tbank') {
    const why = methods.card === 'tbank' ? cardVar : 'PAYMENTS_SBP=tbank';
    if (!e.TBANK_TERMINAL_KEY) problems.push(`  TBANK_TERMINAL_KEY: must be set when ${why}`);
    if (!e.TBANK_PASSWORD) problems.push(`  TBANK_PASSWORD: must be set when ${why}`);
  }
  if (methods.instalment === 'forma') {
    for (const name of ['FORMA_SHOP_ID', 'FORMA_SHOWCASE_ID', 'FORMA_PASSWORD'] as const) {
      if (!e[name]) problems.push(`  ${name}: must be set when PAYMENTS_INSTALMENT=forma`);
    }
  }
  if (methods.bnpl === 'dolyame') {
    for (const name of [
      'DOLYAME_LOGIN',
      'DOLYAME_PASSWORD',
      'DOLYAME_CERT_PATH',
      'DOLYAME_KEY_PATH',
    ] as const) {
      if (!e[name]) problems.push(`  ${name}: must be set when PAYMENTS_BNPL=dolyame`);
    }
  }
  if (methods.split === 'yandex-pay') {
    if (!e.YANDEX_PAY_MERCHANT_ID)
      problems.push('  YANDEX_PAY_MERCHANT_ID: must be set when PAYMENTS_SPLIT=yandex-pay');
    if (!e.YANDEX_PAY_API_KEY)
      problems.push('  YANDEX_PAY_API_KEY: must be set when PAYMENTS_SPLIT=yandex-pay');
  }
  return problems;
}

export function dolyameConfig(e: PaymentsEnv): DolyameConfig | null {
  const {
    DOLYAME_LOGIN: login,
    DOLYAME_PASSWORD: password,
    DOLYAME_CERT_PATH: certPath,
    DOLYAME_KEY_PATH: keyPath,
  } = e;
  if (paymentMethodsOf(e).bnpl !== 'dolyame' || !login || !password || !certPath || !keyPath) return null;
  return { login, password, certPath, keyPath, caPath: e.DOLYAME_CA_PATH ?? null, apiUrl: e.DOLYAME_API_URL };
}

export function formaConfig(e: PaymentsEnv): FormaConfig | null {
  if (
    paymentMethodsOf(e).instalment !== 'forma' ||
    !e.FORMA_SHOP_ID ||
    !e.FORMA_SHOWCASE_ID ||
    !e.FORMA_PASSWORD
  )
    return null;
  return {
    shopId: e.FORMA_SHOP_ID,
    showcaseId: e.FORMA_SHOWCASE_ID,
    password: e.FORMA_PASSWORD,
    apiUrl: e.FORMA_API_URL,
    demo: e.FORMA_DEMO === 'true',
  };
}

export function yandexPayConfig(e: PaymentsEnv): YandexPayConfig | null {
  if (paymentMethodsOf(e).split !== 'yandex-pay' || !e.YANDEX_PAY_MERCHANT_ID || !e.YANDEX_PAY_API_KEY)
    return null;
  return {
    merchantId: e.YANDEX_PAY_MERCHANT_ID,
    apiKey: e.YANDEX_PAY_API_KEY,
    apiUrl: e.YANDEX_PAY_API_URL,
    jwksUrl: e.YANDEX_PAY_JWKS_URL,
  };
}
