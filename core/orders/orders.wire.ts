import { wireRoubles } from '../wire.ts';
import type { OrderStatus } from './order.rules.ts';
import type { OrderStatusView, OrderView } from './orders.types.ts';

/**
 * `GET /api/orders/for-analytics` on the wire (checkout.md §7, DECISIONS 28): the purchase as the
 * analytics report it, in roubles (orders are kept and reported in RUB, checkout.md §9): products,
 * summ, deliveryPrice, `get` (the delivery method) and payment. The spec's names are given here
 * only: the delivery method is `getWay` (and `get`), a line's variant id `_id`.
 */
export interface WireOrderLine {
  /** Variant id. */
  _id: string;
  /** The product group. */
  groupId: string;
  name: string;
  TheSize: string;
  Barcode: string;
  category: string;
  price: number;
  oldPrice: number | null;
  count: number;
}

export interface WireOrder {
  orderID: number;
  status: OrderStatus;
  paid: boolean;
  /** The delivery method (checkout.md §3 getWay). */
  get: string;
  getWay: string;
  payment: string;
  currency: 'RUB';
  /** Goods paid now, after the promo code; zero with fitting. */
  summ: number;
  deliveryPrice: number;
  promocodeDiscountPrice: number;
  total: number;
  products: WireOrderLine[];
}

export function orderToWire(view: OrderView): WireOrder {
  return {
    orderID: view.orderID,
    status: view.status,
    paid: view.paid,
    get: view.deliveryMethod,
    getWay: view.deliveryMethod,
    payment: view.payment,
    currency: view.currency,
    summ: wireRoubles(view.summ),
    deliveryPrice: wireRoubles(view.deliveryPrice),
    promocodeDiscountPrice: wireRoubles(view.promocodeDiscountPrice),
    total: wireRoubles(view.total),
    products: view.products.map((p) => ({
      _id: p.variantId,
      groupId: p.groupId,
      name: p.name,
      TheSize: p.size,
      Barcode: p.barcode,
      category: p.category,
      price: wireRoubles(p.price),
      oldPrice: p.oldPrice === null ? null : wireRoubles(p.oldPrice),
      count: p.count,
    })),
  };
}

/** A payer's browser reads the status only (OrderStatusView); the full view is mapped. */
export function orderAnswerToWire(view: OrderView | OrderStatusView): WireOrder | OrderStatusView {
  return 'products' in view ? orderToWire(view) : view;
}
