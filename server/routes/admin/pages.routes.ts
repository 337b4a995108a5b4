import type { FastifyInstance } from 'fastify';
import {
  pageBody,
  pageDeleteBody,
  pageOrderBody,
  pageParams,
  pageUpdateBody,
} from '../../../core/content/pages-admin.schemas.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The generic pages: editors (DECISIONS 30). */
export function pagesRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { pagesAdmin } = deps.services;
  const editor = { roles: roles.editor };

  staffRoute(app, deps, {
    ...editor,
    method: 'GET',
    url: '/api/admin/pages',
    async handler() {
      return { result: true, ...(await pagesAdmin.list()) };
    },
  });

  staffRead(app, deps, {
    ...editor,
    url: '/api/admin/pages/:id',
    params: pageParams,
    get: async ({ id }, locale) => ({ page: await pagesAdmin.get(id, locale) }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/admin/pages',
    body: pageBody,
    status: 201,
    act: async (_p, input, actor, locale) => ({ page: await pagesAdmin.create(input, actor, locale) }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/pages/:id',
    params: pageParams,
    body: pageUpdateBody,
    act: async ({ id }, input, actor, locale) => ({
      page: await pagesAdmin.update(id, input, actor, locale),
    }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/admin/pages/:id',
    params: pageParams,
    body: pageDeleteBody,
    bodyMayBeAbsent: true,
    act: ({ id }, { updatedAt }, actor, locale) => pagesAdmin.remove(id, updatedAt, actor, locale),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/pages-order',
    body: pageOrderBody,
    act: (_p, { ids }, actor, locale) => pagesAdmin.reorder(ids, actor, locale),
  });
}
