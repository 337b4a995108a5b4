import { z } from 'zod';
import { deliveryTimeSlots } from '../delivery/delivery.rules.ts';

/**
 * Requests of an order taken by phone (docs/product/phone-orders.md), shared by the staff API and
 * the back-office form. Only choices travel: the goods, counts, delivery and buyer. Prices, the
 * delivery charge and totals are the server's; a price field sent along is not part of the schema
 * and is dropped.
 */

/** The delivery methods a phone order offers: the checkout's courier, pickup points and showroom. */
export const phoneOrderGetWays = ['delivery-sdek', 'self-sdek', 'self-boxberry', 'moscow', 'self'] as const;
export type PhoneOrderGetWay = (typeof phoneOrderGetWays)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(
      (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 && c !== '\n'),
      'must not contain control characters',
    );

/** Digits only: the form may show `+7 (999) 123-45-67`, the server keeps `79991234567`. */
export const phoneDigits = z
  .string()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{10,15}$/, 'must be 10 to 15 digits'));

export const phoneOrderLine = z.object({
  variantId: z.string().min(1).max(200),
  count: z.number().int().min(1).max(100),
});

/** The goods and the delivery: what the server prices (the quote) and then places; the API's names. */
const phoneOrderQuoteWire = z.object({
  lines: z.array(phoneOrderLine).min(1, 'add at least one item').max(40),
  getWay: z.enum(phoneOrderGetWays),
  /** The first carrier's city code, chosen from the suggestions (courier and pickup points). */
  cityID: z.number().int().min(1).max(99_999_999).nullable().default(null),
  city: text(100).default(''),
  address: text(300).default(''),
  room: text(20).default(''),
  postal: text(20).default(''),
  /** The pickup point's code (`self-sdek`, `self-boxberry`). */
  pvzID: z.string().max(40).nullable().default(null),
  /** Moscow courier: the day and the time slot. */
  deliveryDate: z.string().max(10).nullable().default(null),
  deliveryTime: z.enum(deliveryTimeSlots).nullable().default(null),
  promocode: text(40).default(''),
  /** The buyer's phone, for a promo code bound to one (may be empty for a quote). */
  phone: z.union([phoneDigits, z.literal('')]).default(''),
});

/** The whole order: the quote's choices and the buyer, who agreed on the phone to the data processing. */
const phoneOrderWire = phoneOrderQuoteWire.extend({
  fullName: text(120).pipe(z.string().min(3, 'required')),
  phone: phoneDigits,
  email: z.email().max(254),
  comment: text(1000).default(''),
  /** 152-FZ: the staff member confirms the caller agreed to the processing of their personal data. */
  consent: z.literal(true, { error: 'the buyer’s consent is required' }),
});

/**
 * The wire's `getWay` and `pvzID` (the checkout's names, checkout.md §3) are mapped here, once, to
 * the names core/ uses: the delivery method and the pickup point's code.
 */
const toDomain = <T extends { getWay: PhoneOrderGetWay; pvzID: string | null }>({
  getWay,
  pvzID,
  ...rest
}: T) => ({
  ...rest,
  deliveryMethod: getWay,
  pickupPointId: pvzID,
});
export const phoneOrderQuoteBody = phoneOrderQuoteWire.transform(toDomain);
export type PhoneOrderQuoteInput = z.output<typeof phoneOrderQuoteBody>;
export const phoneOrderBody = phoneOrderWire.transform(toDomain);
export type PhoneOrderInput = z.output<typeof phoneOrderBody>;

/** Sending the payment link: by SMS, by e-mail, or both. */
export const phoneOrderChannels = ['sms', 'email', 'both'] as const;
export const paymentLinkBody = z.object({ channels: z.enum(phoneOrderChannels) });
export type PaymentLinkInput = z.output<typeof paymentLinkBody>;

export const productSearchQuery = z.object({ q: text(100).default('') });
export const citySearchQuery = z.object({ q: text(100).default('') });
export const pickupPointsQuery = z.object({
  way: z.enum(['self-sdek', 'self-boxberry']),
  cityID: z.coerce.number().int().min(1).max(99_999_999),
});
