import type { FastifyInstance } from 'fastify';
import { buyoutChangeBody, buyoutRecordBody, buyoutRetryBody } from '../../../core/buyout/buyout.schemas.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The try-on buyout (docs/product/try-on-buyout.md): managers and admins, on the order's phone screen. */
export function buyoutRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;
  const url = '/api/admin/orders/:number/buyout';
  const action = { roles: roles.manager, params: orderNumberParams };

  staffRead(app, deps, {
    ...action,
    url,
    get: ({ number }, locale) => services.buyout.get(number, locale),
  });

  // What the buyer kept: once per order, over the order's version the screen showed.
  staffAction(app, deps, {
    ...action,
    method: 'POST',
    url,
    body: buyoutRecordBody,
    act: ({ number }, body, actor, locale) => services.buyout.record(number, body, actor, locale),
  });

  // A correction while the payment is open: over the buyout's version (409 when stale).
  staffAction(app, deps, {
    ...action,
    method: 'PUT',
    url,
    body: buyoutChangeBody,
    act: ({ number }, body, actor, locale) => services.buyout.change(number, body, actor, locale),
  });

  staffAction(app, deps, {
    ...action,
    method: 'POST',
    url: `${url}/link`,
    body: buyoutRetryBody,
    act: ({ number }, body, actor, locale) => services.buyout.renewLink(number, body, actor, locale),
  });

  staffAction(app, deps, {
    ...action,
    method: 'POST',
    url: `${url}/refund`,
    body: buyoutRetryBody,
    act: ({ number }, body, actor, locale) => services.buyout.retryRefund(number, body, actor, locale),
  });

  // The screen's "check the payment": asks the provider when the notice has not come.
  staffRoute(app, deps, {
    method: 'POST',
    url: `${url}/check`,
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, ...(await services.buyout.checkPayment(number, requestLocale(request))) };
    },
  });
}
