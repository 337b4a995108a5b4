import type { FastifyInstance } from 'fastify';
import {
  pageBody,
  pageDeleteBody,
  pageOrderBody,
  pageParams,
  pageUpdateBody,
} from '../../../core/content/pages-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The generic pages: editors (DECISIONS 30). */
export function pagesRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { pagesAdmin } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/pages',
    roles: roles.editor,
    async handler() {
      return { result: true, ...(await pagesAdmin.list()) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/pages/:id',
    roles: roles.editor,
    async handler(request) {
      const { id } = parseInput(pageParams, request.params, request);
      return { result: true, page: await pagesAdmin.get(id, requestLocale(request)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/pages',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const input = parseInput(pageBody, request.body, request);
      const page = await pagesAdmin.create(input, actor, requestLocale(request));
      reply.status(201);
      return { result: true, page };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/pages/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(pageParams, request.params, request);
      const input = parseInput(pageUpdateBody, request.body, request);
      return {
        result: true,
        page: await pagesAdmin.update(id, input, actor, requestLocale(request)),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/pages/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(pageParams, request.params, request);
      const { updatedAt } = parseInput(pageDeleteBody, request.body ?? {}, request);
      return {
        result: true,
        ...(await pagesAdmin.remove(id, updatedAt, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/pages-order',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { ids } = parseInput(pageOrderBody, request.body, request);
      return { result: true, ...(await pagesAdmin.reorder(ids, actor, requestLocale(request))) };
    },
  });
}
