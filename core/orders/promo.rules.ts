/**
 * Promo codes (checkout.md §9; docs/product/promo-codes.md): a percent off, a fixed amount off or free
 * delivery, on the cart's eligible lines (those in the code's categories, collections or products,
 * without a discount of their own), from a minimum order.
 */

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

/** What a code gives. */
export const promoKinds = ['percent', 'amount', 'free_delivery'] as const;
export type PromoKind = (typeof promoKinds)[number];

/** The categories (slugs), collections (slugs) and products (group ids) a code is limited to. */
export interface PromoScope {
  categories: string[];
  collections: string[];
  products: string[];
}

export const wholeCart: PromoScope = { categories: [], collections: [], products: [] };

/** A code limited to nothing applies to the whole cart. */
export function isScoped(scope: PromoScope): boolean {
  return scope.categories.length + scope.collections.length + scope.products.length > 0;
}

/** What a code gives and on what. */
export interface PromoOffer {
  kind: PromoKind;
  /** 1..100 for `percent`. */
  percent: number;
  /** Kopecks off for `amount`; null otherwise. */
  amount: number | null;
  /** The goods' total before the discount (kopecks) the cart needs; null = any. */
  minOrder: number | null;
  limitTo: PromoScope;
}

/** A cart line as the code judges it. */
export interface PromoCartLine extends PromoLine {
  /** The product (group id). */
  groupId: string;
  /** Its category and every category above it (slugs). */
  categories: string[];
  /** The collections it is in (slugs). */
  collections: string[];
}

/** Whether a line is in the code's categories (a subcategory counts), collections or products. */
export function inScope(
  line: Pick<PromoCartLine, 'groupId' | 'categories' | 'collections'>,
  scope: PromoScope,
) {
  if (!isScoped(scope)) return true;
  return (
    scope.products.includes(line.groupId) ||
    line.categories.some((c) => scope.categories.includes(c)) ||
    line.collections.some((c) => scope.collections.includes(c))
  );
}

/** Why a valid code does not fit this cart. */
export type PromoCartRefusal = 'below_minimum' | 'no_eligible_line';

export type PromoApplication =
  | {
      ok: true;
      /** Kopecks off the goods. */
      discount: number;
      /** The code makes the delivery free. */
      freeDelivery: boolean;
      /** Which lines it applies to, in the cart's order. */
      eligible: boolean[];
    }
  | { ok: false; refusal: PromoCartRefusal };

/**
 * What a code gives on a cart. The minimum is judged on the goods' total before any discount; a
 * limited code with no line in its scope is refused. The discount falls on the lines in scope
 * without their own discount: a percent of each (rounded half up per line), or a fixed amount never
 * above their sum.
 */
export function applyPromo(offer: PromoOffer, lines: PromoCartLine[]): PromoApplication {
  const goods = lines.reduce((sum, l) => sum + l.price * l.count, 0);
  if (offer.minOrder !== null && goods < offer.minOrder) return { ok: false, refusal: 'below_minimum' };
  const inCode = lines.map((l) => inScope(l, offer.limitTo));
  if (!inCode.some(Boolean)) return { ok: false, refusal: 'no_eligible_line' };
  const eligible = lines.map((l, i) => Boolean(inCode[i]) && !hasOwnDiscount(l));
  const bearing = lines.filter((_, i) => eligible[i]);
  if (offer.kind === 'free_delivery') return { ok: true, discount: 0, freeDelivery: true, eligible };
  if (offer.kind === 'amount') {
    const base = bearing.reduce((sum, l) => sum + l.price * l.count, 0);
    return {
      ok: true,
      discount: Math.min(Math.max(0, offer.amount ?? 0), base),
      freeDelivery: false,
      eligible,
    };
  }
  return { ok: true, discount: promoDiscount(bearing, offer.percent), freeDelivery: false, eligible };
}

export interface PromoCodeRule {
  code: string;
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

/**
 * The shopper message of a valid code that does not fit the cart: it names the minimum, or says no
 * item in the cart is one the code is for (the shopper holds the code, so this tells nothing new).
 */
export function promoCartMessage(
  refusal: PromoCartRefusal,
  minOrder: number | null,
): { key: 'promo.below_minimum'; sum: number } | { key: 'promo.no_eligible_items' } {
  return refusal === 'below_minimum'
    ? { key: 'promo.below_minimum', sum: minOrder ?? 0 }
    : { key: 'promo.no_eligible_items' };
}

/** Codes are matched case-insensitively, without spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().replace(/\s+/g, '').toUpperCase();
}

/** Letters and digits a person cannot mistake for one another (no 0/O, 1/I/L). */
const BATCH_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Random characters after a batch's prefix: 31^8 ≈ 8.5 × 10^11 codes per prefix. */
export const BATCH_CODE_LENGTH = 8;

/**
 * A batch code from `prefix` and random bytes (one per character; a byte's remainder by the
 * alphabet's 31 letters is near enough uniform for codes that are single-use and limited per check).
 */
export function batchCode(prefix: string, bytes: Uint8Array): string {
  let tail = '';
  for (let i = 0; i < BATCH_CODE_LENGTH; i++) tail += BATCH_ALPHABET[(bytes[i] ?? 0) % BATCH_ALPHABET.length];
  return `${prefix}-${tail}`;
}
