import { z } from 'zod';
import { deliveryTimeSlots, getWays } from '../delivery/delivery.rules.ts';
import { paymentMethods } from '../payments/payment.rules.ts';

/** Request schemas of the order and payment endpoints (checkout.md §3, §7; DECISIONS 21). */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(
      (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 && c !== '\n'),
      'must not contain control characters',
    );
const digits = (min: number, max: number) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), 'must be digits');
/**
 * A field a form sends empty when the shopper did not fill it: the spec's payload (checkout.md §3)
 * carries every field, so an app built to it sends `''` or `null` for an unused one (issue 35).
 */
const unlessEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * The order payload as the API takes it, in the spec's field names. Figures the browser sends
 * (`summ`, `deliveryPrice`, `promocodeDiscount...`, prices) are accepted as display values and
 * ignored: the server computes its own (DECISIONS 6).
 */
const orderPayloadWire = z.object({
  getWay: z.enum(getWays),
  payment: z.enum([...paymentMethods, 'other_pay']),
  fullName: text(120).pipe(z.string().min(3, 'required')),
  phone: digits(10, 15),
  /** Empty only for a signed-in shopper's Moscow or showroom order (checkout.md §5). */
  email: z.union([z.email().max(254), z.literal('')]).default(''),
  comment: text(1000).default(''),
  products: z
    .array(z.object({ _id: z.string().min(1).max(200), count: z.number().int().min(1).max(100) }))
    .min(1, 'the cart is empty')
    .max(40),
  city: text(100).default(''),
  cityID: z.number().int().min(1).max(99_999_999).nullable().optional(),
  country: text(100).default(''),
  countryId: z.number().int().min(0).max(1000).default(1),
  /** ISO code of the destination abroad (English edition). */
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  address: text(300).default(''),
  room: text(20).default(''),
  postal: text(20).default(''),
  pvzID: z.string().max(40).nullable().optional(),
  pvz: text(400).nullable().optional(),
  deliveryDate: z.string().max(10).nullable().optional(),
  deliveryTime: z.enum(deliveryTimeSlots).nullable().optional(),
  promocode: unlessEmpty(text(40)),
  currency: z.enum(['RUB', 'USD', 'EUR', 'AED']).default('RUB'),
  /** Instalment credit type and term (`tinkoff`). */
  tinkoffCreditType: unlessEmpty(z.string().max(40)),
  instalmentMonths: z.union([z.literal(3), z.literal(4), z.literal(6)]).optional(),
  hePayMode: unlessEmpty(z.boolean()),
  hePayPhone: unlessEmpty(digits(10, 15)),
  /** Pay-by-another-person: the payer's phone. */
  payerPhone: unlessEmpty(digits(10, 15)),
  /**
   * 152-FZ consent to personal data processing (DECISIONS 20): `true`, the ticked box of the site's
   * checkout. The spec's payload (checkout.md §3) has no such field: an order without it comes from
   * the app, whose pay button carries the agreement text, so placing it is the consent. `false` (the
   * box left empty) is refused.
   */
  consent: z.literal(true, { error: 'consent to personal data processing is required' }).optional(),
  key: z.string().min(8).max(200).optional(),
  // Display values, ignored.
  summ: z.unknown().optional(),
  deliveryPrice: z.unknown().optional(),
  promocodeDiscount: z.unknown().optional(),
  promocodeDiscountPrice: z.unknown().optional(),
  deliveryMaxDate: z.unknown().optional(),
  outMKAD: z.unknown().optional(),
});

/**
 * The spec's names of the payload's fields that core/ calls otherwise, for an error that names the
 * field the request sent: the delivery method, the pickup point and a product line's variant id.
 */
export const orderWireFields = {
  deliveryMethod: 'getWay',
  pickupPointId: 'pvzID',
  variantId: '_id',
} as const;

/**
 * The order payload, validated in the spec's names and mapped here, once, to the names core/ uses:
 * `getWay` is the delivery method, `pvzID` the pickup point's code and a product's `_id` its
 * variant id. The wire stays the spec's (the storefront builds it from `z.input` of this schema).
 */
export const orderPayloadSchema = orderPayloadWire.transform(({ getWay, pvzID, products, ...rest }) => ({
  ...rest,
  deliveryMethod: getWay,
  pickupPointId: pvzID,
  products: products.map((p) => ({ variantId: p._id, count: p.count })),
}));
export type OrderPayload = z.output<typeof orderPayloadSchema>;

export const draftQuerySchema = z.object({ draft: z.enum(['true', 'false']).optional() });

export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dots, colons, dashes or underscores');

export const promoCheckSchema = z.object({ code: text(40), phone: z.string().max(20).default('') });

export const orderIdQuerySchema = z.object({
  orderID: z.coerce.number().int().min(1).max(2_000_000_000),
  /** The status key of the payment's return address (pay-by-another-person). */
  key: z
    .string()
    .regex(/^[\w-]{16,64}$/, 'must be the key of the payment return address')
    .optional(),
});

export const dolyameCreateSchema = z.object({
  orderID: z.coerce.number().int().min(1).max(2_000_000_000),
  products: z.unknown().optional(),
  productsSumm: z.unknown().optional(),
  deliverySumm: z.unknown().optional(),
  promocodeDiscountPercent: z.unknown().optional(),
  clientInfo: z
    .object({
      firstName: text(60),
      lastName: text(60),
      phone: z.string().max(20),
      email: z.string().max(254),
    })
    .partial()
    .optional(),
});

export const tinkoffCreateSchema = z.object({
  orderNumber: z.coerce.number().int().min(1).max(2_000_000_000),
  promoCode: z.enum(['installment_0_0_3_4', 'installment_0_0_4_4,5', 'installment_0_0_6_6,5']),
  demoFlow: z.unknown().optional(),
  sum: z.unknown().optional(),
  items: z.unknown().optional(),
  promocodeDiscountPercent: z.unknown().optional(),
  values: z.unknown().optional(),
});

export const sandboxDecisionSchema = z.object({ decision: z.enum(['pay', 'decline']) });
export const sandboxTokenSchema = z.object({ token: z.string().regex(/^[\w-]{16,40}$/) });

export const reminderSchema = z.object({
  phone: digits(10, 15),
  products: z.array(z.string().min(1).max(200)).max(40).default([]),
});
