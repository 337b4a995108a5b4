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
import { users } from './accounts.ts';
import { orderLines, orders } from './orders.ts';

/**
 * The mark codes (Честный ЗНАК) scanned at packing, one row per unit of a marked order line
 * (docs/product/marking.md). `gtin` and `serial` name the unit: no two live rows name the same unit,
 * across all orders; a unit that came back (`returnedAt`) may be sold again. `code` is the code as
 * the receipt sends it (the GS1 element string, GS as U+001D).
 */
export const markCodes = pgTable(
  'mark_codes',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull(),
    serial: text('serial').notNull(),
    code: text('code').notNull(),
    /** `full` (with the crypto tail) or `short` (GTIN and serial only). */
    form: text('form').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    /** The unit came back to the shop (a return): its code may be scanned again for another order. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mark_codes_live_unit_idx').on(t.gtin, t.serial).where(sql`${t.returnedAt} is null`),
    index('mark_codes_order_idx').on(t.orderNumber, t.lineId),
    check('mark_codes_form', sql`${t.form} in ('full', 'short')`),
  ],
);

/**
 * The settlement receipt of a prepaid order (docs/product/receipts.md): made when the order is
 * handed to the carrier or collected, sent by a job through the acquirer's closing-receipt call.
 * `pending` until the acquirer takes it (`sent`), `failed` after the job's last try, `unsupported`
 * when the order's payment provider cannot send one (staff issue it by other means).
 */
export const settlementReceipts = pgTable(
  'settlement_receipts',
  {
    orderNumber: integer('order_number')
      .primaryKey()
      .references(() => orders.number, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    /** Kopecks settled (the prepayment set off). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The receipt as it was (or will be) sent. */
    receipt: jsonb('receipt').$type<PaymentReceipt>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('settlement_receipts_status_idx').on(t.status),
    check('settlement_receipts_status', sql`${t.status} in ('pending', 'sent', 'failed', 'unsupported')`),
  ],
);
