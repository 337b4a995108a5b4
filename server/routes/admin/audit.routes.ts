import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const auditQuery = z.object({
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(100).optional(),
  actorId: z.uuid().optional(),
  action: z.string().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** The staff change log (DECISIONS 31), filterable; admins and managers read it. */
export function auditRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/audit',
    roles: roles.manager,
    async handler(request) {
      const q = parseInput(auditQuery, request.query, request);
      const page = await deps.services.audit.list({
        ...q,
        from: q.from ? new Date(`${q.from}T00:00:00+03:00`) : undefined,
        to: q.to ? new Date(new Date(`${q.to}T00:00:00+03:00`).getTime() + 86_400_000) : undefined,
      });
      return { result: true, ...page };
    },
  });
}
