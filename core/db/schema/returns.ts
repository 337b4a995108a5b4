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
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ReturnLineDecision,
  ReturnMethod,
  ReturnRefundStatus,
  ReturnStatus,
} from '../../returns/returns.rules.ts';
import { users } from './accounts.ts';
import { variantProducts } from './catalogue.ts';
import { orderLines, orders } from './orders.ts';

/**
 * A shopper's return or size exchange of delivered order lines (docs/product/returns.md). `number`
 * is the return number the shopper is given. The refund is one per return: `refundStatus` moves from
 * `none` once, by a conditional update, so a return is never refunded twice.
 */
export const returns = pgTable(
  'returns',
  {
    number: integer('number').primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus>().notNull(),
    method: text('method').$type<ReturnMethod>().notNull(),
    /** The shopper's reason, one of the listed ones, and their own words. */
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    locale: text('locale').notNull(),
    /** The carrier the parcel comes back with (`sdek`, `boxberry`), its return shipment and code. */
    carrier: text('carrier'),
    carrierId: text('carrier_id'),
    carrierCode: text('carrier_code'),
    /**
     * The carrier's pickup point the buyer brings the parcel to, when they chose one (CDEK, a point of
     * the order's city); null: the point the order came through.
     */
    pickupPoint: text('pickup_point'),
    /** The signed-in shopper who asked; null when asked from /status. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdIp: text('created_ip').notNull().default(''),
    /** Kopecks: the goods refunded, and the delivery refunded with them (settings: who pays delivery). */
    refundGoods: bigint('refund_goods', { mode: 'number' }).notNull().default(0),
    refundDelivery: bigint('refund_delivery', { mode: 'number' }).notNull().default(0),
    refundStatus: text('refund_status').$type<ReturnRefundStatus>().notNull().default('none'),
    providerRefundId: text('provider_refund_id'),
    /** The refund receipt sent with the refund (54-FZ), as sent. */
    refundReceipt: jsonb('refund_receipt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every staff change: a save based on an older version is refused (DECISIONS 31). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('returns_order_idx').on(t.orderNumber),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_refund_nonnegative', sql`${t.refundGoods} >= 0 and ${t.refundDelivery} >= 0`),
  ],
);

/** One order line (some of its units) in a return, with staff's decision and, for an exchange, the new size. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnNumber: integer('return_number')
      .notNull()
      .references(() => returns.number, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The size asked instead (same product group); its units are reserved from stock at once. */
    exchangeVariantId: text('exchange_variant_id').references(() => variantProducts.id, {
      onDelete: 'set null',
    }),
    exchangeSize: text('exchange_size'),
    /** Units of the new size taken from stock for this exchange (given back if the line is refused). */
    exchangeReserved: integer('exchange_reserved').notNull().default(0),
    /** `none`, `reserved`, `to_ship` (may be sent), `shipped`, `released` (back to stock). */
    exchangeStatus: text('exchange_status').notNull().default('none'),
    exchangeTracking: text('exchange_tracking'),
    /**
     * The exchange's parcel with the order's carrier (`sdek`, `boxberry`, `dhl`) and the carrier's id
     * of it; `pending:<ms>` while it is being registered, so a second press never registers twice.
     * Null when staff typed the tracking number by hand.
     */
    exchangeCarrier: text('exchange_carrier'),
    exchangeCarrierId: text('exchange_carrier_id'),
    decision: text('decision').$type<ReturnLineDecision>().notNull().default('pending'),
    decisionReason: text('decision_reason').notNull().default(''),
    /** Kopecks refunded for this line (zero for an exchange or a refusal). */
    refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnNumber),
    index('return_lines_order_line_idx').on(t.orderLineId),
    check('return_lines_quantity_range', sql`${t.quantity} between 1 and 100`),
  ],
);

/** Units returned as defective: counted apart from the stock, never sold. */
export const defectiveStock = pgTable(
  'defective_stock',
  {
    variantId: text('variant_id')
      .primaryKey()
      .references(() => variantProducts.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('defective_stock_nonnegative', sql`${t.count} >= 0`)],
);
