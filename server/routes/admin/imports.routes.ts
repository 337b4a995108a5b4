import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.coerce.number().int().positive().max(2_000_000_000).optional(),
});

/** Catalogue imports in the back office (docs/decisions/0031-catalogue-exchange.md). */
export function importsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  // The history of imports with their reports (1C and staff), newest first.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/imports',
    roles: roles.anyStaff,
    async handler(request) {
      const query = parseInput(listQuery, request.query, request);
      return { result: true, rows: await deps.services.commerceMl.listImports(query) };
    },
  });

  // The spec's "POST /api/fetch-data" (catalogue.md), under /api/admin/ as every staff endpoint is:
  // waiting 1C imports, then every cache.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/fetch-data',
    roles: roles.anyStaff,
    async handler(_request, _reply, actor) {
      return { result: true, ...(await deps.services.catalogueRefresh.refresh(actor)) };
    },
  });
}
