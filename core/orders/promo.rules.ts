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
  | 'customer_used_up'
  | 'not_first_order';

/**
 * Whether a stored code applies now for a phone (digits). Without `history` the per-customer rules
 * are not judged (the order judges them again under the customer's lock, with the history).
 */
export function checkPromoCode(
  rule: PromoCodeRule | null,
  phone: string,
  now: Date,
  history?: PromoCustomerHistory,
): PromoRefusal | null {
  if (!rule) return 'unknown';
  if (!rule.active) return 'inactive';
  if (rule.startsAt && now < rule.startsAt) return 'not_started';
  if (rule.endsAt && now >= rule.endsAt) return 'expired';
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit) return 'used_up';
  if (rule.phone && rule.phone !== phone) return 'wrong_phone';
  if (history) {
    if (rule.perCustomerLimit !== null && history.ordersWithCode >= rule.perCustomerLimit) {
      return 'customer_used_up';
    }
    if (rule.firstOrderOnly && history.orders > 0) return 'not_first_order';
  }
  return null;
}

/** Codes are matched case-insensitively, without spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().replace(/\s+/g, '').toUpperCase();
}
