import { z } from 'zod';

/** `POST /api/admin/orders/:number/hand-over`: the version the screen showed (DECISIONS 31). */
export const handOverBody = z.object({ version: z.number().int().min(0).max(2_147_483_647) });
export type HandOverInput = z.output<typeof handOverBody>;

/** At most this many orders in one hand-over action. */
export const HAND_OVER_MANY_MAX = 50;

/** `POST /api/admin/orders/hand-over`: a selection, each order with the version the list showed. */
export const handOverManyBody = z.object({
  orders: z
    .array(
      z.object({
        number: z.number().int().positive().max(2_147_483_647),
        version: z.number().int().min(0).max(2_147_483_647),
      }),
    )
    .min(1)
    .max(HAND_OVER_MANY_MAX),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

/** `POST /api/admin/carriers/sdek/pickup`: a courier to collect the day's parcels. */
export const courierPickupBody = z
  .object({
    date: z.iso.date('must be a date YYYY-MM-DD'),
    from: time,
    to: time,
    /** Empty: the shop's address from its contacts. */
    address: z.string().trim().max(255).default(''),
    contactName: z.string().trim().min(2).max(100),
    /** Empty: the shop's phone from its contacts; otherwise digits with the country code. */
    phone: z
      .string()
      .trim()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(\d{10,15})?$/, 'must be a phone with its country code'))
      .default(''),
    parcels: z.number().int().min(1).max(200),
    weightKg: z.number().positive().max(1_000),
    comment: z.string().trim().max(255).default(''),
  })
  .refine((v) => v.from < v.to, { message: 'the window must end after it starts', path: ['to'] });
export type CourierPickupInput = z.output<typeof courierPickupBody>;
