import type { OrderStatus } from '../orders/order.rules.ts';

/**
 * The one refund model (docs/product/refunds.md, docs/decisions/0048-one-refund-model.md): every
 * refund of an order (a cancellation, a return, a buyout, staff's partial refund, one made in the
 * provider's own cabinet) is a record with these states and moves only through this table.
 */
export const refundStates = ['needed', 'started', 'succeeded', 'failed', 'manual'] as const;
export type RefundState = (typeof refundStates)[number];

export const refundSources = [
  'cancellation',
  'return',
  'exchange',
  'buyout',
  'staff',
  'provider-cabinet',
] as const;
export type RefundSource = (typeof refundSources)[number];

/**
 * needed: recorded, not yet sent to the provider; started: sent, the provider's answer awaited (an
 * unreachable provider leaves it here, the job sends it again under the same key); succeeded: the
 * provider returned the money; failed: the provider refused, staff may send it again (back to
 * needed) or return the money by hand; manual: staff returned the money outside the provider.
 */
const transitions: Record<RefundState, readonly RefundState[]> = {
  needed: ['started', 'manual'],
  started: ['started', 'succeeded', 'failed'],
  failed: ['needed', 'manual'],
  succeeded: [],
  manual: [],
};

export function canTransition(from: RefundState, to: RefundState): boolean {
  return transitions[from].includes(to);
}

export class RefundTransitionError extends Error {
  readonly from: RefundState;
  readonly to: RefundState;
  constructor(from: RefundState, to: RefundState) {
    super(`a refund in ${from} cannot move to ${to}`);
    this.name = 'RefundTransitionError';
    this.from = from;
    this.to = to;
  }
}

export function assertTransition(from: RefundState, to: RefundState): void {
  if (!canTransition(from, to)) throw new RefundTransitionError(from, to);
}

/** The state a new refund starts in: a refund made in the provider's cabinet is already done. */
export function initialState(source: RefundSource): RefundState {
  return source === 'provider-cabinet' ? 'succeeded' : 'needed';
}

/** States whose money counts as given back or on its way (a failed refund returned nothing). */
export function countsAgainstPaid(state: RefundState): boolean {
  return state !== 'failed';
}

/** States the provider may be asked in (the job sends a needed refund, or a started one again). */
export function canSend(state: RefundState): boolean {
  return state === 'needed' || state === 'started';
}

/** How long a refund may wait as needed or started before staff are asked to look at it. */
export const REFUND_ATTENTION_MS = 30 * 60_000;

/** Whether staff should look at a refund: the provider refused, or it waits too long. */
export function needsAttention(r: { state: RefundState; updatedAt: Date }, now: Date): boolean {
  if (r.state === 'failed') return true;
  return (
    (r.state === 'needed' || r.state === 'started') &&
    now.getTime() - r.updatedAt.getTime() > REFUND_ATTENTION_MS
  );
}

/** What may still be refunded of `paid` after `refunds` (kopecks): never below zero. */
export function refundable(paid: number, refunds: readonly { state: RefundState; amount: number }[]): number {
  const taken = refunds.filter((r) => countsAgainstPaid(r.state)).reduce((a, r) => a + r.amount, 0);
  return Math.max(0, paid - taken);
}

/** Why units cannot be taken off an order with their refund, or null: only paid and not yet shipped. */
export type LineRemovalRefusal = 'not_paid' | 'shipped';

export function lineRemovalRefusal(status: OrderStatus): LineRemovalRefusal | null {
  if (status === 'paid' || status === 'confirmed') return null;
  if (status === 'shipped' || status === 'ready_for_pickup' || status === 'delivered') return 'shipped';
  return 'not_paid';
}

/**
 * The refund receipt's payment method (54-FZ, DECISIONS 36): while the goods have not left the
 * shop the money was a prepayment (`full_prepayment`); once handed over, a settlement (`full_payment`).
 */
export function refundMethodAt(status: OrderStatus): 'full_prepayment' | 'full_payment' {
  return status === 'shipped' || status === 'ready_for_pickup' || status === 'delivered'
    ? 'full_payment'
    : 'full_prepayment';
}
