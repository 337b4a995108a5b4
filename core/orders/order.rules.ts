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

/**
 * What the unpaid orders of one network may hold (docs/decisions/0018): the browser, phone and
 * address caps are beaten by fresh cookies, made-up phones and neighbouring addresses, so an IPv4 /24
 * and an IPv6 /64 are counted too, as shares of the stock rather than as units, with floors that
 * leave a real shopper's one or two orders room in a small shop.
 */
export const NETWORK_CAPS: NetworkCaps = {
  catalogueShare: 0.05,
  catalogueMin: 10,
  variantShare: 0.1,
  variantMin: 2,
  busyOrders: 2,
  busyHoldMinutes: 10,
};

export interface NetworkCaps {
  /** Share of the catalogue's in-stock units (on the shelf plus held by the network) it may hold. */
  catalogueShare: number;
  /** Units it may hold over the catalogue whatever the share. */
  catalogueMin: number;
  /** Share of one variant's units (on the shelf plus held by the network) it may hold. */
  variantShare: number;
  /** Units of one variant it may hold whatever the share. */
  variantMin: number;
  /** From this many unpaid orders of the network on, a new order holds its stock at most `busyHoldMinutes`. */
  busyOrders: number;
  busyHoldMinutes: number;
}

const privateV4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./];

/**
 * The network an address belongs to, for the network caps: its IPv4 /24 or IPv6 /64, written
 * `203.0.113.0/24`, `2001:db8:0:1::/64`. Null for loopback, private and link-local addresses: the
 * shop sees those only from its own network (or behind a proxy it was not told of, where every
 * shopper has one address and the address caps apply), never from an internet client, and the
 * journeys and tests place their orders from them.
 */
export function networkOf(ip: string): string | null {
  const v4 = ip.match(/^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i);
  if (v4) {
    const dotted = `${v4[1]}.${v4[2]}.${v4[3]}.`;
    if (privateV4.some((p) => p.test(dotted))) return null;
    return `${dotted}0/24`;
  }
  const groups = expandIPv6(ip);
  if (!groups) return `${ip}/?`;
  const first = groups[0] ?? 0;
  const loopback = groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
  // fc00::/7 unique local, fe80::/10 link-local.
  if (loopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function expandIPv6(ip: string): number[] | null {
  const bare = ip.replace(/%.*$/, '');
  if (!/^[0-9a-f:]+$/i.test(bare) || bare.split('::').length > 2) return null;
  const [head = '', tail] = bare.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: fill }, () => 0), ...right];
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g) || g > 0xffff)) return null;
  return groups;
}

/** What one network's unpaid orders hold, and what is on the shelf, for {@link networkRefusal}. */
export interface NetworkHolding {
  /** Units the network's unpaid orders hold, per variant. */
  held: Map<string, number>;
  /** Units on the shelf of the order's variants. */
  shelf: Map<string, number>;
  /** Units on the shelf over the whole catalogue. */
  catalogueShelf: number;
}

export type NetworkRefusal =
  | { kind: 'units'; variantId: string; cap: number; left: number }
  | { kind: 'catalogue'; cap: number; left: number };

/**
 * Whether one network may hold `wanted` more units: per variant at most
 * max(variantMin, variantShare of the variant's units), over the catalogue at most
 * max(catalogueMin, catalogueShare of its in-stock units), both counted with what the network
 * already holds (it came off the shelf). Null when it may.
 */
export function networkRefusal(
  holding: NetworkHolding,
  wanted: { variantId: string; count: number }[],
  caps: NetworkCaps = NETWORK_CAPS,
): NetworkRefusal | null {
  const taking = wanted.filter((w) => w.count > 0);
  if (taking.length === 0) return null;
  for (const w of taking) {
    const held = holding.held.get(w.variantId) ?? 0;
    const units = held + (holding.shelf.get(w.variantId) ?? 0);
    const cap = Math.max(caps.variantMin, Math.floor(units * caps.variantShare));
    if (held + w.count > cap)
      return { kind: 'units', variantId: w.variantId, cap, left: Math.max(0, cap - held) };
  }
  const heldTotal = [...holding.held.values()].reduce((a, b) => a + b, 0);
  const cap = Math.max(
    caps.catalogueMin,
    Math.floor((holding.catalogueShelf + heldTotal) * caps.catalogueShare),
  );
  const adding = taking.reduce((sum, w) => sum + w.count, 0);
  if (heldTotal + adding > cap) return { kind: 'catalogue', cap, left: Math.max(0, cap - heldTotal) };
  return null;
}

/** Minutes a new order holds its stock: shorter once its network already holds `busyOrders` unpaid orders. */
export function networkHoldMinutes(minutes: number, networkOrders: number, caps: NetworkCaps = NETWORK_CAPS) {
  return networkOrders >= caps.busyOrders ? Math.min(minutes, caps.busyHoldMinutes) : minutes;
}
