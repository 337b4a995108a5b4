import type { FastifyInstance } from 'fastify';
import {
  customerDeleteSchema,
  customerParamsSchema,
  customersListQuery,
  guestCustomerParams,
} from '../../../core/accounts/customers-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** Customers in the back office (DECISIONS 20, 30): managers and admins. */
export function customersRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { customersAdmin, customersList } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/customers',
    roles: roles.manager,
    async handler(request) {
      const query = parseInput(customersListQuery, request.query, request);
      return { result: true, ...(await customersList.list(query)) };
    },
  });

  // A guest buyer (issue 34): orders placed without an account, kept together by their phone.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/customers/guest/:phone',
    roles: roles.manager,
    async handler(request) {
      const { phone } = parseInput(guestCustomerParams, request.params, request);
      return { result: true, ...(await customersList.guest(phone, requestLocale(request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/customers/:id',
    roles: roles.manager,
    async handler(request) {
      const { id } = parseInput(customerParamsSchema, request.params, request);
      return { result: true, ...(await customersAdmin.get(id, requestLocale(request))) };
    },
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

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/customers/:id',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { id } = parseInput(customerParamsSchema, request.params, request);
      const { confirm } = parseInput(customerDeleteSchema, request.body ?? {}, request);
      return { result: true, ...(await customersAdmin.remove(id, confirm, actor, requestLocale(request))) };
    },
  });
}
