import type { FastifyInstance } from 'fastify';
import { buyoutChangeBody, buyoutRecordBody, buyoutRetryBody } from '../../../core/buyout/buyout.schemas.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The try-on buyout (docs/product/try-on-buyout.md): managers and admins, on the order's phone screen. */
export function buyoutRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/:number/buyout',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, ...(await services.buyout.get(number, requestLocale(request))) };
    },
  });

  // What the buyer kept: once per order, over the order's version the screen showed.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/buyout',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(buyoutRecordBody, request.body, request);
      return {
        result: true,
        ...(await services.buyout.record(number, body, actor, requestLocale(request))),
      };
    },
  });

  // A correction while the payment is open: over the buyout's version (409 when stale).
  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/orders/:number/buyout',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(buyoutChangeBody, request.body, request);
      return {
        result: true,
        ...(await services.buyout.change(number, body, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/buyout/link',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(buyoutRetryBody, request.body, request);
      return {
        result: true,
        ...(await services.buyout.renewLink(number, body, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/buyout/refund',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(buyoutRetryBody, request.body, request);
      return {
        result: true,
        ...(await services.buyout.retryRefund(number, body, actor, requestLocale(request))),
      };
    },
  });

  // The screen's "check the payment": asks the provider when the notice has not come.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/buyout/check',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, ...(await services.buyout.checkPayment(number, requestLocale(request))) };
    },
  });
}
