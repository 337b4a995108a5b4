import type { FastifyInstance } from 'fastify';
import {
  categoryCreateBody,
  categoryDeleteQuery,
  categoryListQuery,
  categoryParams,
  categoryUpdateBody,
  lookCreateBody,
  lookDeleteBody,
  lookOrderBody,
  lookParams,
  lookUpdateBody,
} from '../../core/content/custom-pages.schemas.ts';
import { parseInput, requestLocale } from '../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './admin/staff-route.ts';

/**
 * catalogue.md §7 custom pages: the looks of the 'instashop' page are public; the custom-page
 * categories and every change are for editors and admins (DECISIONS 30), audited (DECISIONS 31).
 */
export function customPagesRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { customPages } = deps.services;

  // The shoppers' looks page and the mobile app read this list.
  app.get('/api/custompages/instashop', async () => customPages.listLooks());

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/custompages/categories',
    roles: roles.editor,
    async handler(request) {
      const { sort } = parseInput(categoryListQuery, request.query, request);
      return customPages.listCategories(sort);
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/custompages/categories/create',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const input = parseInput(categoryCreateBody, request.body ?? {}, request);
      const data = await customPages.createCategory(input, actor, requestLocale(request));
      reply.status(201);
      return { result: true, data };
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/custompages/categories/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(categoryParams, request.params, request);
      const { updatedAt } = parseInput(categoryDeleteQuery, request.query, request);
      return {
        result: true,
        ...(await customPages.removeCategory(id, updatedAt, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/custompages/categories/update/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(categoryParams, request.params, request);
      const input = parseInput(categoryUpdateBody, request.body, request);
      return {
        result: true,
        data: await customPages.updateCategory(id, input, actor, requestLocale(request)),
      };
    },
  });

  // The back office's looks page (/admin/looks): add, tag, order and delete looks.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/looks',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const { src } = parseInput(lookCreateBody, request.body, request);
      reply.status(201);
      return { result: true, data: await customPages.createLook(src, actor) };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/looks/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(lookParams, request.params, request);
      const input = parseInput(lookUpdateBody, request.body, request);
      return {
        result: true,
        data: await customPages.updateLook(id, input, actor, requestLocale(request)),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/looks/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(lookParams, request.params, request);
      const { updatedAt } = parseInput(lookDeleteBody, request.body ?? {}, request);
      return {
        result: true,
        ...(await customPages.removeLook(id, updatedAt, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/looks-order',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { ids } = parseInput(lookOrderBody, request.body, request);
      return { result: true, ...(await customPages.reorderLooks(ids, actor, requestLocale(request))) };
    },
  });
}
