import type { OrderStatusView } from './order-status.rules.ts';

/**
 * `POST /api/order-status` on the wire (DECISIONS 29): the lookup's view, the delivery method under
 * the spec's name `getWay` (checkout.md §3), which the page and the mobile app read.
 */
export interface WireOrderStatus extends Omit<OrderStatusView, 'delivery'> {
  delivery: { getWay: string } & Omit<OrderStatusView['delivery'], 'deliveryMethod'>;
}

export function orderStatusToWire(view: OrderStatusView): WireOrderStatus {
  const { deliveryMethod, ...delivery } = view.delivery;
  return { ...view, delivery: { getWay: deliveryMethod, ...delivery } };
}
