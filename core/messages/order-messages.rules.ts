/**
 * Which order events message the buyer, by which channel (DECISIONS 37 as recorded in
 * docs/decisions/0021-durable-jobs-and-messages.md). Pure: no I/O.
 */
import type { NotificationChannel } from '../db/schema/accounts.ts';
import type { OrderStatus } from '../orders/order.rules.ts';

/** The buyer's order messages: the confirmation at creation, then each state change they care about. */
export const orderMessageEvents = [
  'created',
  'paid',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderMessageEvent = (typeof orderMessageEvents)[number];

/** The message event of a transition into `to`, or null when that state sends nothing. */
export function messageEventOf(to: OrderStatus): OrderMessageEvent | null {
  switch (to) {
    case 'paid':
    case 'shipped':
    case 'ready_for_pickup':
    case 'delivered':
    case 'cancelled':
      return to;
    default:
      return null;
  }
}

/**
 * Whether `channel` carries `event` to this buyer. E-mail goes whenever the order has an address.
 * SMS: a signed-in buyer's channel setting decides (`sms` or `sms-email`); a guest gets SMS only for
 * the steps they must act on (handed to the carrier, ready at the pickup point).
 */
export function sendsBy(
  channel: 'email' | 'sms',
  event: OrderMessageEvent,
  buyer: { email: string; setting: NotificationChannel | null },
): boolean {
  if (channel === 'email') return buyer.email.includes('@');
  if (buyer.setting === null) return event === 'shipped' || event === 'ready_for_pickup';
  return buyer.setting === 'sms' || buyer.setting === 'sms-email';
}
