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
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/**
 * Orders taken by phone (docs/product/phone-orders.md): managers and admins build the order, the
 * server prices and places it, and its payment link goes to the buyer by SMS or e-mail.
 */
export function phoneOrdersRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const service = deps.services.phoneOrders;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/phone-orders/options',
    roles: roles.manager,
    async handler() {
      return { result: true, ...(await service.deliveryWays()) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/phone-orders/products',
    roles: roles.manager,
    async handler(request) {
      const { q } = parseInput(productSearchQuery, request.query, request);
      return { result: true, ...(await service.searchProducts(q, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/phone-orders/cities',
    roles: roles.manager,
    async handler(request) {
      const { q } = parseInput(citySearchQuery, request.query, request);
      return { result: true, ...(await service.suggestCities(q)) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/phone-orders/pickup-points',
    roles: roles.manager,
    async handler(request) {
      const { way, cityID } = parseInput(pickupPointsQuery, request.query, request);
      return { result: true, ...(await service.pickupPoints(way, cityID)) };
    },
  });

  // The server's prices of the form as it stands: nothing is stored.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/phone-orders/quote',
    roles: roles.manager,
    async handler(request) {
      const body = parseInput(phoneOrderQuoteBody, request.body, request);
      return { result: true, ...(await service.quote(body, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/phone-orders',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const body = parseInput(phoneOrderBody, request.body, request);
      return { result: true, ...(await service.create(body, actor, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/phone-orders/:number',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, order: await service.getOrder(number, requestLocale(request)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/phone-orders/:number/link',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(paymentLinkBody, request.body, request);
      return {
        result: true,
        order: await service.sendLink(number, body, actor, requestLocale(request)),
      };
    },
  });
}
