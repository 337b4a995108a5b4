/** Order states and their transitions (DECISIONS 14): one declared table, never ad hoc updates. */
export const orderStatuses = [
  'new',
  'awaiting_payment',
  'paid',
  'confirmed',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'cancelled',
  'payment_failed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['awaiting_payment', 'cancelled'],
  awaiting_payment: ['paid', 'payment_failed', 'cancelled'],
  // The back office's steps (docs/decisions/0012-back-office-orders.md): a manager confirms a paid
  // order, hands it to the carrier, marks it ready at the pickup point, delivered, or cancels it.
  paid: ['confirmed', 'shipped', 'ready_for_pickup', 'cancelled'],
  confirmed: ['shipped', 'ready_for_pickup', 'cancelled'],
  shipped: ['ready_for_pickup', 'delivered'],
  ready_for_pickup: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
  payment_failed: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** States whose reserved stock goes back to the shelf. */
export function releasesStock(status: OrderStatus): boolean {
  return status === 'cancelled' || status === 'payment_failed';
}

/** States of an order whose money the shop holds: cancelling one refunds it. */
export function isPaidStatus(status: OrderStatus): boolean {
  return (
    status === 'paid' ||
    status === 'confirmed' ||
    status === 'shipped' ||
    status === 'ready_for_pickup' ||
    status === 'delivered'
  );
}

/** How long unpaid orders hold their stock (DECISIONS 32, docs/decisions/0018): both are settings. */
export interface HoldMinutes {
  /** Online payment and the payment link (pay-by-another-person, the phone's payment). */
  online: number;
  /** Instalment and BNPL, whose decision takes the shopper longer. */
  decision: number;
}

export const DEFAULT_HOLD_MINUTES: HoldMinutes = { online: 20, decision: 60 };

/** The longest default hold: past it, every unpaid order of the default settings has expired. */
export const PAYMENT_TIMEOUT_MINUTES = DEFAULT_HOLD_MINUTES.decision;

/** Minutes an order of this payment method holds its stock while unpaid. */
export function holdMinutes(payment: string, holds: HoldMinutes): number {
  return payment === 'tinkoff' || payment === 'dolyame' ? holds.decision : holds.online;
}

/**
 * What one client's unpaid orders may hold (DECISIONS 32, docs/decisions/0018). A client is a
 * browser (its `shi-device` cookie), a phone, and an address; many shoppers share one address
 * (mobile carriers, offices), so the address has higher ceilings.
 */
export const HOLD_CAPS: HoldCaps = {
  orders: 3,
  unitsPerVariant: 10,
  addressOrders: 10,
  addressUnitsPerVariant: 30,
  /** Items of one try-on order (`moscow-try`). */
  tryOnItems: 10,
};

/** The caps of unpaid orders; a setting (`main.holdCaps`), {@link HOLD_CAPS} when absent. */
export interface HoldCaps {
  orders: number;
  unitsPerVariant: number;
  addressOrders: number;
  addressUnitsPerVariant: number;
  tryOnItems: number;
}

export interface Holder {
  phone: string;
  ip: string;
  deviceId: string | null;
}

/** An unpaid order that holds stock, with the units each line took. */
export interface HeldOrder extends Holder {
  lines: { variantId: string; reserved: number }[];
}

export type HoldRefusal =
  | { kind: 'orders'; by: 'device' | 'phone' | 'address'; cap: number }
  | { kind: 'units'; by: 'device' | 'phone' | 'address'; variantId: string; cap: number; left: number };

/**
 * Whether a client may place an order taking `wanted` units from stock on top of the unpaid orders
 * it already holds; null when it may. Orders taking nothing (pre-orders only) are not capped.
 */
export function holdRefusal(
  held: HeldOrder[],
  client: Holder,
  wanted: { variantId: string; count: number }[],
  caps: HoldCaps = HOLD_CAPS,
): HoldRefusal | null {
  const taking = wanted.filter((w) => w.count > 0);
  if (taking.length === 0) return null;
  const views = [
    {
      by: 'device' as const,
      match: (o: Holder) => client.deviceId !== null && o.deviceId === client.deviceId,
    },
    { by: 'phone' as const, match: (o: Holder) => o.phone === client.phone },
    { by: 'address' as const, match: (o: Holder) => o.ip === client.ip },
  ];
  for (const { by, match } of views) {
    const mine = held.filter(match);
    const ordersCap = by === 'address' ? caps.addressOrders : caps.orders;
    if (mine.length >= ordersCap) return { kind: 'orders', by, cap: ordersCap };
    const unitsCap = by === 'address' ? caps.addressUnitsPerVariant : caps.unitsPerVariant;
    for (const w of taking) {
      const already = mine
        .flatMap((o) => o.lines)
        .filter((l) => l.variantId === w.variantId)
        .reduce((sum, l) => sum + l.reserved, 0);
      if (already + w.count > unitsCap) {
        return {
          kind: 'units',
          by,
          variantId: w.variantId,
          cap: unitsCap,
          left: Math.max(0, unitsCap - already),
        };
      }
    }
  }
  return null;
}
