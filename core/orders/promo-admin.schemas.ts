import { z } from 'zod';
import { normalizePromoCode, promoKinds } from './promo.rules.ts';

/** An empty form field is "none". */
const orNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** Kopecks: a whole positive sum up to ten million roubles. */
const kopecks = z.number().int().min(1).max(1_000_000_000);

/** Slugs or product ids a code is limited to: trimmed, no repeats. */
const names = z
  .array(z.string().trim().min(1).max(120))
  .max(200)
  .default([])
  .transform((list) => [...new Set(list)]);

/** The categories, collections and products a code applies to; all empty = the whole cart. */
export const promoScopeSchema = z
  .object({ categories: names, collections: names, products: names })
  .default({ categories: [], collections: [], products: [] });

/**
 * The fields staff set on a promo code (checkout.md §9; docs/product/promo-codes.md), shared by the
 * staff API and the back office's form. `percent` belongs to a percent code, `amount` to an amount
 * code; the other kind's value is dropped.
 */
const offerFields = z.object({
  kind: z.enum(promoKinds).default('percent'),
  percent: orNull(z.number().int().min(1).max(100)),
  amount: orNull(kopecks),
  minOrder: orNull(kopecks),
  limitTo: promoScopeSchema,
  active: z.boolean(),
  startsAt: orNull(instant),
  endsAt: orNull(instant),
  perCustomerLimit: orNull(z.number().int().min(1).max(1000)),
  firstOrderOnly: z.boolean(),
});

const promoFields = offerFields.extend({
  usageLimit: orNull(z.number().int().min(1).max(1_000_000)),
  /** Digits of the one phone that may use it (any punctuation is dropped). */
  phone: orNull(
    z
      .string()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{10,15}$/, 'a phone of 10 to 15 digits')),
  ),
});

type OfferShape = z.output<typeof offerFields>;

/** The end after the start; a percent code names its percent, an amount code its sum. */
const consistent = (v: OfferShape, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'the end must come after the start' });
  }
  if (v.kind === 'percent' && v.percent === null) {
    ctx.addIssue({ code: 'custom', path: ['percent'], message: 'a percent from 1 to 100' });
  }
  if (v.kind === 'amount' && v.amount === null) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'the sum off, in kopecks' });
  }
};

/** What is stored: a percent of 0 and no amount unless the kind takes them. */
const stored = <T extends OfferShape>(v: T) => ({
  ...v,
  percent: v.kind === 'percent' ? (v.percent ?? 0) : 0,
  amount: v.kind === 'amount' ? v.amount : null,
});

export const promoCodeSchema = z
  .string()
  .transform(normalizePromoCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, '3 to 40 letters, digits, - or _'));

export const promoCreateBody = promoFields
  .extend({ code: promoCodeSchema })
  .superRefine(consistent)
  .transform(stored);
export type PromoCreateInput = z.output<typeof promoCreateBody>;

export const promoUpdateBody = promoFields
  .extend({
    /** The edit stamp the screen showed (DECISIONS 31). */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .superRefine(consistent)
  .transform(stored);
export type PromoUpdateInput = z.output<typeof promoUpdateBody>;

/** The most codes one batch makes. */
export const PROMO_BATCH_MAX = 5000;

/**
 * A campaign's batch: `count` single-use codes starting with `prefix`, each with the same offer
 * (no bound phone: each code is for whoever receives it).
 */
export const promoBatchBody = offerFields
  .extend({
    prefix: z
      .string()
      .transform(normalizePromoCode)
      .pipe(z.string().regex(/^[A-Z0-9]{2,20}$/, '2 to 20 letters or digits')),
    count: z.number().int().min(1).max(PROMO_BATCH_MAX),
  })
  .superRefine(consistent)
  .transform(stored);
export type PromoBatchInput = z.output<typeof promoBatchBody>;

export const promoParams = z.object({ code: promoCodeSchema });
export const promoBatchParams = z.object({ id: z.uuid() });

export const promoListQuery = z.object({
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).optional()),
});
