import { z } from 'zod';
import { orderStatusQuerySchema } from '../orders/order-status.rules.ts';
import { returnMethods, returnReasons, returnStatuses } from './returns.rules.ts';

const orderID = orderStatusQuerySchema.shape.orderID;
/** The phone or e-mail given with the order: needed from /status, not from the cabinet. */
const contact = z.string().trim().min(3).max(254).optional();

/** `POST /api/returns/options`: what of an order may be returned. */
export const returnOptionsBody = z.object({ orderID, contact });

/** `POST /api/returns`: the shopper's request. */
export const returnRequestBody = z.object({
  orderID,
  contact,
  lines: z
    .array(
      z.object({
        lineId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1).max(100),
        /** Another size of the same product instead of the money. */
        exchangeSize: z.string().trim().min(1).max(40).optional(),
      }),
    )
    .min(1)
    .max(100),
  reason: z.enum(returnReasons),
  comment: z.string().trim().max(1000).default(''),
  method: z.enum(returnMethods),
  /**
   * The CDEK point of the order's city the buyer brings the parcel to (a return by pickup point);
   * left out: the point the order came through.
   */
  pickupPoint: z.string().trim().min(1).max(40).optional(),
});
export type ReturnRequestInput = z.infer<typeof returnRequestBody>;

/**
 * `POST /api/admin/orders/:number/returns`: staff open a return for a buyer who phones or comes to
 * the showroom; the same request as the buyer's, without the contact (staff see the order).
 */
export const staffReturnBody = returnRequestBody.omit({ orderID: true, contact: true });
export type StaffReturnInput = z.infer<typeof staffReturnBody>;

export const returnNumberParams = z.object({
  number: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const returnListQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(returnStatuses).optional()),
  order: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** One return by its number (staff type its label, `R5001`). */
  number: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuery>;

export const returnVersionBody = z.object({ version: z.number().int().min(0) });

/** Staff's decision on every line of a received return. */
export const returnDecisionBody = z
  .object({
    version: z.number().int().min(0),
    lines: z
      .array(
        z.object({
          id: z.number().int().positive().max(2_147_483_647),
          decision: z.enum(['accepted', 'defective', 'refused']),
          reason: z.string().trim().max(500).default(''),
        }),
      )
      .min(1)
      .max(100),
  })
  .superRefine((body, ctx) => {
    body.lines.forEach((line, i) => {
      if (line.decision === 'refused' && line.reason.length < 3) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'reason'], message: 'a refusal needs its reason' });
      }
    });
  });
export type ReturnDecisionInput = z.infer<typeof returnDecisionBody>;

export const exchangeShippedBody = z.object({
  version: z.number().int().min(0),
  lineId: z.number().int().positive().max(2_147_483_647),
  tracking: z.string().trim().min(3).max(60),
});
export type ExchangeShippedInput = z.infer<typeof exchangeShippedBody>;

/** Staff cancel a return whose parcel never came, saying why. */
export const returnCancelBody = z.object({
  version: z.number().int().min(0),
  reason: z.string().trim().min(3).max(500),
});
export type ReturnCancelInput = z.infer<typeof returnCancelBody>;

/** A return's number from what staff type in the search: its label `R5001` (any case, spaces around), or null. */
export function returnNumberFromSearch(text: string): number | null {
  const match = text.trim().match(/^R\s*-?\s*(\d{1,10})$/i);
  const number = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(number) && number >= 1 && number <= 2_147_483_647 ? number : null;
}
