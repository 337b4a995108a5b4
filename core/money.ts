/** Currencies the shop sells in. Russian edition: RUB; English edition: USD, EUR, AED. */
export const currencies = ['RUB', 'USD', 'EUR', 'AED'] as const;
export type Currency = (typeof currencies)[number];
export const foreignCurrencies = ['USD', 'EUR', 'AED'] as const satisfies readonly Currency[];
export type ForeignCurrency = (typeof foreignCurrencies)[number];

/** An amount in minor units (kopecks, cents, fils) of its currency. Never a float (DECISIONS 5). */
export interface Money {
  amount: number;
  currency: Currency;
}

/** DECISIONS 7: AED is shown as `AED` (the spec's ₹ is the rupee sign). */
export const currencySymbols: Record<Currency, string> = { RUB: '₽', USD: '$', EUR: '€', AED: 'AED' };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

export function rub(kopecks: number): Money {
  return { amount: kopecks, currency: 'RUB' };
}

/**
 * DECISIONS 7: a foreign price is `round(priceRub / rate * 1.1)` whole units of the currency,
 * where `rate4` is roubles per unit in ten-thousandths. Pure integer arithmetic:
 * priceRub / rate * 1.1 = kopecks * 110 / rate4; rounded half up.
 */
export function convertFromRub(kopecks: number, currency: ForeignCurrency, rate4: number): Money {
  if (!Number.isInteger(kopecks) || kopecks < 0) throw new RangeError(`Bad rouble amount ${kopecks}`);
  if (!Number.isInteger(rate4) || rate4 <= 0) throw new RangeError(`Bad rate ${rate4}`);
  const whole = Math.floor((2 * kopecks * 110 + rate4) / (2 * rate4));
  return { amount: whole * 100, currency };
}

/** Converts a rouble price into the shopper's currency; roubles pass through. */
export function priceInCurrency(
  kopecks: number,
  currency: Currency,
  rates: Partial<Record<ForeignCurrency, number>>,
): Money {
  if (currency === 'RUB') return rub(kopecks);
  const rate4 = rates[currency];
  if (rate4 === undefined) throw new RangeError(`No ${currency} rate`);
  return convertFromRub(kopecks, currency, rate4);
}

/** Percentage off the old price, rounded to a whole percent; 0 when there is no discount. */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) * 100) / oldPrice);
}

/**
 * Formats for display: `12 990 ₽`, `$149`, `€139`, `AED 549`. Whole amounts show no fraction.
 * Uses a non-breaking space so a price never wraps.
 */
// Building an Intl.NumberFormat costs far more than formatting with one: a catalogue page formats
// a hundred prices, so the four formatters (two languages, with and without kopecks) are kept.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: 'ru' | 'en', fraction: 0 | 2): Intl.NumberFormat {
  const key = `${locale}${fraction}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    });
    numberFormats.set(key, format);
  }
  return format;
}

export function formatMoney(money: Money, locale: 'ru' | 'en'): string {
  const units = money.amount / 100;
  const fraction = money.amount % 100 === 0 ? 0 : 2;
  const number = numberFormat(locale, fraction).format(units).replace(/\s/g, '\u00a0');
  const symbol = currencySymbols[money.currency];
  switch (money.currency) {
    case 'RUB':
      return `${number}\u00a0${symbol}`;
    case 'AED':
      return `${symbol}\u00a0${number}`;
    default:
      return `${symbol}${number}`;
  }
}
