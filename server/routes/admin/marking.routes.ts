import type { FastifyInstance } from 'fastify';
import { markCodeBody, markCodeParams } from '../../../core/marking/marking.schemas.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import { staffAction, staffRead } from './staff-action.ts';
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

  const url = '/api/admin/orders/:number/marking';
  const manager = { roles: roles.manager };

  staffRead(app, deps, {
    ...manager,
    url,
    params: orderNumberParams,
    get: ({ number }) => marking(number),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url,
    params: orderNumberParams,
    body: markCodeBody,
    act: async ({ number }, { code }, actor, locale) => {
      await services.marking.scan(number, code, actor, locale);
      return marking(number);
    },
  });

  staffAction(app, deps, {
    ...manager,
    method: 'DELETE',
    url: `${url}/:id`,
    params: markCodeParams,
    act: async ({ number, id }, _body, _actor, locale) => {
      await services.marking.remove(number, id, locale);
      return marking(number);
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
