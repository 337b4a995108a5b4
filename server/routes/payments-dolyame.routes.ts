import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOLYAME_WEBHOOK_PREFIX } from '../../core/providers/payments/dolyame-payments.ts';
import type { Services } from '../../core/services.ts';

const paramsSchema = z.object({ orderNumber: z.coerce.number().int().positive().max(999_999_999_999) });

/**
 * Dolyame's notification (integrations.md §5): its address names the order and its body (no
 * documented signature) is not read: the order is read back over mutual TLS and a decision applied
 * once. When Dolyame cannot be reached the answer is an error, so the notification comes again.
 */
export function dolyameRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post(`${DOLYAME_WEBHOOK_PREFIX}/:orderNumber`, async (request) => {
    const parsed = paramsSchema.safeParse(request.params);
    if (!parsed.success) return { result: true };
    const { orderNumber } = parsed.data;
    const paymentId = await services.orders.paymentIdOf(orderNumber);
    const notice = await services.payments.checkDolyameWebhook(orderNumber, paymentId);
    if (notice) await services.orders.applyPaymentNotice(notice);
    return { result: true };
  });
}
