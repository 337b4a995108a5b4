import type { FastifyInstance } from 'fastify';
import { settingsParams, settingsSaveBody } from '../../../core/content/settings-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The shop's settings: admins only (DECISIONS 30). */
export function settingsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { settingsAdmin } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/settings',
    roles: roles.admin,
    async handler() {
      return { result: true, documents: await settingsAdmin.list() };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/settings/:id',
    roles: roles.admin,
    async handler(request, _reply, actor) {
      const { id } = parseInput(settingsParams, request.params, request);
      const input = parseInput(settingsSaveBody, request.body, request);
      return {
        result: true,
        record: await settingsAdmin.save(id, input, actor, requestLocale(request)),
      };
    },
  });
}
