import type { FastifyInstance } from 'fastify';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  orderNoteBody,
  ordersBulkStepBody,
  ordersBulkTagBody,
  ordersListQuery,
  orderTagsBody,
} from '../../../core/orders/orders-list.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The orders list (issue 34): sort, filters, tags, notes and actions on a selection; managers and admins. */
export function adminOrdersListRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { ordersList } = deps.services;

  staffRead(app, deps, {
    url: '/api/admin/orders/list',
    roles: roles.manager,
    query: ordersListQuery,
    get: (query) => ordersList.list(query),
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/:number/notes',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return { result: true, ...(await ordersList.notes(number, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/notes',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const { text } = parseInput(orderNoteBody, request.body, request);
      return { result: true, ...(await ordersList.addNote(number, text, actor, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/orders/:number/tags',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const { tags, before } = parseInput(orderTagsBody, request.body, request);
      return {
        result: true,
        ...(await ordersList.setTags(number, tags, before, actor, requestLocale(request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/bulk/tag',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { numbers, tag } = parseInput(ordersBulkTagBody, request.body, request);
      return { result: true, ...(await ordersList.bulkTag(numbers, tag, actor)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/bulk/step',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const body = parseInput(ordersBulkStepBody, request.body, request);
      return { result: true, ...(await ordersList.bulkStep(body, actor, requestLocale(request))) };
    },
  });
}
