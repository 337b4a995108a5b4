import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentReceipt } from '../../providers/payments/payment-provider.ts';
import type { RefundSource, RefundState } from '../../refunds/refund.rules.ts';
import { users } from './accounts.ts';
import { orderLines, orders } from './orders.ts';

/**
 * Every refund of an order, one record each (docs/decisions/0048-one-refund-model.md): several per
 * order, moving through the states of core/refunds/refund.rules.ts. Kopecks. What the non-failed
 * refunds of an order add up to never exceeds what was paid (checked under the order's row lock).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    state: text('state').$type<RefundState>().notNull(),
    source: text('source').$type<RefundSource>().notNull(),
    /** The return this refund pays for (source `return`). */
    returnNumber: integer('return_number'),
    /** The whole refund: the lines' amounts plus the delivery share (or an amount staff named). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    deliveryAmount: bigint('delivery_amount', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    /** The key the provider is asked under: a second send never refunds twice. */
    providerKey: text('provider_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The 54-FZ refund receipt as sent with the refund. */
    receipt: jsonb('receipt').$type<PaymentReceipt>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderNumber),
    index('order_refunds_state_idx').on(t.state, t.updatedAt),
    uniqueIndex('order_refunds_provider_key_idx').on(t.providerKey),
    // One refund per return (a cabinet refund is recorded once by its key, `cabinet-<operation>`).
    uniqueIndex('order_refunds_return_idx').on(t.returnNumber),
    check(
      'order_refunds_amounts',
      sql`${t.amount} > 0 and ${t.deliveryAmount} >= 0 and ${t.deliveryAmount} <= ${t.amount}`,
    ),
  ],
);

/** The order lines a refund pays back: units and their amount (kopecks). */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('order_refund_lines_refund_idx').on(t.refundId),
    index('order_refund_lines_order_line_idx').on(t.orderLineId),
    check('order_refund_lines_positive', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
  ],
);
