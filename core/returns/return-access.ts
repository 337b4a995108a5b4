import { eq } from 'drizzle-orm';
import { type ContactOwner, isShopperOrder } from '../accounts/proven-contacts.ts';
import type { Actor } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService, RateRule } from '../limits/rate-limit.service.ts';
import { carrierOf, normalizeContact } from '../orders/order-status.rules.ts';
import { shopperMessage } from '../shopper-messages.ts';
import type { OrderRow } from './return-records.ts';

/** Requests from one address (options and requests alike): a shopper is served, a guessing script is not. */
export const RETURNS_LIMIT: RateRule = { limit: 20, windowSeconds: 600 };
/**
 * Wrong contacts typed for one order from one client (address and device id): the guesser stops, the
 * order's customer elsewhere does not (docs/decisions/0013-sign-in-lock-outs.md).
 */
export const RETURNS_PER_CLIENT_ORDER_LIMIT: RateRule = { limit: 10, windowSeconds: 3600 };

/** Who asks: the signed-in shopper, and/or the contact typed into /status, and their address. */
export interface ShopperAccess {
  userId: string | null;
  /** The signed-in shopper's account: their guest orders with a proven contact are theirs too. */
  owner?: ContactOwner;
  contact?: string;
  ip: string;
  /** The address plus the device id (`clientKey`): whose wrong contacts are counted. */
  client: string;
  /**
   * Staff opening a return for a buyer who phones or comes to the showroom: any order is theirs to
   * open it for, nothing is counted as a guess, and the audit names them.
   */
  staff?: Actor;
}

/** The carrier a return of the order goes back with: the order's CDEK or Boxberry, else CDEK in Russia. */
export function returnCarrier(order: OrderRow): 'sdek' | 'boxberry' | null {
  const carrier = carrierOf(order.getWay, order.delivery.countryCode);
  if (carrier === 'sdek' || carrier === 'boxberry') return carrier;
  return (order.delivery.countryCode || 'RU') === 'RU' ? 'sdek' : null;
}

/** The pickup point the order came through, when it came to one of the return's carrier. */
export function defaultReturnPoint(order: OrderRow, carrier: string | null): string | null {
  return carrier && order.getWay === `self-${carrier}` ? order.delivery.pvzID || null : null;
}

/** Whose order it is: the shopper's own, the one whose contact was typed, or any for staff. */
export function createReturnAccess({ limits }: { limits: RateLimitService }) {
  const notFound = () => new AppError('not_found', { key: 'returns.not_found' });

  /**
   * The order, if the asker may return from it: a signed-in shopper's own order (a guest order with a
   * contact they have proven included), or the order whose phone or e-mail was typed (limited per address and per order). Every refusal is the same.
   */
  async function ownedOrder(
    runner: Tx | Db,
    orderID: number,
    access: ShopperAccess,
    lock: boolean,
  ): Promise<OrderRow> {
    const base = runner.select().from(orders).where(eq(orders.number, orderID));
    const [order] = lock ? await base.for('update') : await base;
    if (!order) throw notFound();
    if (access.staff) return order;
    if (access.contact !== undefined) {
      const contact = normalizeContact(access.contact);
      const matches =
        contact !== null &&
        ('email' in contact ? order.email.toLowerCase() === contact.email : order.phone === contact.phone);
      if (matches) return order;
      throw notFound();
    }
    if (access.userId !== null && order.userId === access.userId) return order;
    if (access.owner && access.owner.id === access.userId && isShopperOrder(access.owner, order))
      return order;
    throw notFound();
  }

  /**
   * Counts a request per address, and a wrong contact per order and client before the check: the
   * caller gives the records back (`limits.releaseAll`) once the order turns out to be the asker's.
   */
  async function limitGuessing(orderID: number, access: ShopperAccess, locale: Locale): Promise<number[]> {
    if (access.staff || (access.contact === undefined && access.userId !== null)) return [];
    const message = shopperMessage('returns.too_many', locale);
    await limits.hit(`returns:${access.ip}`, RETURNS_LIMIT, message);
    return limits.reserveAll(
      [[`returns-order:${orderID}:${access.client}`, RETURNS_PER_CLIENT_ORDER_LIMIT]],
      message,
    );
  }

  return { ownedOrder, limitGuessing };
}
