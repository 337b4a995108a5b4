import type { FastifyInstance } from 'fastify';
import {
  customerDeleteSchema,
  customerParamsSchema,
  customersListQuery,
  guestCustomerParams,
} from '../../../core/accounts/customers-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** Customers in the back office (DECISIONS 20, 30): managers and admins. */
export function customersRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { customersAdmin, customersList } = deps.services;

  const manager = { roles: roles.manager };

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/customers',
    query: customersListQuery,
    get: (query) => customersList.list(query),
  });

  // A guest buyer (issue 34): orders placed without an account, kept together by their phone.
  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/customers/guest/:phone',
    params: guestCustomerParams,
    get: ({ phone }, locale) => customersList.guest(phone, locale),
  });

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/customers/:id',
    params: customerParamsSchema,
    get: ({ id }, locale) => customersAdmin.get(id, locale),
  });

  // A POST, not a GET: the export is recorded in the audit log, and changes need the shop's Origin.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/customers/:id/export',
    roles: roles.manager,
    async handler(request, reply, actor) {
      const { id } = parseInput(customerParamsSchema, request.params, request);
      const document = await customersAdmin.exportData(id, actor, requestLocale(request));
      reply.header('content-disposition', `attachment; filename="customer-${id}.json"`);
      return document;
    },
  });

  staffAction(app, deps, {
    ...manager,
    method: 'DELETE',
    url: '/api/admin/customers/:id',
    params: customerParamsSchema,
    body: customerDeleteSchema,
    bodyMayBeAbsent: true,
    act: ({ id }, { confirm }, actor, locale) => customersAdmin.remove(id, confirm, actor, locale),
  });
}
