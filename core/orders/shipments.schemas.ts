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
