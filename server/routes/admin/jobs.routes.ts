import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, requestLocale } from '../../request.ts';
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

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/jobs/:id/retry',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { id } = parseInput(jobParams, request.params, request);
      return { result: true, ...(await deps.services.jobsAdmin.retry(id, actor, requestLocale(request))) };
    },
  });
}
