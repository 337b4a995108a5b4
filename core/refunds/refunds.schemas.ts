import { z } from 'zod';

/** The version the screen showed (DECISIONS 31): a change over a newer version is refused. */
const version = z.number().int().min(0).max(2_147_483_647);
const lineId = z.number().int().min(1).max(2_147_483_647);
const reason = z.string().trim().min(1).max(500);

/**
 * Staff's partial refund: chosen lines and units (with the delivery or not), or an amount in kopecks
 * with its reason. Never both; the amounts of lines are the server's, not the browser's.
 */
export const partialRefundInput = z.union([
  z
    .object({
      version,
      lines: z
        .array(z.object({ orderLineId: lineId, quantity: z.number().int().min(1).max(100) }).strict())
        .max(100)
        .refine((l) => new Set(l.map((x) => x.orderLineId)).size === l.length, 'each line once'),
      delivery: z.boolean(),
      reason,
    })
    .strict()
    .refine((v) => v.lines.length > 0 || v.delivery, {
      message: 'choose lines or the delivery',
      path: ['lines'],
    }),
  z
    .object({
      version,
      amount: z.number().int().min(1).max(100_000_000_00),
      reason,
    })
    .strict(),
]);
export type PartialRefundInput =
  | {
      version: number;
      lines: { orderLineId: number; quantity: number }[];
      delivery: boolean;
      reason: string;
      amount?: undefined;
    }
  | { version: number; amount: number; reason: string };

/** Units of one line taken off a paid order not yet shipped, with their refund. */
export const removeLineInput = z
  .object({
    version,
    orderLineId: lineId,
    quantity: z.number().int().min(1).max(100),
    reason: z.string().trim().max(500).default(''),
  })
  .strict();
export type RemoveLineInput = z.infer<typeof removeLineInput>;

/** Staff's step on one refund: send it again, or record that it was done by hand (with a note). */
export const refundRetryInput = z.object({}).strict();
export const refundManualInput = z.object({ note: z.string().trim().max(500).default('') }).strict();
