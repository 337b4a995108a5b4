import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentReceipt } from '../../providers/payments/payment-provider.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** How a buyout settles (docs/product/try-on-buyout.md). */
export const buyoutModes = ['pay', 'refund', 'none'] as const;
export type BuyoutMode = (typeof buyoutModes)[number];

export const buyoutStatuses = [
  'awaiting_payment',
  'paid',
  'refund_started',
  'refunded',
  'refund_failed',
  'closed',
] as const;
export type BuyoutStatus = (typeof buyoutStatuses)[number];

/**
 * What the buyer of a try-on order kept (docs/product/try-on-buyout.md): one row per order,
 * so a buyout is recorded once; the units not kept went back to stock when it was recorded (their
 * order lines' `reserved` lowered in the same transaction, so they never come back twice). Kopecks.
 */
export const orderBuyouts = pgTable(
  'order_buyouts',
  {
    orderNumber: integer('order_number')
      .primaryKey()
      .references(() => orders.number, { onDelete: 'cascade' }),
    mode: text('mode').$type<BuyoutMode>().notNull(),
    status: text('status').$type<BuyoutStatus>().notNull(),
    /** Units kept per order line (`order_lines.id`), every line listed, and the units it gave back to stock. */
    kept: jsonb('kept').$type<{ lineId: number; count: number; back?: number }[]>().notNull(),
    /** The kept goods at the price paid after the order's discount. */
    keptAmount: bigint('kept_amount', { mode: 'number' }).notNull(),
    /** The goods handed back, at the price paid after the discount. */
    returnedAmount: bigint('returned_amount', { mode: 'number' }).notNull(),
    /** To pay now (`pay`) or to refund (`refund`); zero for `none`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The 54-FZ receipt of the payment or of the refund. */
    receipt: jsonb('receipt').$type<PaymentReceipt>(),
    paymentProvider: text('payment_provider'),
    paymentId: text('payment_id'),
    paymentUrl: text('payment_url'),
    /** The payment link's state: none yet, open, declined (a new link may be made), paid. */
    paymentState: text('payment_state').$type<'none' | 'pending' | 'declined' | 'paid'>().notNull(),
    refundId: text('refund_id'),
    /** Raised by every change: a change based on an older version is refused (DECISIONS 31). */
    version: integer('version').notNull().default(0),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_buyouts_payment_id_idx').on(t.paymentId),
    index('order_buyouts_status_idx').on(t.status),
    check(
      'order_buyouts_amounts_nonnegative',
      sql`${t.amount} >= 0 and ${t.keptAmount} >= 0 and ${t.returnedAmount} >= 0`,
    ),
  ],
);
