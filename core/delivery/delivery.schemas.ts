import { z } from 'zod';
import { getWays } from './delivery.rules.ts';

/** Request schemas of the delivery endpoints (checkout.md §7, DECISIONS 21). */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacter(v), 'must not contain control characters');

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const cityCode = z.coerce.number().int().min(1).max(99_999_999);
/** Parcel weight in grams: one garment to the carriers' 30 kg. */
const weight = z.coerce.number().int().min(1).max(100_000).optional();
/**
 * Declared value: roubles with at most two decimals on the wire (DECISIONS 28), kopecks once parsed.
 */
const summ = z.coerce
  .number()
  .min(0)
  .max(100_000_000)
  .refine((r) => Number.isInteger(Math.round(r * 100 * 1e6) / 1e6), 'roubles with at most two decimals')
  .transform((r) => Math.round(r * 100))
  .optional();
const lang = z.enum(['ru', 'en']).optional();

export const citySearchSchema = z.object({ query: text(100).optional(), lang });
export const sdekCitiesSchema = z.object({ query: text(100).optional(), q: text(100).optional(), lang });
export const enCitiesSchema = z.object({ q: text(100), lang });

export const officesSchema = z
  .object({
    city_code: cityCode.optional(),
    postal_code: z
      .string()
      .regex(/^\d{6}$/, 'must be a six-digit postal code')
      .optional(),
    lang,
  })
  .refine((v) => v.city_code !== undefined || v.postal_code !== undefined, {
    message: 'city_code or postal_code is required',
    path: ['city_code'],
  });

export const checkDeliverySchema = z.object({ code: cityCode, weight, summ, lang });
export const deliveryByCitySchema = z.object({ city: text(100).pipe(z.string().min(1)), weight, summ, lang });
export const freeDeliverySchema = z.object({ code: cityCode.optional(), query: text(100).optional(), lang });

export const sdekPriceSchema = z.object({
  senderCityId: cityCode.optional(),
  receiverCityId: cityCode,
  recivierCountryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  summ,
  weight,
  lang,
});
export const boxberryPriceSchema = z.object({ city_code: cityCode, summ, weight, lang });

/** The Moscow price query names the delivery method `getWay` (checkout.md §3); core/ calls it `deliveryMethod`. */
export const moscowPriceSchema = z
  .object({
    address: text(300).pipe(z.string().min(3, 'must name a street and house')),
    getWay: z.enum(['moscow', 'moscow-try']).default('moscow'),
    lang,
  })
  .transform(({ getWay, ...rest }) => ({ ...rest, deliveryMethod: getWay }));

export const dhlSchema = z.object({
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
  city: text(100).pipe(z.string().min(1)),
  postalCode: text(20).optional(),
  address: text(300).optional(),
  weight,
  summ,
});

export const getWaySchema = z.enum(getWays);
