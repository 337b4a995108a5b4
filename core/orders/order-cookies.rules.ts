/** The cookies of orders: which orders a browser may read, and the browser's own id. */

/** The browser's orders: their numbers and the random keys from their creation. */
export const ORDERS_COOKIE = 'shi-orders';
/** The browser remembers its last orders only. */
export const MAX_REMEMBERED_ORDERS = 10;

/** An order a browser may read: its number and the random key from the order's creation. */
export interface OrderAccess {
  n: number;
  k: string;
}

export function isOrderAccessList(value: unknown): value is OrderAccess[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_REMEMBERED_ORDERS &&
    value.every(
      (a) =>
        typeof a === 'object' &&
        a !== null &&
        Number.isInteger((a as OrderAccess).n) &&
        typeof (a as OrderAccess).k === 'string' &&
        (a as OrderAccess).k.length <= 64,
    )
  );
}

/**
 * A random id the shop gives a browser with its first order (docs/decisions/0018): one of the
 * clients whose unpaid orders are capped, and the client an idempotency key belongs to.
 */
export const DEVICE_COOKIE = 'shi-device';

export function isDeviceId(value: string | undefined): value is string {
  return value !== undefined && /^[\w-]{16,64}$/.test(value);
}

/** What the payment result page says (DECISIONS 12): the server's state of the order's payment. */
export type PaymentState = 'paid' | 'pending' | 'failed' | 'not_found';
