import type { Locale } from '../i18n.ts';

/** Delivery methods (`getWay`), checkout.md §3, in the order the checkout lists them. */
export const getWays = [
  'delivery-sdek',
  'self-sdek',
  'self-boxberry',
  'moscow',
  'moscow-try',
  'self',
] as const;
export type GetWay = (typeof getWays)[number];

/** checkout.md §3: the cart starts on courier delivery by the first carrier. */
export const DEFAULT_GET_WAY: GetWay = 'delivery-sdek';

/** Moscow defaults of an order (checkout.md §3). */
export const MOSCOW = {
  cityID: 44,
  postal: '101000',
  country: 'Russia',
  countryId: 1,
  name: 'Москва',
} as const;

/** The first carrier's sender city (checkout.md §9): Moscow. */
export const SENDER_CITY_ID = 44;

/** checkout.md §9: three delivery time slots; the first is the default. */
export const deliveryTimeSlots = ['12:00-14:00', '14:00-17:00', '17:00-20:00'] as const;
export type DeliveryTimeSlot = (typeof deliveryTimeSlots)[number];

/** A parcel's assumed weight per garment when the catalogue has no weights: 600 g with packaging. */
export const ITEM_WEIGHT_GRAMS = 600;

export function isGetWay(value: unknown): value is GetWay {
  return typeof value === 'string' && (getWays as readonly string[]).includes(value);
}

export function isPickupWay(way: GetWay): way is 'self-sdek' | 'self-boxberry' {
  return way === 'self-sdek' || way === 'self-boxberry';
}

export function isMoscowWay(way: GetWay): way is 'moscow' | 'moscow-try' {
  return way === 'moscow' || way === 'moscow-try';
}

/** The carrier behind a pickup method. */
export function pickupCarrier(way: 'self-sdek' | 'self-boxberry'): 'sdek' | 'boxberry' {
  return way === 'self-sdek' ? 'sdek' : 'boxberry';
}

export interface DeliverySettings {
  /** Kopecks; 0 switches free delivery off. */
  freeDeliveryMin: number;
  englishDisabledGetWays: readonly GetWay[];
  moscowDeliveryPrice: number;
  moscowDeliveryOutMkadPrice: number;
  /** Null hides `moscow-try` (checkout.md §4). */
  moscowTryDeliveryPrice: number | null;
  moscowTryDeliveryOutMkadPrice: number | null;
}

/**
 * checkout.md §4: the methods a shopper may choose. English hides the English-disabled list;
 * `moscow-try` needs its price configured.
 */
export function availableGetWays(settings: DeliverySettings, locale: Locale): GetWay[] {
  return getWays.filter((way) => {
    if (locale === 'en' && settings.englishDisabledGetWays.includes(way)) return false;
    if (way === 'moscow-try' && settings.moscowTryDeliveryPrice === null) return false;
    return true;
  });
}

/** The method to use: the wanted one when allowed, else the default, else the first allowed. */
export function resolveGetWay(wanted: unknown, allowed: readonly GetWay[]): GetWay {
  if (isGetWay(wanted) && allowed.includes(wanted)) return wanted;
  if (allowed.includes(DEFAULT_GET_WAY)) return DEFAULT_GET_WAY;
  return allowed[0] ?? DEFAULT_GET_WAY;
}

/**
 * checkout.md §9 with DECISIONS 33: free delivery once the goods, after the promo discount
 * (`goodsAfterPromo`), reach the minimum; never in English, off when 0.
 */
export function isFreeDelivery(goods: number, freeDeliveryMin: number, locale: Locale): boolean {
  return locale === 'ru' && freeDeliveryMin > 0 && goods >= freeDeliveryMin;
}

/** DECISIONS 33: what the goods come to after the promo discount, the sum free delivery is judged on. */
export function goodsAfterPromo(goods: number, promoDiscount: number): number {
  return Math.max(0, goods - Math.max(0, promoDiscount));
}

/**
 * What is left to spend for free delivery (kopecks), 0 when reached or not offered. `goods` is the
 * sum after the promo discount (`goodsAfterPromo`, DECISIONS 33).
 */
export function sumForFreeDelivery(goods: number, freeDeliveryMin: number, locale: Locale): number {
  if (locale !== 'ru' || freeDeliveryMin <= 0) return 0;
  return Math.max(0, freeDeliveryMin - goods);
}

/** The Moscow courier price by method and side of the ring road (checkout.md §4, §9). */
export function moscowDeliveryPrice(
  way: 'moscow' | 'moscow-try',
  outMkad: boolean,
  settings: DeliverySettings,
): number | null {
  if (way === 'moscow') return outMkad ? settings.moscowDeliveryOutMkadPrice : settings.moscowDeliveryPrice;
  if (settings.moscowTryDeliveryPrice === null) return null;
  return outMkad
    ? (settings.moscowTryDeliveryOutMkadPrice ?? settings.moscowTryDeliveryPrice)
    : settings.moscowTryDeliveryPrice;
}

export interface DeliveryCharge {
  /** Kopecks charged for delivery. */
  price: number;
  /** The threshold made a carrier delivery free. */
  free: boolean;
}

/**
 * checkout.md §9: the delivery charge. Self pickup is free; Moscow methods always charge; carrier
 * methods are free from the threshold (Russian edition only), otherwise the carrier's quote.
 * The threshold is judged on the goods after the promo discount (DECISIONS 33).
 * `quoted` is the carrier or Moscow price for the chosen address; null while unknown.
 */
export function deliveryCharge(input: {
  way: GetWay;
  /** The goods' full cost (kopecks). */
  goods: number;
  /** The promo code's discount on them (kopecks; 0 without a code). */
  promoDiscount: number;
  quoted: number | null;
  settings: DeliverySettings;
  locale: Locale;
}): DeliveryCharge | null {
  const { way, quoted, settings, locale } = input;
  if (way === 'self') return { price: 0, free: true };
  if (isMoscowWay(way)) return quoted === null ? null : { price: quoted, free: false };
  const payable = goodsAfterPromo(input.goods, input.promoDiscount);
  if (isFreeDelivery(payable, settings.freeDeliveryMin, locale)) return { price: 0, free: true };
  return quoted === null ? null : { price: quoted, free: false };
}

export interface CartTotals {
  /** The goods' full cost (kopecks). */
  goods: number;
  /** What is paid now for the goods: zero with fitting (`moscow-try`, paid on fitting). */
  goodsPayable: number;
  /** Null while the delivery price is not known yet. */
  delivery: number | null;
  freeDelivery: boolean;
  promoDiscount: number;
  /** goodsPayable + delivery - promo, never below zero. */
  total: number;
}

/** checkout.md §9: Total = goods sum + delivery − promo discount; `moscow-try` makes the goods sum zero. */
export function cartTotals(input: {
  way: GetWay;
  goods: number;
  charge: DeliveryCharge | null;
  promoDiscount?: number;
}): CartTotals {
  const goodsPayable = input.way === 'moscow-try' ? 0 : input.goods;
  const promoDiscount = input.way === 'moscow-try' ? 0 : Math.min(input.promoDiscount ?? 0, goodsPayable);
  const delivery = input.charge?.price ?? null;
  return {
    goods: input.goods,
    goodsPayable,
    delivery,
    freeDelivery: input.charge?.free ?? false,
    promoDiscount,
    total: Math.max(0, goodsPayable + (delivery ?? 0) - promoDiscount),
  };
}

/** Parcel weight for a number of garments (grams). */
export function parcelWeight(items: number): number {
  return Math.max(1, items) * ITEM_WEIGHT_GRAMS;
}
