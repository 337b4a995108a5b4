import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { OrderStatus } from './order.rules.ts';
import type { OrderAccess } from './order-cookies.rules.ts';

/** A transaction of the shop's database (core/db/client.ts), for the placement steps that import it here. */
export type { Tx };

/**
 * The payer's capability (pay-by-another-person): a key derived from the order's access key, put in
 * the provider's return addresses. It lets the browser that comes back from the payment read the
 * order's status only, never its lines or personal data; it does not reveal the access key.
 */
export function orderStatusKey(accessKey: string): string {
  return createHash('sha256').update(`order-status:${accessKey}`).digest('base64url').slice(0, 32);
}

/**
 * The address of an order's own `/status` page in the buyer's edition, signed with its status key
 * (DECISIONS 29): the link of every message about the order, which opens its state without retyping
 * the number and contact. The key shows the state only, like the payment's return address.
 */
export function orderStatusUrl(
  publicUrl: string,
  order: { number: number; accessKey: string; locale: string },
): string {
  const edition = order.locale === 'en' ? '/en' : '';
  return `${publicUrl}${edition}/status?orderID=${order.number}&key=${orderStatusKey(order.accessKey)}`;
}

/** Compares two keys in constant time. */
export function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the money of an order in this status has come. */
export function isPaidStatus(status: OrderStatus): boolean {
  return (
    status === 'paid' ||
    status === 'confirmed' ||
    status === 'shipped' ||
    status === 'ready_for_pickup' ||
    status === 'delivered'
  );
}

/** Reads an order the browser may see, or throws not_found. */
export async function requireOrder(db: Db, number: number, access: OrderAccess[]) {
  const grant = access.find((a) => a.n === number);
  const [order] = grant ? await db.select().from(orders).where(eq(orders.number, number)) : [];
  if (!order || !grant || order.accessKey !== grant.k)
    throw new AppError('not_found', { key: 'order.not_found' });
  return order;
}
