import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../core/db/availability.ts';
import { AppError, InUseError, StaleError } from '../core/errors.ts';
import { type ProviderKind, ProviderTimeoutError } from '../core/providers/timeout.ts';
import { type ShopperMessageKey, shopperMessage } from '../core/shopper-messages.ts';
import { requestLocale } from './request.ts';

/** What the shopper reads when a third-party service does not answer in time (issue 8). */
const providerTimeoutMessages: Record<ProviderKind, ShopperMessageKey> = {
  payments: 'timeout.payments',
  carriers: 'timeout.carriers',
  internationalCarrier: 'timeout.carriers',
  geocoder: 'timeout.addresses',
  addressSuggest: 'timeout.addresses',
  rates: 'timeout.rates',
  crm: 'timeout.crm',
  mailing: 'timeout.mailing',
  sms: 'timeout.sms',
  email: 'timeout.email',
};

/** Fastify's own refusals of a request it cannot read, in the catalogue's words. */
function frameworkMessage(status: number): ShopperMessageKey {
  if (status === 413) return 'request.too_large';
  if (status === 415) return 'request.media_type';
  if (status === 404) return 'request.not_found';
  if (status === 429) return 'request.too_many';
  return 'request.invalid';
}

/**
 * One handler maps every failure to a status and a body `{ result: false, message, field? }`; the
 * message comes from the shopper catalogue (core/shopper-messages.ts) in the request's language.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const locale = requestLocale(request);
    // A conflict carries what the screen needs (DECISIONS 31): the record as it is now for a stale
    // save, what uses it for a refused deletion.
    if (error instanceof StaleError)
      return reply
        .status(409)
        .send({ result: false, message: error.message, field: error.field, current: error.current });
    if (error instanceof InUseError)
      return reply.status(409).send({ result: false, message: error.message, usedBy: error.usedBy });
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply
        .status(error.status)
        .send({ result: false, message: error.localized(locale), field: error.field });
    }
    // A third-party service that hangs was cut off (core/providers/timeout.ts): a temporary 503.
    if (error instanceof ProviderTimeoutError) {
      request.log.error({ err: error }, error.message);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          result: false,
          message: shopperMessage(providerTimeoutMessages[error.kind] ?? 'timeout.other', locale),
          requestId: request.id,
        });
    }
    // The database is unreachable (down, restarting, partitioned): a temporary 503, and the pool
    // reconnects by itself when it is back.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          result: false,
          message: shopperMessage('server.database_unavailable', locale),
          requestId: request.id,
        });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      // Fastify's own refusals (unreadable JSON, too large, unknown type): logged as they are.
      request.log.info({ err: error }, 'request refused');
      return reply
        .status(status)
        .send({ result: false, message: shopperMessage(frameworkMessage(status), locale) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      result: false,
      message: shopperMessage('server.internal', locale, { requestId: request.id }),
      requestId: request.id,
    });
  });
}
