import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORMA_WEBHOOK_PREFIX } from '../../core/providers/payments/forma-payments.ts';
import type { Services } from '../../core/services.ts';

const paramsSchema = z.object({ orderNumber: z.coerce.number().int().positive().max(999_999_999_999) });

/**
 * Forma's webhook (integrations.md §4): its address names the order, and its body (no documented
 * signature) is not read: the application is read back from Forma, a decision is applied once. Forma
 * is answered 200 whatever the application's state; when Forma cannot be reached the answer is an
 * error, so the webhook comes again.
 */
export function formaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post(`${FORMA_WEBHOOK_PREFIX}/:orderNumber`, async (request) => {
    const parsed = paramsSchema.safeParse(request.params);
    if (!parsed.success) return { result: true };
    const { orderNumber } = parsed.data;
    const paymentId = await services.orders.paymentIdOf(orderNumber);
    const notice = await services.payments.checkFormaWebhook(orderNumber, paymentId);
    if (notice) await services.orders.applyPaymentNotice(notice);
    return { result: true };
  });
}
