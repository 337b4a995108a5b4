import type { PaymentKind } from '../providers/payments/payment-provider.ts';
import type { OrderStatus } from './order.rules.ts';

/**
 * Wire shapes of the order and payment endpoints (checkout.md §3, §4, §7). Money in kopecks.
 *
 * `POST /api/payment?draft={bool}` and `POST /api/payment` take the order payload below (the spec's
 * field names) and answer:
 * - draft=true: `{ result: true, order: { orderID }, data: { orderID } }`; the order is stored and its
 *   stock reserved, no payment is started (instalment and BNPL flows start their own);
 * - payment `dolyame` or `tinkoff`, or `hePayMode`: the same (the id only; the phone payment is
 *   started and the provider reaches the phone itself);
 * - payment `online`, `online-international`, `split`, `yaPay`, `other_pay`:
 *   `{ result: true, url, order: { orderID }, data: { orderID } }` where `url` is the payment page
 *   (the sandbox's own page in sandbox mode); the storefront goes there for the card methods, shows
 *   a "go to payment" link for `split` and `yaPay` (checkout.md §4: no automatic redirect), and the
 *   link for the payer for `other_pay`. The provider returns the shopper to
 *   `/?success=true|false&orderID=N&key=K`, `K` being the order's status key;
 * - refusal: `{ result: false, message }` with status 409 (sold out meanwhile, used-up promo code)
 *   or 400 (bad input, naming the field).
 * An `Idempotency-Key` header makes a retry return the first answer.
 *
 * `POST /api/dolyame/create` `{ orderID, products, productsSumm, deliverySumm, promocodeDiscountPercent,
 * clientInfo }` and `POST /api/payment/create-tinkoff-order` `{ orderNumber, promoCode, demoFlow, ... }`
 * answer `{ result: true, data: url }` (the page to follow) or `{ result: false, message }`.
 *
 * `GET /api/orders/for-analytics?orderID=` answers `{ result: true, data: WireOrder }` (OrderView
 * in the spec's names, orders.wire.ts) for orders
 * made in this browser (an HttpOnly cookie lists them); with `&key=` from the payment's return
 * address, `{ result: true, data: OrderStatusView }` (the status only) in any browser; 404 otherwise.
 *
 * `GET /api/promocodes/check?code=&phone=` (with the browser's `cart` cookie) answers `{ result: true,
 * message, data: { percent, kind, discount, freeDelivery } }` (`percent` 0 for a fixed-amount or
 * free-delivery code; `discount` in roubles off that cart, null without one) or `{ result: false,
 * message }` (docs/product/promo-codes.md).
 *
 * Sandbox payment page: `GET /api/sandbox/payments/:token` answers `{ result: true, data:
 * SandboxPaymentView }`; `POST /api/sandbox/payments/:token` `{ decision: 'pay' | 'decline' }`
 * answers `{ result: true, url }`, the shop's return address `/?success=true|false&orderID=N`.
 */

export interface OrderView {
  orderID: number;
  status: OrderStatus;
  /** What the browser shows on the result screen. */
  paid: boolean;
  deliveryMethod: string;
  payment: string;
  currency: 'RUB';
  /** Goods paid now (kopecks); zero with fitting. */
  summ: number;
  deliveryPrice: number;
  promocodeDiscountPrice: number;
  total: number;
  products: {
    variantId: string;
    groupId: string;
    name: string;
    size: string;
    barcode: string;
    price: number;
    oldPrice: number | null;
    count: number;
    category: string;
  }[];
}

/**
 * `GET /api/orders/for-analytics?orderID=&key=` for a browser that did not make the order but came
 * back from its payment with the return address's status key (pay-by-another-person): the status
 * only, no lines and no personal data.
 */
export interface OrderStatusView {
  orderID: number;
  status: OrderStatus;
  paid: boolean;
}

export interface SandboxPaymentView {
  token: string;
  orderID: number;
  /** `card`, `split`, `instalment`, `bnpl`, `phone`. */
  kind: PaymentKind;
  /** Kopecks to pay now. */
  amount: number;
  /** Split and BNPL: the parts (kopecks); instalment: the monthly payment. */
  schedule: number[];
  lines: { name: string; count: number; price: number }[];
  status: 'pending' | 'paid' | 'declined' | 'expired';
  /** Where the shopper returns after a decision. */
  successUrl: string;
  failUrl: string;
}
