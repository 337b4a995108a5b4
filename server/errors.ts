import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../core/db/availability.ts';
import { AppError } from '../core/errors.ts';
import { requestLocale } from './request.ts';

/** One handler maps every failure to a status and a body `{ result: false, message, field? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const en = requestLocale(request) === 'en';
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ result: false, message: error.message, field: error.field });
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
