import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  partialRefundInput,
  refundManualInput,
  refundRetryInput,
  removeLineInput,
} from '../../../core/refunds/refunds.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const refundParams = orderNumberParams.extend({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * Refunds in the back office (docs/product/refunds.md): every refund of an order, staff's partial
 * refund and the removal of a line, a refund sent again or recorded as done by hand, and the list of
 * refunds that need a hand. Managers and admins, as every order action (./orders.routes.ts).
 */
export function adminRefundsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;
  const answer = async (number: number) => ({
    result: true,
    refunds: await services.refunds.listForOrder(number),
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/refunds/attention',
    roles: roles.manager,
    async handler() {
      return { result: true, ...(await services.refunds.listAttention()) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/:number/refunds',
    roles: roles.manager,
    async handler(request) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      return answer(number);
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/refunds',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(partialRefundInput, request.body, request);
      await services.staffRefunds.partialRefund(number, body, actor, requestLocale(request));
      return answer(number);
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/remove-line',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number } = parseInput(orderNumberParams, request.params, request);
      const body = parseInput(removeLineInput, request.body, request);
      await services.staffRefunds.removeLine(number, body, actor, requestLocale(request));
      return answer(number);
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/refunds/:id/retry',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number, id } = parseInput(refundParams, request.params, request);
      parseInput(refundRetryInput, request.body ?? {}, request);
      await services.refunds.retry(number, id, actor, requestLocale(request));
      return answer(number);
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/:number/refunds/:id/manual',
    roles: roles.manager,
    async handler(request, _reply, actor) {
      const { number, id } = parseInput(refundParams, request.params, request);
      const { note } = parseInput(refundManualInput, request.body ?? {}, request);
      await services.refunds.markManual(number, id, note, actor, requestLocale(request));
      return answer(number);
    },
  });
}
