import type { Locale } from './i18n.ts';
import { type Currency, type ForeignCurrency, isCurrency, priceInCurrency } from './money.ts';

/**
 * Value forms of the public API (DECISIONS 28): the mobile app speaks the specs' wire shapes, so
 * prices leave the server as numbers of the edition's currency with at most two decimals, flags as
 * 1/0, names in the edition's language. Inside the server money stays integer minor units; the
 * `*.wire.ts` mappings of each module apply these once, at the edge.
 */

/** The edition an API answer speaks for: its language, its currency and the rates converting to it. */
export interface WireEdition {
  locale: Locale;
  currency: Currency;
  /** Roubles per unit in ten-thousandths (core/money.ts); empty in the Russian edition. */
  rates: Partial<Record<ForeignCurrency, number>>;
}

/**
 * The edition's currency, by the same rule as the storefront's pages (checkout.md §9): roubles in the
 * Russian edition; in the English one the `shi-currency` choice, USD by default, and roubles while no
 * rate is known.
 */
export function editionCurrency(locale: Locale, chosen: string | null, hasRates: boolean): Currency {
  if (locale === 'ru' || !hasRates) return 'RUB';
  return isCurrency(chosen) && chosen !== 'RUB' ? chosen : 'USD';
}

/**
 * A rouble price (kopecks) as the wire carries it: a number of the edition's currency with at most
 * two decimals (12 990,50 ₽ → 12990.5; in USD the DECISIONS 7 conversion, whole units).
 */
export function wirePrice(kopecks: number, edition: WireEdition): number {
  const minor = priceInCurrency(kopecks, edition.currency, edition.rates).amount;
  return minor / 100;
}

/** An amount already in roubles' minor units shown in roubles (orders are kept and reported in RUB). */
export function wireRoubles(kopecks: number): number {
  return kopecks / 100;
}

/** The specs' flag form: 1 for yes, 0 for no. */
export function wireFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A rouble amount from the wire back in kopecks (the storefront's checkout counts in kopecks). */
export function kopecksFromWire(roubles: number): number {
  return Math.round(roubles * 100);
}
