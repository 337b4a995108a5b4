import { type Currency, convertFromRub, type ForeignCurrency } from '../money.ts';

/**
 * What the shopper sees in their currency (DECISIONS 7), in minor units of `currency`. The rule,
 * shared by the cart, the payment step and the stored order: every price is converted on its own,
 * as on the product page (the unit price, then times the count), the delivery and the promo
 * discount each once, and the total is the sum of those shown parts
 * (goods + delivery − promo), never a conversion of the rouble total. So the total always adds up
 * to the lines and rows above it. Roubles pass through unchanged.
 */
export interface DisplayTotals {
  currency: Currency;
  /** Each line's price times its count. */
  lines: number[];
  goods: number;
  /** Zero with fitting (`moscow-try`), like the rouble figure. */
  goodsPayable: number;
  delivery: number | null;
  promoDiscount: number;
  total: number;
}

export function displayTotals(
  input: {
    lines: { price: number; count: number }[];
    /** The rouble totals (core/delivery cartTotals). */
    totals: { goodsPayable: number; delivery: number | null; promoDiscount: number; total: number };
  },
  currency: Currency,
  rates: Partial<Record<ForeignCurrency, number>>,
): DisplayTotals {
  const { lines, totals } = input;
  if (currency === 'RUB') {
    const shown = lines.map((l) => l.price * l.count);
    return {
      currency,
      lines: shown,
      goods: shown.reduce((a, b) => a + b, 0),
      goodsPayable: totals.goodsPayable,
      delivery: totals.delivery,
      promoDiscount: totals.promoDiscount,
      total: totals.total,
    };
  }
  const rate4 = rates[currency];
  if (rate4 === undefined) throw new RangeError(`No ${currency} rate`);
  const convert = (kopecks: number) => convertFromRub(kopecks, currency, rate4).amount;
  const shown = lines.map((l) => convert(l.price) * l.count);
  const goods = shown.reduce((a, b) => a + b, 0);
  const goodsPayable = totals.goodsPayable === 0 ? 0 : goods;
  const delivery = totals.delivery === null ? null : convert(totals.delivery);
  const promoDiscount = Math.min(convert(totals.promoDiscount), goodsPayable);
  return {
    currency,
    lines: shown,
    goods,
    goodsPayable,
    delivery,
    promoDiscount,
    total: Math.max(0, goodsPayable + (delivery ?? 0) - promoDiscount),
  };
}
