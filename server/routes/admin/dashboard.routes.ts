import type { FastifyInstance } from 'fastify';
import type { SalesSpan } from '../../../core/orders/dashboard.rules.ts';
import { salesQuery } from '../../../core/orders/dashboard.schemas.ts';
import { parseInput } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The back office's front page: every staff role sees it, revenue only admins and managers. */
export function dashboardRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/dashboard',
    roles: roles.anyStaff,
    async handler(_request, _reply, actor) {
      const withRevenue = actor.role === 'admin' || actor.role === 'manager';
      const figures = await deps.services.dashboard.get({
        withRevenue,
        publicShop: deps.publicShop === true,
      });
      // Failed calls to payments, SMS, e-mail, carriers… are counted per process (server/metrics.ts).
      const process = deps.metrics?.providerFailureCounts() ?? [];
      return { result: true, ...figures, providerFailures: { ...figures.providerFailures, process } };
    },
  });

  /** The dashboard's pictures for 7, 30 or 90 days; sums of money for admins and managers only. */
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/dashboard/sales',
    roles: roles.anyStaff,
    async handler(request, _reply, actor) {
      const { days } = parseInput(salesQuery, request.query, request);
      const withRevenue = actor.role === 'admin' || actor.role === 'manager';
      return {
        result: true,
        ...(await deps.services.dashboard.sales({ days: days as SalesSpan, withRevenue })),
      };
    },
  });
}
