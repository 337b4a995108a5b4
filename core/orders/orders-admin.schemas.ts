import { z } from 'zod';
import { type GetWay, getWays } from '../delivery/delivery.rules.ts';
import { currencies } from '../money.ts';
import { paymentMethods } from '../payments/payment.rules.ts';
import { orderStatuses } from './order.rules.ts';
import { staffSteps } from './orders-admin.rules.ts';

/** An empty form field is no filter. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The back office's order list and its CSV export: filters, search and the page. The address names
 * the delivery method `getWay`, as the checkout does (checkout.md §3); it is the filter's
 * `deliveryMethod` from here on.
 */
export const orderListQuery = z
  .object({
    status: optional(z.enum(orderStatuses)),
    /** Moscow calendar days, inclusive (DECISIONS 15). */
    from: optional(z.iso.date()),
    to: optional(z.iso.date()),
    getWay: optional(z.enum(getWays)),
    payment: optional(z.enum(paymentMethods)),
    promo: optional(z.string().trim().max(40)),
    locale: optional(z.enum(['ru', 'en'])),
    currency: optional(z.enum(currencies)),
    q: optional(z.string().trim().max(100)),
    /** The last order number of the previous page (newest first). */
    before: optional(z.coerce.number().int().positive().max(2_147_483_647)),
    limit: optional(z.coerce.number().int().min(1).max(100)),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'the end is before the start' });
    }
  })
  .transform(({ getWay, ...rest }): typeof rest & { deliveryMethod?: GetWay } =>
    getWay === undefined ? rest : { ...rest, deliveryMethod: getWay },
  );
export type OrderListQuery = z.output<typeof orderListQuery>;

export const orderNumberParams = z.object({
  number: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The version the screen showed (DECISIONS 31): a save over a newer version is refused. */
const version = z.number().int().min(0).max(2_147_483_647);

export const orderStepBody = z.object({
  version,
  /** The state the screen showed: the step applies only if the order is still in it. */
  from: z.enum(orderStatuses),
  to: z.enum(staffSteps),
  trackingNumber: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/),
  ),
  reason: optional(z.string().trim().max(500)),
});
export type OrderStepInput = z.output<typeof orderStepBody>;

export const orderCommentBody = z.object({
  version,
  staffComment: z.string().max(2000),
});

export const orderRefundBody = z.object({ version });

/** Staff's "keep this order" on a paid try-on order past its days (docs/decisions/0035-try-on-buyout.md). */
export const orderKeepTryOnBody = z.object({ version });
