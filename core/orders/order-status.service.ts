import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, shipments } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService, RateRule } from '../limits/rate-limit.service.ts';
import { shopperMessage } from '../shopper-messages.ts';
import { orderStatusKey, sameKey } from './order-access.ts';
import {
  carrierOf,
  isCarrier,
  normalizeContact,
  type OrderStatusQuery,
  type OrderStatusView,
  trackingUrl,
} from './order-status.rules.ts';

/** Lookups from one address: a shopper retyping a number is served, a script guessing is not. */
export const ORDER_STATUS_LIMIT: RateRule = { limit: 20, windowSeconds: 600 };
/**
 * Wrong contacts for one order number from one client (the address and the browser's or app's device
 * id): the guesser stops, while the order's customer elsewhere is never held by them
 * (docs/decisions/0013-sign-in-lock-outs.md).
 */
export const ORDER_STATUS_PER_CLIENT_ORDER_LIMIT: RateRule = { limit: 10, windowSeconds: 3600 };

/**
 * `/status` and `POST /api/order-status` (DECISIONS 29): an order number with the phone or e-mail
 * given at checkout, or with the key of the signed link in the order's messages, shows the order's
 * state, delivery and tracking. Every refusal is the same
 * `not_found` whether the order is missing or the contact differs, and both come from one query, so
 * neither the answer nor its timing tells whether an order exists. Limited per address, and wrong
 * contacts per order and client; a right contact takes its attempt back.
 */
export function createOrderStatusService({ db, limits }: { db: Db; limits: RateLimitService }) {
  async function lookup(
    query: OrderStatusQuery,
    locale: Locale,
    client: { ip: string /** The address plus the device id (`clientKey`). */; key: string },
  ): Promise<OrderStatusView> {
    const tooMany = shopperMessage('order_status.too_many', locale);
    await limits.hit(`order-status:${client.ip}`, ORDER_STATUS_LIMIT, tooMany);
    const failure = await limits.reserve(
      `order-status-order:${query.orderID}:${client.key}`,
      ORDER_STATUS_PER_CLIENT_ORDER_LIMIT,
      tooMany,
    );
    // The signed link's key is checked against the order's access key once it is read: a wrong key
    // and a missing order are the same refusal.
    let matches: SQL | undefined;
    if (!('key' in query)) {
      const contact = normalizeContact(query.contact);
      if (!contact) throw new AppError('not_found', { key: 'order_status.not_found' });
      matches =
        'email' in contact ? eq(sql`lower(${orders.email})`, contact.email) : eq(orders.phone, contact.phone);
    }
    const [found] = await db
      .select({
        accessKey: orders.accessKey,
        number: orders.number,
        status: orders.status,
        updatedAt: orders.updatedAt,
        deliveryMethod: orders.getWay,
        delivery: orders.delivery,
        trackingNumber: orders.trackingNumber,
        shipmentCarrier: shipments.carrier,
        shipmentTracking: shipments.trackingNumber,
      })
      .from(orders)
      .leftJoin(shipments, eq(shipments.orderNumber, orders.number))
      .where(and(eq(orders.number, query.orderID), matches));
    const row =
      found && ('key' in query ? sameKey(orderStatusKey(found.accessKey), query.key) : true) ? found : null;
    if (!row) throw new AppError('not_found', { key: 'order_status.not_found' });
    await limits.release(failure);
    // The parcel handed to a carrier names its carrier and number; staff's number stands otherwise.
    const carrier = isCarrier(row.shipmentCarrier)
      ? row.shipmentCarrier
      : carrierOf(row.deliveryMethod, row.delivery.countryCode);
    const number = row.shipmentTracking ?? row.trackingNumber;
    return {
      orderID: row.number,
      status: row.status,
      updatedAt: row.updatedAt.toISOString(),
      delivery: {
        deliveryMethod: row.deliveryMethod,
        city: row.delivery.city,
        pickupPoint:
          row.deliveryMethod.startsWith('self-') && row.deliveryMethod !== 'self' ? row.delivery.pvz : null,
        date: row.delivery.deliveryDate,
        time: row.delivery.deliveryTime,
      },
      tracking: number ? { carrier, number, url: trackingUrl(carrier, number) } : null,
    };
  }

  return { lookup };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
