import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffAction } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const jobParams = z.object({ id: z.coerce.number().int().positive().max(2_000_000_000) });

/** Failed background jobs (docs/decisions/0021-durable-jobs-and-messages.md): admins and managers see and retry them. */
export function jobsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/jobs/failed',
    roles: roles.manager,
    async handler() {
      return { result: true, ...(await deps.services.jobsAdmin.listFailed()) };
    },
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/jobs/:id/retry',
    roles: roles.manager,
    params: jobParams,
    act: ({ id }, _body, actor, locale) => deps.services.jobsAdmin.retry(id, actor, locale),
  });
}
