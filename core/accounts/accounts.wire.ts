import type { CabinetOrder, UserView } from './accounts.types.ts';

/**
 * The user on the wire (catalogue.md §3 User, §7 `GET /api/user/fetch`, DECISIONS 28): `_id`, name,
 * secondName, email, phone, birthDate (`YYYY-MM-DD` or null), addresses (catalogue.md §3 Saved
 * address) and `token`, the session token the app sends back as `Authorization: Bearer` (null when
 * the request came with the cookie only). The cabinet's own fields (notification channel, consents)
 * travel beside them.
 */
export type WireUser = UserView & { token: string | null };

/** The internal view already carries the spec's names (accounts.types.ts); the token is added. */
export function userToWire(user: UserView, token: string | null): WireUser {
  return { ...user, token };
}

/**
 * A cabinet order on the wire (`GET /api/user/orders`): the delivery method under the checkout's
 * name `getWay` and a line's variant id as `_id` (checkout.md §3).
 */
export interface WireCabinetOrder extends Omit<CabinetOrder, 'deliveryMethod' | 'products'> {
  getWay: string;
  products: ({ _id: string } & Omit<CabinetOrder['products'][number], 'variantId'>)[];
}

export function cabinetOrderToWire(order: CabinetOrder): WireCabinetOrder {
  return {
    orderID: order.orderID,
    status: order.status,
    createdAt: order.createdAt,
    getWay: order.deliveryMethod,
    payment: order.payment,
    city: order.city,
    address: order.address,
    summ: order.summ,
    deliveryPrice: order.deliveryPrice,
    promocodeDiscountPrice: order.promocodeDiscountPrice,
    total: order.total,
    products: order.products.map(({ variantId, ...line }) => ({ _id: variantId, ...line })),
  };
}
