import type { FastifyInstance } from 'fastify';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  citySearchQuery,
  paymentLinkBody,
  phoneOrderBody,
  phoneOrderQuoteBody,
  pickupPointsQuery,
  productSearchQuery,
} from '../../../core/orders/phone-order.schemas.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps } from './staff-route.ts';

/**
 * Orders taken by phone (docs/product/phone-orders.md): managers and admins build the order, the
 * server prices and places it, and its payment link goes to the buyer by SMS or e-mail.
 */
export function phoneOrdersRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const service = deps.services.phoneOrders;

  const manager = { roles: roles.manager };

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/phone-orders/options',
    get: () => service.deliveryWays(),
  });

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/phone-orders/products',
    query: productSearchQuery,
    get: ({ q }, locale) => service.searchProducts(q, locale),
  });

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/phone-orders/cities',
    query: citySearchQuery,
    get: ({ q }) => service.suggestCities(q),
  });

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/phone-orders/pickup-points',
    query: pickupPointsQuery,
    get: ({ way, cityID }) => service.pickupPoints(way, cityID),
  });

  // The server's prices of the form as it stands: nothing is stored.
  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/phone-orders/quote',
    body: phoneOrderQuoteBody,
    act: (_p, body, _actor, locale) => service.quote(body, locale),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/phone-orders',
    body: phoneOrderBody,
    act: (_p, body, actor, locale) => service.create(body, actor, locale),
  });

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/phone-orders/:number',
    params: orderNumberParams,
    get: async ({ number }, locale) => ({ order: await service.getOrder(number, locale) }),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/phone-orders/:number/link',
    params: orderNumberParams,
    body: paymentLinkBody,
    act: async ({ number }, body, actor, locale) => ({
      order: await service.sendLink(number, body, actor, locale),
    }),
  });
}
