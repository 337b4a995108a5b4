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
import { parseInput } from '../request.ts';
import { staffAction } from './admin/staff-action.ts';
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

  const editor = { roles: roles.editor };

  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/custompages/categories/create',
    body: categoryCreateBody,
    bodyMayBeAbsent: true,
    status: 201,
    act: async (_p, input, actor, locale) => ({
      data: await customPages.createCategory(input, actor, locale),
    }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/custompages/categories/:id',
    params: categoryParams,
    query: categoryDeleteQuery,
    act: ({ id, updatedAt }, _body, actor, locale) =>
      customPages.removeCategory(id, updatedAt, actor, locale),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/custompages/categories/update/:id',
    params: categoryParams,
    body: categoryUpdateBody,
    act: async ({ id }, input, actor, locale) => ({
      data: await customPages.updateCategory(id, input, actor, locale),
    }),
  });

  // The back office's looks page (/admin/looks): add, tag, order and delete looks.
  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/admin/looks',
    body: lookCreateBody,
    status: 201,
    act: async (_p, { src }, actor) => ({ data: await customPages.createLook(src, actor) }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/looks/:id',
    params: lookParams,
    body: lookUpdateBody,
    act: async ({ id }, input, actor, locale) => ({
      data: await customPages.updateLook(id, input, actor, locale),
    }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/admin/looks/:id',
    params: lookParams,
    body: lookDeleteBody,
    bodyMayBeAbsent: true,
    act: ({ id }, { updatedAt }, actor, locale) => customPages.removeLook(id, updatedAt, actor, locale),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/looks-order',
    body: lookOrderBody,
    act: (_p, { ids }, actor, locale) => customPages.reorderLooks(ids, actor, locale),
  });
}
