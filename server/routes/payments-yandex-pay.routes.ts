import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services.ts';

/** The shop's callback URL in Yandex Pay's cabinet is `PUBLIC_URL/api/payment/notify/yandex-pay`. */
export const YANDEX_PAY_WEBHOOK_PATH = '/api/payment/notify/yandex-pay/v1/webhook';

/**
 * Yandex Pay's webhook (integrations.md §6): the body is a compact JWT (ES256) sent as
 * `application/octet-stream`. A verified one is applied once and answered `{"status":"success"}`;
 * anything else is refused and changes nothing (Yandex sends a genuine one again with a fresh token).
 */
export async function yandexPayRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/octet-stream', 'application/jwt', 'text/plain'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(YANDEX_PAY_WEBHOOK_PATH, async (request, reply) => {
      const token = typeof request.body === 'string' ? request.body.trim() : '';
      const check = await services.payments.checkYandexPayWebhook(token);
      if (!check.verified) {
        reply.status(401);
        return { status: 'fail', reasonCode: 'UNAUTHORIZED', reason: 'Invalid webhook token' };
      }
      if (check.notice) await services.orders.applyPaymentNotice(check.notice);
      return { status: 'success' };
    });
  });
}
