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
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps } from './staff-route.ts';

/** The returns queue and its steps (docs/decisions/0033-returns-and-exchanges.md): managers and admins. */
export function adminReturnsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  staffRead(app, deps, {
    url: '/api/admin/returns',
    roles: roles.manager,
    query: returnListQuery,
    get: (query) => services.returns.list(query),
  });

  staffRead(app, deps, {
    url: '/api/admin/returns/:number',
    roles: roles.manager,
    params: returnNumberParams,
    get: ({ number }, locale) => services.returns.get(number, locale),
  });

  // A return staff open for a buyer who phones or comes to the showroom, with the buyer's rules.
  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/returns',
    roles: roles.manager,
    params: orderNumberParams,
    body: staffReturnBody,
    status: 201,
    act: async ({ number }, input, actor, locale) => ({
      return: await services.returns.openForBuyer(number, input, actor, locale),
    }),
  });

  // The steps: the parcel received, the lines decided (refund started), a refund or parcel retried,
  // an exchange's new size sent, the return cancelled. Each checks the version the screen showed.
  // Looked up per request: the routes are registered before anything calls the service.
  const step = <B>(name: string, body: B) => ({
    method: 'POST' as const,
    url: `/api/admin/returns/:number/${name}`,
    roles: roles.manager,
    params: returnNumberParams,
    body,
  });
  const versionSteps = {
    receive: 'receive',
    'refund-retry': 'retryRefund',
    'parcel-retry': 'retryParcel',
    // The exchange's new sizes handed to the order's carrier (docs/product/returns.md).
    'exchange-hand-over': 'exchangeHandOver',
  } as const;
  for (const [name, method] of Object.entries(versionSteps)) {
    staffAction(app, deps, {
      ...step(name, returnVersionBody),
      act: ({ number }, body, actor, locale) => services.returns[method](number, body, actor, locale),
    });
  }
  staffAction(app, deps, {
    ...step('decide', returnDecisionBody),
    act: ({ number }, body, actor, locale) => services.returns.decide(number, body, actor, locale),
  });
  staffAction(app, deps, {
    ...step('cancel', returnCancelBody),
    act: ({ number }, body, actor, locale) => services.returns.cancel(number, body, actor, locale),
  });
  staffAction(app, deps, {
    ...step('exchange-shipped', exchangeShippedBody),
    act: ({ number }, body, actor, locale) => services.returns.exchangeShipped(number, body, actor, locale),
  });
}
