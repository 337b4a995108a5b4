/** Promo codes (checkout.md §9): a percent off the items that have no discount of their own. */

export interface PromoLine {
  /** Kopecks per unit. */
  price: number;
  /** The old price when the item is discounted; null otherwise. */
  oldPrice: number | null;
  count: number;
}

export function hasOwnDiscount(line: Pick<PromoLine, 'price' | 'oldPrice'>): boolean {
  return line.oldPrice !== null && line.oldPrice > line.price;
}

/**
 * price / 100 * percent * count over the lines without their own discount, in kopecks; each line is
 * rounded half up to the kopeck.
 */
export function promoDiscount(lines: PromoLine[], percent: number): number {
  if (!Number.isInteger(percent) || percent <= 0) return 0;
  const p = Math.min(percent, 100);
  return lines.reduce(
    (sum, l) => (hasOwnDiscount(l) ? sum : sum + Math.floor((l.price * p * l.count + 50) / 100)),
    0,
  );
}

export interface PromoCodeRule {
  code: string;
  percent: number;
  active: boolean;
  /** ISO instants; null = open. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Null = unlimited. */
  usageLimit: number | null;
  usedCount: number;
  /** Digits; null = any phone. */
  phone: string | null;
  /** Orders one customer may place with it; null = unlimited. */
  perCustomerLimit: number | null;
  /** Only for a customer without earlier orders. */
  firstOrderOnly: boolean;
}

/**
 * What the shop knows of the customer placing the order (their phone, and their account when signed
 * in): orders that still count, i.e. not cancelled and not failed at payment.
 */
export interface PromoCustomerHistory {
  /** Their counting orders that used this code. */
  ordersWithCode: number;
  /** All their counting orders. */
  orders: number;
}

export type PromoRefusal =
  | 'unknown'
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'wrong_phone'
  | 'phone_unproven'
  | 'customer_used_up'
  | 'not_first_order';

/**
 * Who asks for a code: the phone typed into the form (digits) and the phone the shopper has proven
 * (a signed-in account's verified phone; null otherwise).
 */
export interface PromoCustomer {
  phone: string;
  provenPhone: string | null;
}

/**
 * The phone a shopper has proven: a signed-in account's phone once a code sent to it was entered
 * (`phoneVerified`); a guest has none.
 */
export function provenPhoneOf(user: { phone: string | null; phoneVerified: boolean } | null): string | null {
  return user?.phoneVerified && user.phone ? user.phone : null;
}

/**
 * Whether a stored code applies now for a customer. A code bound to a phone opens only for that
 * phone proven (docs/product/promo-codes.md): typing it proves nothing, and gets `phone_unproven`.
 * Without `history` the per-customer rules are not judged (the order judges them again under the
 * customer's lock, with the history).
 */
export function checkPromoCode(
  rule: PromoCodeRule | null,
  customer: PromoCustomer,
  now: Date,
  history?: PromoCustomerHistory,
): PromoRefusal | null {
  if (!rule) return 'unknown';
  if (!rule.active) return 'inactive';
  if (rule.startsAt && now < rule.startsAt) return 'not_started';
  if (rule.endsAt && now >= rule.endsAt) return 'expired';
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit) return 'used_up';
  if (rule.phone && rule.phone !== customer.provenPhone) {
    return rule.phone === customer.phone ? 'phone_unproven' : 'wrong_phone';
  }
  if (history) {
    if (rule.perCustomerLimit !== null && history.ordersWithCode >= rule.perCustomerLimit) {
      return 'customer_used_up';
    }
    if (rule.firstOrderOnly && history.orders > 0) return 'not_first_order';
  }
  return null;
}

/**
 * The shopper message of a refusal: one neutral answer for every reason (docs/decisions/0018), but a
 * shopper who typed the bound phone is told to prove it: they named both the code and its phone, so
 * the answer tells them nothing they did not know.
 */
export function promoRefusalMessage(refusal: PromoRefusal): 'promo.refused' | 'promo.prove_phone' {
  return refusal === 'phone_unproven' ? 'promo.prove_phone' : 'promo.refused';
}

/** Codes are matched case-insensitively, without spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().replace(/\s+/g, '').toUpperCase();
}
