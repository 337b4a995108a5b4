import { z } from 'zod';
import type { OrderStatus } from './order.rules.ts';

/** The lookup's input, the same for the page's form and the mobile app (DECISIONS 29). */
export const orderStatusQuerySchema = z.object({
  orderID: z.coerce.number().int().min(1).max(2_000_000_000),
  /** The phone (any formatting) or e-mail given with the order. */
  contact: z.string().trim().min(3).max(254),
});
/**
 * The lookup itself: by the contact typed, or by the status key a message's link carries
 * (`/status?orderID=…&key=…`, core/orders/order-access.ts `orderStatusUrl`).
 */
export type OrderStatusQuery = z.infer<typeof orderStatusQuerySchema> | { orderID: number; key: string };

/** The status key of an order's signed link (the same form as the payment's return address). */
export const orderStatusKeySchema = z.string().regex(/^[\w-]{16,64}$/, 'must be the key of the order’s link');

/**
 * The body of `POST /api/order-status`: the page sends `contact`, the mobile app `phone` or `email`;
 * the first one given is the contact. A `key` (the order's signed link) stands for the contact.
 */
export const orderStatusBodySchema = z.object({
  orderID: orderStatusQuerySchema.shape.orderID,
  contact: z.string().max(254).optional(),
  phone: z.string().max(254).optional(),
  email: z.string().max(254).optional(),
  /** Instead of a contact: the key of the link in the order's messages. */
  key: orderStatusKeySchema.optional(),
});

export const carriers = ['sdek', 'boxberry', 'dhl'] as const;
export type Carrier = (typeof carriers)[number];

export function isCarrier(value: string | null): value is Carrier {
  return (carriers as readonly (string | null)[]).includes(value);
}

/** What the lookup shows: the state, the delivery and the tracking, nothing else (no names, goods or sums). */
export interface OrderStatusView {
  orderID: number;
  status: OrderStatus;
  /** When the order last changed. */
  updatedAt: string;
  delivery: {
    deliveryMethod: string;
    city: string;
    /** The pickup point chosen (a public address), null for a courier delivery. */
    pickupPoint: string | null;
    /** The courier's date and time window in Moscow, when chosen. */
    date: string | null;
    time: string | null;
  };
  tracking: { carrier: Carrier | null; number: string; url: string | null } | null;
}

/** The carrier's public tracking page for a number. */
export function trackingUrl(carrier: Carrier | null, number: string): string | null {
  const n = encodeURIComponent(number);
  if (carrier === 'sdek') return `https://www.cdek.ru/ru/tracking/?order_id=${n}`;
  if (carrier === 'boxberry') return `https://boxberry.ru/tracking-page?id=${n}`;
  if (carrier === 'dhl') return `https://www.dhl.com/ru-en/home/tracking.html?tracking-id=${n}&submit=1`;
  return null;
}

/** The carrier of a delivery method (couriers abroad go by DHL); null for the shop's own. */
export function carrierOf(deliveryMethod: string, countryCode: string): Carrier | null {
  if (deliveryMethod === 'self-boxberry') return 'boxberry';
  if (deliveryMethod === 'delivery-sdek') return countryCode && countryCode !== 'RU' ? 'dhl' : 'sdek';
  if (deliveryMethod === 'self-sdek') return 'sdek';
  return null;
}

/**
 * The contact as stored on orders: an e-mail lower-cased, a phone as its digits with a Russian
 * leading 8 read as 7. Null when it is neither.
 */
export function normalizeContact(contact: string): { email: string } | { phone: string } | null {
  const trimmed = contact.trim();
  if (trimmed.includes('@')) return { email: trimmed.toLowerCase() };
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return { phone: digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits };
}
