import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderStatuses } from '../../../core/orders/order.rules.ts';
import {
  orderCommentBody,
  orderKeepTryOnBody,
  orderListQuery,
  orderNumberParams,
  orderRefundBody,
  orderStepBody,
} from '../../../core/orders/orders-admin.schemas.ts';
import { handOverBody } from '../../../core/orders/shipments.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const instalmentsQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(orderStatuses).optional()),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** The back office's orders (docs/decisions/0012-back-office-orders.md): managers and admins. */
export function adminOrdersRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;
  const orderAction = { roles: roles.manager, params: orderNumberParams };

  staffRead(app, deps, {
    url: '/api/admin/orders',
    roles: roles.manager,
    query: orderListQuery,
    get: (query) => services.ordersAdmin.list(query),
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/export.csv',
    roles: roles.manager,
    async handler(request, reply) {
      const query = parseInput(orderListQuery, request.query, request);
      const rows = await services.ordersAdmin.exportCsv(query, requestLocale(request));
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`);
      return reply.send(Readable.from(rows));
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/refunds-due',
    roles: roles.manager,
    async handler() {
      return { result: true, ...(await services.ordersAdmin.listRefundsDue()) };
    },
  });

  // Paid try-on orders past their days without hand-over (docs/decisions/0035-try-on-buyout.md).
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/try-on-overdue',
    roles: roles.manager,
    async handler() {
      return { result: true, ...(await services.ordersAdmin.listTryOnOverdue()) };
    },
  });

  staffAction(app, deps, {
    ...orderAction,
    method: 'POST',
    url: '/api/admin/orders/:number/keep-try-on',
    body: orderKeepTryOnBody,
    act: ({ number }, body, actor, locale) => services.ordersAdmin.keepTryOn(number, body, actor, locale),
  });

  staffRead(app, deps, {
    url: '/api/admin/orders/instalments',
    roles: roles.manager,
    query: instalmentsQuery,
    get: (query) => services.ordersAdmin.listInstalments(query),
  });

  staffRead(app, deps, {
    ...orderAction,
    url: '/api/admin/orders/:number',
    get: ({ number }, locale) => services.ordersAdmin.get(number, locale),
  });

  staffAction(app, deps, {
    ...orderAction,
    method: 'POST',
    url: '/api/admin/orders/:number/steps',
    body: orderStepBody,
    act: ({ number }, body, actor, locale) => services.ordersAdmin.takeStep(number, body, actor, locale),
  });

  // Hand to the carrier: the parcel registered with CDEK, Boxberry or DHL, then the shipped step.
  staffAction(app, deps, {
    ...orderAction,
    method: 'POST',
    url: '/api/admin/orders/:number/hand-over',
    body: handOverBody,
    act: ({ number }, body, actor, locale) => services.ordersAdmin.handOver(number, body, actor, locale),
  });

  staffAction(app, deps, {
    ...orderAction,
    method: 'PUT',
    url: '/api/admin/orders/:number/comment',
    body: orderCommentBody,
    act: ({ number }, body, actor, locale) => services.ordersAdmin.saveComment(number, body, actor, locale),
  });

  staffAction(app, deps, {
    ...orderAction,
    method: 'POST',
    url: '/api/admin/orders/:number/refund',
    body: orderRefundBody,
    act: ({ number }, body, actor, locale) => services.ordersAdmin.startRefund(number, body, actor, locale),
  });
}
