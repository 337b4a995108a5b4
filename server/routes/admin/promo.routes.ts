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
import { staffAction, staffRead } from './staff-action.ts';
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

  const manager = { roles: roles.manager };

  staffRead(app, deps, {
    ...manager,
    url: '/api/admin/promo-codes/:code',
    params: promoParams,
    get: async ({ code }, locale) => ({ promo: await promoAdmin.get(code, locale) }),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/promo-codes',
    body: promoCreateBody,
    status: 201,
    act: async (_p, input, actor, locale) => ({ promo: await promoAdmin.create(input, actor, locale) }),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'PUT',
    url: '/api/admin/promo-codes/:code',
    params: promoParams,
    body: promoUpdateBody,
    act: async ({ code }, input, actor, locale) => ({
      promo: await promoAdmin.update(code, input, actor, locale),
    }),
  });

  staffAction(app, deps, {
    ...manager,
    method: 'POST',
    url: '/api/admin/promo-batches',
    body: promoBatchBody,
    status: 201,
    act: async (_p, input, actor, locale) => ({ batch: await promoAdmin.createBatch(input, actor, locale) }),
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
