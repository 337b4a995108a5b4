import type { FastifyInstance } from 'fastify';
import { settingsParams, settingsSaveBody } from '../../../core/content/settings-admin.schemas.ts';
import { staffAction } from './staff-action.ts';
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

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/settings/:id',
    roles: roles.admin,
    params: settingsParams,
    body: settingsSaveBody,
    act: async ({ id }, input, actor, locale) => ({
      record: await settingsAdmin.save(id, input, actor, locale),
    }),
  });
}
