import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../core/db/availability.ts';
import { AppError } from '../core/errors.ts';
import { type ProviderKind, ProviderTimeoutError } from '../core/providers/timeout.ts';
import { requestLocale } from './request.ts';

/** What the shopper reads when a third-party service does not answer in time (issue 8). */
const providerTimeoutMessages: Record<ProviderKind, { ru: string; en: string }> = {
  payments: { ru: 'Платёжный сервис не ответил вовремя', en: 'The payment service did not answer in time' },
  carriers: { ru: 'Служба доставки не ответила вовремя', en: 'The delivery service did not answer in time' },
  internationalCarrier: {
    ru: 'Служба доставки не ответила вовремя',
    en: 'The delivery service did not answer in time',
  },
  geocoder: { ru: 'Сервис адресов не ответил вовремя', en: 'The address service did not answer in time' },
  rates: {
    ru: 'Сервис курсов валют не ответил вовремя',
    en: 'The currency-rate service did not answer in time',
  },
  crm: { ru: 'Сервис заявок не ответил вовремя', en: 'The request service did not answer in time' },
  mailing: { ru: 'Сервис рассылки не ответил вовремя', en: 'The newsletter service did not answer in time' },
  sms: { ru: 'Сервис SMS не ответил вовремя', en: 'The SMS service did not answer in time' },
  email: { ru: 'Почтовый сервис не ответил вовремя', en: 'The e-mail service did not answer in time' },
};

/** One handler maps every failure to a status and a body `{ result: false, message, field? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const en = requestLocale(request) === 'en';
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ result: false, message: error.message, field: error.field });
    }
    // A third-party service that hangs was cut off (core/providers/timeout.ts): a temporary 503.
    if (error instanceof ProviderTimeoutError) {
      request.log.error({ err: error }, error.message);
      const name = providerTimeoutMessages[error.kind];
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          result: false,
          message: en ? `${name.en}. Please try again` : `${name.ru}. Попробуйте ещё раз`,
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
          message: en
            ? 'The shop is temporarily unavailable. Please try again in a minute'
            : 'Магазин временно недоступен. Попробуйте через минуту',
          requestId: request.id,
        });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      return reply.status(status).send({ result: false, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      result: false,
      message: en ? `Internal error (request ${request.id})` : `Внутренняя ошибка (запрос ${request.id})`,
      requestId: request.id,
    });
  });
}
