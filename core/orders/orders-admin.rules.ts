import { type GetWay, isPickupWay } from '../delivery/delivery.rules.ts';
import { canTransition, type OrderStatus } from './order.rules.ts';

/**
 * The steps a manager takes on an order (docs/decisions/0012-back-office-orders.md). Each is a state
 * of the transition table (core/orders/order.rules.ts); the table decides from which state.
 */
export const staffSteps = ['confirmed', 'shipped', 'ready_for_pickup', 'delivered', 'cancelled'] as const;
export type StaffStep = (typeof staffSteps)[number];

/** Methods that hand the parcel to a carrier, whose tracking number the shopper follows. */
export function needsTrackingNumber(way: string): boolean {
  return way === 'delivery-sdek' || way === 'self-sdek' || way === 'self-boxberry';
}

/** Methods the shopper collects: a carrier's pickup point or the shop itself (`self`). */
export function isCollectedWay(way: string): boolean {
  return way === 'self' || isPickupWay(way as GetWay);
}

export type StepRefusal = 'transition' | 'not_pickup' | 'not_shipped_way' | 'tracking_required';

/**
 * Whether a manager may take `to` on an order in `from` delivered by `way`: the transition table
 * first, then the delivery's own rules (ready for pickup only for collected orders, nothing to hand a
 * carrier for the shop's own pickup, a tracking number for carrier deliveries). Null when allowed.
 */
export function stepRefusal(
  order: { status: OrderStatus; deliveryMethod: string },
  to: StaffStep,
  trackingNumber: string | null | undefined,
): StepRefusal | null {
  if (!canTransition(order.status, to)) return 'transition';
  if (to === 'ready_for_pickup' && !isCollectedWay(order.deliveryMethod)) return 'not_pickup';
  if (to === 'shipped' && order.deliveryMethod === 'self') return 'not_shipped_way';
  if (to === 'shipped' && needsTrackingNumber(order.deliveryMethod) && !trackingNumber) {
    return 'tracking_required';
  }
  return null;
}

/** The steps a manager may take now, for the order page's buttons. */
export function availableSteps(order: { status: OrderStatus; deliveryMethod: string }): StaffStep[] {
  return staffSteps.filter((step) => {
    const refusal = stepRefusal(order, step, 'x');
    return refusal === null;
  });
}

/** Payment methods paid in parts or by a lender's decision (the instalment orders' screen). */
export const instalmentPayments = ['tinkoff', 'dolyame', 'split'] as const;

export type OrderSearch =
  | { kind: 'number'; number: number }
  | { kind: 'phone'; digits: string; exact: boolean }
  | { kind: 'email'; email: string }
  | { kind: 'name'; text: string };

/**
 * What a manager typed in the order search: an e-mail (has `@`), an order number (up to 8 digits
 * alone), a phone in any format (`+7 (999) 123-45-67`, `8 999 …`, `9991234567`: the full number is
 * matched exactly, a fragment of 5 or more digits anywhere in it), otherwise a part of the name.
 */
export function parseOrderSearch(raw: string): OrderSearch | null {
  const q = raw.trim();
  if (!q) return null;
  if (q.includes('@')) return { kind: 'email', email: q.toLowerCase() };
  const hash = q.replace(/^(#|№)\s*/, '');
  if (/^\d{1,8}$/.test(hash)) return { kind: 'number', number: Number(hash) };
  if (/^[\d\s()+\-.]+$/.test(q)) {
    let digits = q.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
    if (digits.length === 10 && digits.startsWith('9')) digits = `7${digits}`;
    if (digits.length >= 11) return { kind: 'phone', digits, exact: true };
    if (digits.length >= 5) return { kind: 'phone', digits, exact: false };
    return { kind: 'name', text: q };
  }
  return { kind: 'name', text: q };
}

/** A CSV cell for Excel: quoted when needed, and a leading =, +, - or @ defused (formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Kopecks as Russian Excel reads a number: `12990,50` (comma decimal, no grouping). */
export function csvMoney(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
