import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CarrierDocument } from '../../providers/carriers/carrier-provider.ts';
import { orders } from './orders.ts';

/**
 * Parcels handed to a carrier (docs/decisions/0025-real-carriers.md): one per order, made when staff
 * hand the order over. `carrierId` is the carrier's own key (CDEK order uuid, Boxberry parcel track,
 * DHL waybill), by which status webhooks and the status poll find the order; `trackingNumber` is what
 * the buyer follows (CDEK assigns it a moment after the order is registered, so it may come later).
 * `statusCode`/`statusAt` hold the last carrier status applied: an older or repeated one changes nothing.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderNumber: integer('order_number')
      .primaryKey()
      .references(() => orders.number, { onDelete: 'cascade' }),
    /** `sdek`, `boxberry` or `dhl`. */
    carrier: text('carrier').notNull(),
    carrierId: text('carrier_id').notNull(),
    trackingNumber: text('tracking_number'),
    statusCode: text('status_code'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** The documents the carrier made with the parcel (its label, a customs invoice), as PDF in base64. */
    documents: jsonb('documents').$type<CarrierDocument[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_carrier_id_idx').on(t.carrier, t.carrierId),
    // The status poll: shipments not yet delivered, oldest update first.
    index('shipments_open_idx').on(t.updatedAt).where(sql`${t.statusCode} is distinct from 'DELIVERED'`),
    check('shipments_carrier_known', sql`${t.carrier} in ('sdek', 'boxberry', 'dhl')`),
  ],
);
