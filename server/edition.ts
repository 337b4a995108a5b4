import type { FastifyRequest } from 'fastify';
import { readCookie } from '../core/cart/cookies.rules.ts';
import type { RatesService } from '../core/rates/rates.service.ts';
import { editionCurrency, type WireEdition } from '../core/wire.ts';
import { requestLocale } from './request.ts';

/**
 * The edition a public API answer speaks for (DECISIONS 28): the request's language, and the currency
 * the storefront's pages would show it (`shi-currency` in the English edition, checkout.md §9).
 */
export async function requestEdition(request: FastifyRequest, rates: RatesService): Promise<WireEdition> {
  const locale = requestLocale(request);
  const latest = locale === 'en' ? await rates.getLatestRates() : null;
  return {
    locale,
    currency: editionCurrency(locale, readCookie(request.headers.cookie, 'shi-currency'), latest !== null),
    rates: latest?.rates ?? {},
  };
}
