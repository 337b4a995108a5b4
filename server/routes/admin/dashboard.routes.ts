import type { FastifyInstance } from 'fastify';
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
}
