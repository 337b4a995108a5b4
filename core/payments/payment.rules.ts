import type { GetWay } from '../delivery/delivery.rules.ts';
import type { Locale } from '../i18n.ts';
import type { PaymentKind } from '../providers/payments/payment-provider.ts';

/** Payment methods (checkout.md §9), in the order the payment step lists them. */
export const paymentMethods = [
  'online',
  'online-international',
  'sbp',
  'yaPay',
  'split',
  'dolyame',
  'tinkoff',
  'hepay',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (paymentMethods as readonly string[]).includes(value);
}

/** The shop's payment switches (settings `main.payments`). */
export interface PaymentSwitches {
  /** Split payment enabled: the wallet method submits as `split`, otherwise `yaPay` (DECISIONS 11). */
  split: boolean;
  dolyame: boolean;
  tinkoff: boolean;
  hepay: boolean;
  /**
   * SBP (Faster Payments): the editions it is switched on in (docs/decisions/0036-sbp-and-two-stage-payments.md);
   * absent = none. Offered only where a provider takes it (`PAYMENTS_SBP`).
   */
  sbp?: Locale[];
}

/** Whether SBP is switched on in an edition (absent = off). */
export function sbpSwitchedOn(switches: Pick<PaymentSwitches, 'sbp'>, locale: Locale): boolean {
  return switches.sbp?.includes(locale) ?? false;
}

/** checkout.md §9: instalment terms (months) and their promo codes for the credit form. */
export const instalmentTerms = [
  { months: 3, promoCode: 'installment_0_0_3_4' },
  { months: 4, promoCode: 'installment_0_0_4_4,5' },
  { months: 6, promoCode: 'installment_0_0_6_6,5' },
] as const;
export type InstalmentMonths = (typeof instalmentTerms)[number]['months'];

/**
 * checkout.md §4, §9: English shows `online-international` and `online` only (and SBP where switched on); the wallet method is
 * `split` or `yaPay` by the switch; dolyame, tinkoff and hepay can be switched off; hepay is hidden
 * in quick order; `moscow-try` (pay for delivery now, goods at the fitting) hides instalments,
 * BNPL and split.
 */
export function availablePaymentMethods(input: {
  locale: Locale;
  deliveryMethod: GetWay;
  switches: PaymentSwitches;
  quickOrder?: boolean;
  /**
   * The kinds of payment the configured providers take (docs/decisions/0030-more-payment-methods.md);
   * a method whose kind no provider takes is not offered. Absent = every kind.
   */
  kinds?: readonly PaymentKind[];
}): PaymentMethod[] {
  const { kinds } = input;
  const methods = switchedOnMethods(input);
  return kinds ? methods.filter((m) => kinds.includes(paymentKindOf(m, false))) : methods;
}

function switchedOnMethods(input: {
  locale: Locale;
  deliveryMethod: GetWay;
  switches: PaymentSwitches;
  quickOrder?: boolean;
}): PaymentMethod[] {
  const { locale, deliveryMethod, switches } = input;
  const sbp: PaymentMethod[] = sbpSwitchedOn(switches, locale) ? ['sbp'] : [];
  if (locale === 'en') return ['online-international', 'online', ...sbp];
  const methods: PaymentMethod[] = ['online', ...sbp, switches.split ? 'split' : 'yaPay'];
  if (switches.dolyame) methods.push('dolyame');
  if (switches.tinkoff) methods.push('tinkoff');
  if (switches.hepay && !input.quickOrder) methods.push('hepay');
  if (deliveryMethod === 'moscow-try') {
    return methods.filter((m) => m !== 'dolyame' && m !== 'tinkoff' && m !== 'split' && m !== 'yaPay');
  }
  return methods;
}

/** Dolyame: four equal parts, the first 25 % now, the rest every two weeks (checkout.md §9). Kopecks. */
export function dolyameSchedule(total: number): number[] {
  const part = Math.floor(total / 4);
  return [total - part * 3, part, part, part];
}

/** checkout.md §5: instalment item names lose their double and single quotes. */
export function instalmentItemName(name: string): string {
  return name.replace(/["'«»„“”‘’]/g, '');
}

/** The kind of payment a method is (which provider takes it); pay-by-another-person is `phone`. */
export function paymentKindOf(payment: string, hePayMode: boolean): PaymentKind {
  if (payment === 'hepay' || hePayMode) return 'phone';
  if (payment === 'sbp') return 'sbp';
  if (payment === 'split' || payment === 'yaPay') return 'split';
  if (payment === 'dolyame') return 'bnpl';
  if (payment === 'tinkoff') return 'instalment';
  return 'card';
}
