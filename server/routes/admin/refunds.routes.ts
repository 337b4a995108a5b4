import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/audit/audit.service.ts';
import type { Locale } from '../../../core/i18n.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import {
  partialRefundInput,
  refundManualInput,
  refundRetryInput,
  removeLineInput,
} from '../../../core/refunds/refunds.schemas.ts';
import { parseInput } from '../../request.ts';
import { staffAction } from './staff-action.ts';
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

  /**
   * A manager's action on an order's refunds: the order (and refund) from the address, the body
   * checked by its schema (an absent body read as `{}` where every field is optional), the service's
   * change, then the order's refunds as they now stand.
   */
  function refundAction<P extends { number: number }, B>(action: {
    url: string;
    params: z.ZodType<P>;
    body: z.ZodType<B>;
    bodyMayBeAbsent?: boolean;
    act: (params: P, body: B, actor: Actor, locale: Locale) => Promise<unknown>;
  }) {
    staffAction(app, deps, {
      ...action,
      method: 'POST',
      roles: roles.manager,
      act: async (params, body, actor, locale) => {
        await action.act(params, body, actor, locale);
        return answer(params.number);
      },
    });
  }

  refundAction({
    url: '/api/admin/orders/:number/refunds',
    params: orderNumberParams,
    body: partialRefundInput,
    act: (p, body, actor, locale) => services.staffRefunds.partialRefund(p.number, body, actor, locale),
  });
  refundAction({
    url: '/api/admin/orders/:number/remove-line',
    params: orderNumberParams,
    body: removeLineInput,
    act: (p, body, actor, locale) => services.staffRefunds.removeLine(p.number, body, actor, locale),
  });
  refundAction({
    url: '/api/admin/orders/:number/refunds/:id/retry',
    params: refundParams,
    body: refundRetryInput,
    bodyMayBeAbsent: true,
    act: (p, _body, actor, locale) => services.refunds.retry(p.number, p.id, actor, locale),
  });
  refundAction({
    url: '/api/admin/orders/:number/refunds/:id/manual',
    params: refundParams,
    body: refundManualInput,
    bodyMayBeAbsent: true,
    act: (p, { note }, actor, locale) => services.refunds.markManual(p.number, p.id, note, actor, locale),
  });
}
