import type { ShipmentStage } from '../providers/carriers/carrier-provider.ts';
import { canTransition, type OrderStatus } from './order.rules.ts';
import { type Carrier, carrierOf } from './order-status.rules.ts';

/**
 * Which carrier takes an order's parcel, and what a carrier's status means for the
 * order (docs/decisions/0025-real-carriers.md).
 */
export type ShipmentCarrier = Carrier;

/**
 * The carrier of a delivery method (order-status.rules.ts `carrierOf`): CDEK for its courier and
 * points, Boxberry for its points, DHL Express for the English edition's courier abroad
 * (`delivery-sdek` to a country other than Russia, checkout.md §7). Moscow courier and the shop's
 * own pickup have none.
 */
export function shipmentCarrierOf(order: {
  getWay: string;
  delivery: { countryCode?: string | null };
}): ShipmentCarrier | null {
  return carrierOf(order.getWay, (order.delivery.countryCode || 'RU').toUpperCase());
}

/** Door or pickup point, by the delivery method. */
export function shipmentModeOf(deliveryMethod: string): 'door' | 'pickup' {
  return deliveryMethod.startsWith('self-') ? 'pickup' : 'door';
}

/**
 * The order steps a carrier's stage asks for, from the order's state, through the transition table:
 * handed over → shipped; at the pickup point → ready for pickup; delivered → delivered (through
 * shipped when the order was never marked so). Nothing for other stages, or when the order is
 * already there or beyond.
 */
export function stepsForStage(status: OrderStatus, stage: ShipmentStage): OrderStatus[] {
  const target: OrderStatus | null =
    stage === 'handed_over'
      ? 'shipped'
      : stage === 'at_pickup_point'
        ? 'ready_for_pickup'
        : stage === 'delivered'
          ? 'delivered'
          : null;
  if (!target || status === target) return [];
  if (canTransition(status, target)) return [target];
  if (canTransition(status, 'shipped') && canTransition('shipped', target)) return ['shipped', target];
  return [];
}

/**
 * Whether a carrier status read now should be applied over the last one applied: a later time, or
 * another code at a time the carrier does not give. The same status again (a repeated webhook) or an
 * older one (webhooks out of order) is not.
 */
export function isNewerStatus(
  last: { code: string | null; at: Date | null },
  next: { code: string; at: Date | null },
): boolean {
  if (last.code === null) return true;
  if (next.at && last.at) return next.at.getTime() > last.at.getTime();
  return next.code !== last.code;
}
