import type { FastifyInstance } from 'fastify';
import {
  promoBatchBody,
  promoBatchParams,
  promoCreateBody,
  promoListQuery,
  promoParams,
  promoUpdateBody,
} from '../../../core/orders/promo-admin.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** Promo codes: pricing, so admins and managers (docs/product/promo-codes.md, DECISIONS 30). */
export function promoRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { promoAdmin } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/promo-codes',
    roles: roles.manager,
    async handler(request) {
      return { result: true, ...(await promoAdmin.list(parseInput(promoListQuery, request.query, request))) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/promo-codes/:code',
    roles: roles.manager,
    async handler(request) {
      const { code } = parseInput(promoParams, request.params, request);
      return { result: true, promo: await promoAdmin.get(code, requestLocale(request)) };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/promo-codes',
    roles: roles.manager,
    async handler(request, reply, actor) {
      const input = parseInput(promoCreateBody, request.body, request);
      const promo = await promoAdmin.create(input, actor, requestLocale(request));
      reply.status(201);
      return { result: true, promo };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/promo-codes/:code',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { code } = parseInput(promoParams, request.params, request);
      const input = parseInput(promoUpdateBody, request.body, request);
      return {
        result: true,
        promo: await promoAdmin.update(code, input, actor, requestLocale(request)),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/promo-batches',
    roles: roles.manager,
    async handler(request, reply, actor) {
      const input = parseInput(promoBatchBody, request.body, request);
      const batch = await promoAdmin.createBatch(input, actor, requestLocale(request));
      reply.status(201);
      return { result: true, batch };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/promo-batches/:id/codes.csv',
    roles: roles.manager,
    async handler(request, reply) {
      const { id } = parseInput(promoBatchParams, request.params, request);
      const { prefix, csv } = await promoAdmin.exportBatch(id, requestLocale(request));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="promo-${prefix}.csv"`);
      return csv;
    },
  });
}
