import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';

/** One handler maps every failure to a status and a body `{ result: false, message, field? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const en = request.headers['accept-language']?.startsWith('en') ?? false;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ result: false, message: error.message, field: error.field });
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
