import type { FastifyInstance } from 'fastify';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  exchangeShippedBody,
  returnCancelBody,
  returnDecisionBody,
  returnListQuery,
  returnNumberParams,
  returnVersionBody,
  staffReturnBody,
} from '../../../core/returns/returns.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The returns queue and its steps (docs/decisions/0033-returns-and-exchanges.md): managers and admins. */
export function adminReturnsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/returns',
    roles: roles.manager,
    async handler(request) {
      const query = parseInput(returnListQuery, request.query, request);
      return { result: true, ...(await services.returns.list(query)) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/returns/:number',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(returnNumberParams, request.params, request);
      return { result: true, ...(await services.returns.get(number, requestLocale(request))) };
    },
  });

  // A return staff open for a buyer who phones or comes to the showroom, with the buyer's rules.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/returns',
    roles: roles.manager,
    async handler(request, reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const input = parseInput(staffReturnBody, request.body, request);
      const created = await services.returns.openForBuyer(number, input, actor, requestLocale(request));
      reply.code(201);
      return { result: true, return: created };
    },
  });

  // The steps: the parcel received, the lines decided (refund started), a refund or parcel retried,
  // an exchange's new size sent. Each checks the version the screen showed.
  // Looked up per request: the routes are registered before anything calls the service.
  const steps = {
    receive: 'receive',
    'refund-retry': 'retryRefund',
    'parcel-retry': 'retryParcel',
    // The exchange's new sizes handed to the order's carrier (docs/product/returns.md).
    'exchange-hand-over': 'exchangeHandOver',
  } as const;
  for (const [step, method] of Object.entries(steps)) {
    staffRoute(app, deps, {
      method: 'POST',
      url: `/api/admin/returns/:number/${step}`,
      roles: roles.manager,
      async handler(request, _reply, actor) {
        const { number } = parseInput(returnNumberParams, request.params, request);
        const body = parseInput(returnVersionBody, request.body, request);
        const run = services.returns[method];
        return { result: true, ...(await run(number, body, actor, requestLocale(request))) };
      },
    });
  }

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/returns/:number/decide',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(returnNumberParams, request.params, request);
      const body = parseInput(returnDecisionBody, request.body, request);
      return {
        result: true,
        ...(await services.returns.decide(number, body, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/returns/:number/cancel',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(returnNumberParams, request.params, request);
      const body = parseInput(returnCancelBody, request.body, request);
      return {
        result: true,
        ...(await services.returns.cancel(number, body, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/returns/:number/exchange-shipped',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(returnNumberParams, request.params, request);
      const body = parseInput(exchangeShippedBody, request.body, request);
      return {
        result: true,
        ...(await services.returns.exchangeShipped(number, body, actor, requestLocale(request))),
      };
    },
  });
}
