import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../core/errors.ts';

/** One handler maps every failure to a status and a body `{ result: false, message, field? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    const en = request.headers['accept-language']?.startsWith('en') ?? false;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ result: false, message: error.message, field: error.field });
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join('.') || undefined;
      const message = en
        ? `Invalid value${field ? ` of ${field}` : ''}: ${issue?.message ?? 'bad request'}`
        : field
          ? `Неверное значение поля «${field}»`
          : 'Неверный запрос';
      return reply.status(400).send({ result: false, message, field });
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
