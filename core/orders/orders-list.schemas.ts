import { z } from 'zod';
import { type GetWay, getWays } from '../delivery/delivery.rules.ts';
import { paymentMethods } from '../payments/payment.rules.ts';
import { orderStatuses } from './order.rules.ts';
import { staffSteps } from './orders-admin.rules.ts';

/** An empty form field or address parameter is no filter. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The columns the orders list sorts by, as the page's address names them: a closed list, so the
 * address can name nothing else. The delivery method is `getWay` there, as in the checkout.
 */
export const orderSortColumns = [
  'number',
  'createdAt',
  'status',
  'fullName',
  'getWay',
  'payment',
  'total',
] as const;
/** The sort column inside core/: the address's `getWay` is the delivery method. */
export type OrderSortColumn = Exclude<(typeof orderSortColumns)[number], 'getWay'> | 'deliveryMethod';

/** A tag: a short word or two, kept lower-case so «VIP» and «vip» are one tag. */
export const orderTag = z
  .string()
  .trim()
  .min(1, 'the tag is empty')
  .max(30, 'at most 30 characters')
  .regex(/^[\p{L}\p{N} _-]+$/u, 'letters, digits, spaces, _ and -')
  .transform((s) => s.toLowerCase().replace(/\s+/g, ' '));

/**
 * `GET /api/admin/orders/list` (issue 34): the back office's orders list with its filters, the sort
 * (a whitelisted column and direction) and the page, all kept in the page's address.
 */
export const ordersListQuery = z
  .object({
    status: optional(z.enum(orderStatuses)),
    payment: optional(z.enum(paymentMethods)),
    getWay: optional(z.enum(getWays)),
    /** Moscow calendar days, inclusive (DECISIONS 15). */
    from: optional(z.iso.date()),
    to: optional(z.iso.date()),
    q: optional(z.string().trim().max(100)),
    tag: optional(orderTag),
    sort: optional(z.enum(orderSortColumns)),
    dir: optional(z.enum(['asc', 'desc'])),
    page: optional(z.coerce.number().int().min(1).max(100_000)),
    pageSize: optional(z.coerce.number().int().min(1).max(100)),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'the end is before the start' });
    }
  });

/**
 * The list's query as the server reads it: the address's names (which the page also parses with
 * `ordersListQuery`) mapped once, here, to core/'s: `getWay`, as filter and as sort column, is the
 * delivery method.
 */
export const ordersListFilter = ordersListQuery.transform(
  ({ getWay, sort, ...rest }): typeof rest & { deliveryMethod?: GetWay; sort?: OrderSortColumn } => ({
    ...rest,
    ...(getWay === undefined ? {} : { deliveryMethod: getWay }),
    ...(sort === undefined ? {} : { sort: sort === 'getWay' ? 'deliveryMethod' : sort }),
  }),
);
export type OrdersListQuery = z.output<typeof ordersListFilter>;

/** An order's tags, replaced as a whole; `before` is the list the screen showed (a conflict check). */
export const orderTagsBody = z.object({
  tags: z.array(orderTag).max(10, 'at most 10 tags'),
  before: z.array(orderTag).max(10).optional(),
});

/** A new internal note on an order. */
export const orderNoteBody = z.object({
  text: z.string().trim().min(1, 'the note is empty').max(2000, 'at most 2000 characters'),
});

const selection = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, 'no orders selected')
  .max(100, 'at most 100 orders at once');

/** A tag added to the selected orders. */
export const ordersBulkTagBody = z.object({ numbers: selection, tag: orderTag });

/**
 * A step taken for the selected orders, each through the transition table with the version and the
 * state the screen showed (DECISIONS 31): an order that moved meanwhile is reported, not changed.
 */
export const ordersBulkStepBody = z.object({
  to: z.enum(staffSteps),
  orders: z
    .array(
      z.object({
        number: z.number().int().positive().max(2_147_483_647),
        version: z.number().int().min(0).max(2_147_483_647),
        from: z.enum(orderStatuses),
      }),
    )
    .min(1, 'no orders selected')
    .max(100, 'at most 100 orders at once'),
});
export type OrdersBulkStepInput = z.output<typeof ordersBulkStepBody>;
