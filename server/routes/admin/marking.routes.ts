import type { FastifyInstance } from 'fastify';
import { markCodeBody, markCodeParams } from '../../../core/marking/marking.schemas.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/**
 * Marking at packing and the settlement receipt (docs/product/marking.md, receipts.md): the order's
 * marked units with their scanned codes and its settlement receipt, a scan, a code removed, and the
 * orders whose settlement receipt staff issue themselves. Managers and admins.
 */
export function adminMarkingRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  async function marking(number: number) {
    return {
      marking: await services.marking.view(number),
      settlement: await services.settlement.get(number),
    };
  }

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/:number/marking',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, ...(await marking(number)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/marking',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const { code } = parseInput(markCodeBody, request.body, request);
      await services.marking.scan(number, code, actor, requestLocale(request));
      return { result: true, ...(await marking(number)) };
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/orders/:number/marking/:id',
    roles: roles.manager,
    async handler(request) {
      const { number, id } = parseInput(markCodeParams, request.params, request);
      await services.marking.remove(number, id, requestLocale(request));
      return { result: true, ...(await marking(number)) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/receipts/settlement-by-hand',
    roles: roles.manager,
    async handler() {
      return { result: true, rows: await services.settlement.listUnsupported() };
    },
  });
}
