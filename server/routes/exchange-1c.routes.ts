import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readCookie } from '../../core/cart/cookies.rules.ts';
import { AppError, errorKinds } from '../../core/errors.ts';
import { EXCHANGE_COOKIE, type OneCExchangeService } from '../../core/exchange/onec-exchange.service.ts';
import type { RateLimitService, RateRule } from '../../core/limits/rate-limit.service.ts';

/**
 * Wrong 1C exchange passwords per address, as staff sign-in counts them: 10 in 15 minutes and 30 an
 * hour; a right one takes its attempt back (docs/decisions/0013-sign-in-lock-outs.md).
 */
export const onecAuthLimits = {
  perQuarter: { limit: 10, windowSeconds: 15 * 60 },
  perHour: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

const query = z.object({
  type: z.enum(['catalog', 'sale']),
  mode: z.enum(['checkauth', 'init', 'file', 'import', 'deactivate', 'complete', 'query', 'success']),
  filename: z.string().max(255).optional(),
});

/** The raw body of a `file` call, as a stream. */
function fileBody(request: FastifyRequest): Readable {
  const body = request.body as Readable | undefined;
  if (!body || typeof body[Symbol.asyncIterator] !== 'function') {
    throw new AppError('invalid_data', 'нет части файла', { field: 'file' });
  }
  return body;
}

/**
 * The 1C exchange (CommerceML 2 protocol, spec integrations.md §11) at /api/1c/exchange: answers
 * are plain text lines as 1C reads them (`success`, `progress`, `failure` and a reason). Its own
 * plugin scope takes `file` bodies as raw streams. Not configured (no ONEC_EXCHANGE_LOGIN and
 * ONEC_EXCHANGE_PASSWORD): 404. docs/decisions/0031-catalogue-exchange.md. Only the addresses of
 * ONEC_EXCHANGE_ALLOW (when set) may call it, and wrong passwords are limited per address.
 */
export async function exchange1cRoutes(
  app: FastifyInstance,
  {
    exchange,
    limits,
    allowed,
  }: { exchange: OneCExchangeService; limits: RateLimitService; allowed: (ip: string) => boolean },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
      try {
        const q = query.safeParse(request.query);
        if (!q.success) throw new AppError('invalid_data', 'нужны параметры type и mode', { field: 'mode' });
        const { type, mode, filename } = q.data;
        if (!allowed(request.ip)) {
          throw new AppError('not_allowed', 'с этого адреса обмен с 1С не разрешён');
        }
        if (mode === 'checkauth') {
          // Counted as a failure before the check, taken back when the password is right.
          const failure = await limits.reserveAll(
            [
              [`onec-auth:${request.ip}`, onecAuthLimits.perQuarter],
              [`onec-auth:hour:${request.ip}`, onecAuthLimits.perHour],
            ],
            'слишком много неверных паролей обмена с 1С с этого адреса: повторите позже',
          );
          let cookie: { name: string; value: string };
          try {
            cookie = exchange.checkAuth(request.headers.authorization);
          } catch (error) {
            // Only a wrong password counts (not an exchange that is not configured).
            if (!(error instanceof AppError && error.kind === 'unauthorized'))
              await limits.releaseAll(failure);
            throw error;
          }
          await limits.releaseAll(failure);
          return `success\n${cookie.name}\n${cookie.value}\n`;
        }
        const session = exchange.requireSession(readCookie(request.headers.cookie, EXCHANGE_COOKIE));
        if (type === 'catalog' && mode === 'init') {
          const { zip, fileLimit } = exchange.init();
          await exchange.pruneSessions();
          return `zip=${zip ? 'yes' : 'no'}\nfile_limit=${fileLimit}\n`;
        }
        if (type === 'catalog' && mode === 'file') {
          await exchange.appendFile(session, filename, fileBody(request));
          return 'success\n';
        }
        if (type === 'catalog' && mode === 'import')
          return `${await exchange.importStep(session, filename)}\n`;
        // Newer 1C modules close the catalogue exchange with these: the session's hiding is due.
        if (type === 'catalog' && (mode === 'deactivate' || mode === 'complete')) {
          await exchange.finishCatalogue(session);
          return 'success\n';
        }
        // The documents 1C sends back are small: plain XML, applied as soon as the file is whole.
        if (type === 'sale' && mode === 'init') return `zip=no\nfile_limit=${exchange.init().fileLimit}\n`;
        if (type === 'sale' && mode === 'file') {
          return `${await exchange.saleFile(session, filename, fileBody(request), request.ip)}\n`;
        }
        if (type === 'sale' && mode === 'query') {
          reply.type('application/xml; charset=utf-8');
          return exchange.ordersQuery(session);
        }
        if (type === 'sale' && mode === 'success') {
          await exchange.ordersTaken(session);
          return 'success\n';
        }
        throw new AppError('invalid_data', `mode=${mode} не поддерживается для type=${type}`, {
          field: 'mode',
        });
      } catch (error) {
        if (error instanceof AppError) {
          reply.code(error.kind === 'invalid_data' ? 200 : errorKinds[error.kind]);
          return `failure\n${error.message}\n`;
        }
        throw error;
      }
    };
    scope.route({ method: ['GET', 'POST'], url: '/api/1c/exchange', handler, bodyLimit: 1_073_741_824 });
  });
}
