/** Order states and their transitions (DECISIONS 14): one declared table, never ad hoc updates. */
export const orderStatuses = [
  'new',
  'awaiting_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'payment_failed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['awaiting_payment', 'cancelled'],
  awaiting_payment: ['paid', 'payment_failed', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
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

/** Minutes an order may wait for its payment before it expires and its stock returns. */
export const PAYMENT_TIMEOUT_MINUTES = 30;
