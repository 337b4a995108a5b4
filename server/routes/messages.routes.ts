import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restockConfirmSchema } from '../../core/catalogue/restock.schemas.ts';
import { newsletterConfirmSchema } from '../../core/engagement/engagement.schemas.ts';
import { AppError } from '../../core/errors.ts';
import { unsubscribeQuerySchema } from '../../core/messages/messages.schemas.ts';
import type { Services } from '../../core/services.ts';
import { shopperMessage } from '../../core/shopper-messages.ts';
import { parseInput, requestLocale } from '../request.ts';

/**
 * Unsubscribe links of marketing mail: the link itself (GET) and the one-click POST that
 * `List-Unsubscribe-Post` asks mail clients to send (docs/decisions/0021-durable-jobs-and-messages.md).
 */
export function messagesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const unsubscribe = async (request: FastifyRequest) => {
    const { token } = parseInput(unsubscribeQuerySchema, request.query, request);
    if (!(await services.messages.unsubscribe(token)))
      throw new AppError('invalid_data', { key: 'mail.unsubscribe_link_invalid' }, { field: 'token' });
    return {
      result: true,
      message: shopperMessage('mail.unsubscribed', requestLocale(request)),
    };
  };
  app.get('/api/unsubscribe', unsubscribe);
  app.post('/api/unsubscribe', unsubscribe);

  // The newsletter's double opt-in link (core/engagement/engagement.service.ts).
  app.get('/api/newsletter/confirm', async (request) => {
    const { token } = parseInput(newsletterConfirmSchema, request.query, request);
    return services.engagement.confirmSubscription(token, requestLocale(request));
  });

  // A restock sign-up's double opt-in link (core/catalogue/restock.service.ts).
  app.get('/api/preorder/confirm', async (request) => {
    const { token } = parseInput(restockConfirmSchema, request.query, request);
    return services.restock.confirm(token, requestLocale(request));
  });
}
