import type { FastifyInstance } from 'fastify';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  orderNoteBody,
  ordersBulkStepBody,
  ordersBulkTagBody,
  ordersListFilter,
  orderTagsBody,
} from '../../../core/orders/orders-list.schemas.ts';
import { ordersListToWire } from '../../../core/orders/orders-list.wire.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps } from './staff-route.ts';

/** The orders list (issue 34): sort, filters, tags, notes and actions on a selection; managers and admins. */
export function adminOrdersListRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { ordersList } = deps.services;

  staffRead(app, deps, {
    url: '/api/admin/orders/list',
    roles: roles.manager,
    query: ordersListFilter,
    get: async (query) => ordersListToWire(await ordersList.list(query)),
  });

  const manager = { roles: roles.manager };

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/orders/:number/notes',
    params: orderNumberParams,
    get: ({ number }, locale) => ordersList.notes(number, locale),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/orders/:number/notes',
    params: orderNumberParams,
    body: orderNoteBody,
    act: ({ number }, { text }, actor, locale) => ordersList.addNote(number, text, actor, locale),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'PUT',
    url: '/api/admin/orders/:number/tags',
    params: orderNumberParams,
    body: orderTagsBody,
    act: ({ number }, { tags, before }, actor, locale) =>
      ordersList.setTags(number, tags, before, actor, locale),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/orders/bulk/tag',
    body: ordersBulkTagBody,
    act: (_p, { numbers, tag }, actor) => ordersList.bulkTag(numbers, tag, actor),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/orders/bulk/step',
    body: ordersBulkStepBody,
    act: (_p, body, actor, locale) => ordersList.bulkStep(body, actor, locale),
  });
}
