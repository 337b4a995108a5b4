import { z } from 'zod';
import { normalizePromoCode } from './promo.rules.ts';

/** An empty form field is "none". */
const orNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** The fields staff set on a promo code (checkout.md §9; docs/product/promo-codes.md). */
const promoFields = z.object({
  percent: z.number().int().min(1).max(100),
  active: z.boolean(),
  startsAt: orNull(instant),
  endsAt: orNull(instant),
  usageLimit: orNull(z.number().int().min(1).max(1_000_000)),
  perCustomerLimit: orNull(z.number().int().min(1).max(1000)),
  /** Digits of the one phone that may use it (any punctuation is dropped). */
  phone: orNull(
    z
      .string()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{10,15}$/, 'a phone of 10 to 15 digits')),
  ),
  firstOrderOnly: z.boolean(),
});

const validRange = (v: { startsAt: Date | null; endsAt: Date | null }, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'the end must come after the start' });
  }
};

export const promoCodeSchema = z
  .string()
  .transform(normalizePromoCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, '3 to 40 letters, digits, - or _'));

export const promoCreateBody = promoFields.extend({ code: promoCodeSchema }).superRefine(validRange);
export type PromoCreateInput = z.output<typeof promoCreateBody>;

export const promoUpdateBody = promoFields
  .extend({
    /** The edit stamp the screen showed (DECISIONS 31). */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .superRefine(validRange);
export type PromoUpdateInput = z.output<typeof promoUpdateBody>;

export const promoParams = z.object({ code: promoCodeSchema });

export const promoListQuery = z.object({
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).optional()),
});
