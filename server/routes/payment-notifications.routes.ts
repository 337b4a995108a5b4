import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';

/**
 * Every payment provider's notifications (docs/decisions/0045-payment-protocol-rules.md):
 * `/api/payment/notify/<provider>`, and the same with the rest of an address after the name
 * (Dolyame's and Forma's `/<order>`, Yandex Pay's `/v1/webhook`). The body is kept as it came, the
 * provider of that name checks it, a verified notice is applied once, and the provider gets the reply
 * its protocol expects. A name the shop has no provider for answers 404.
 */
export async function paymentNotificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await app.register(async (scope) => {
    // Signatures are over the bytes sent: every content type is read as text, never parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const notify = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { provider: string; '*'?: string };
      const answer = await services.orders.receiveNotification({
        params: { provider: params.provider, path: (params['*'] ?? '').replace(/^\/+|\/+$/g, '') },
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : '',
      });
      if (!answer) throw new AppError('not_found', { key: 'request.not_found' });
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    };
    scope.post('/api/payment/notify/:provider', notify);
    scope.post('/api/payment/notify/:provider/*', notify);
  });
}
