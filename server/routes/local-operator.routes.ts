import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localOperatorSchema } from '../../core/accounts/first-admin.schemas.ts';
import { AppError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { parseInput } from '../request.ts';

/** Headers a proxy in front of the shop adds: a request that carries one did not start on this machine. */
const PROXIED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/** Whether the connection itself (not a header) comes from this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function isOperator(request: FastifyRequest, key: string): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  if (PROXIED.some((name) => request.headers[name] !== undefined)) return false;
  const given = request.headers['x-operator-key'];
  if (typeof given !== 'string' || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
}

/**
 * `npm run operator:create` while the shop runs on the embedded database, which only this process
 * may open (scripts/create-operator.ts): the command asks the shop instead. Only a connection from
 * this machine that did not pass a proxy and shows the key of the data folder (server/operator-key.ts)
 * is heard; anyone else gets the 404 of an address the shop does not have.
 */
export function localOperatorRoutes(
  app: FastifyInstance,
  deps: { services: Services; publicUrl: string; key: string },
) {
  const { services, publicUrl, key } = deps;
  app.post('/api/local/operator', async (request, reply) => {
    if (!isOperator(request, key)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    const input = parseInput(localOperatorSchema, request.body ?? {}, request);
    if (input.email || input.phone) {
      const operator = await services.operators.grantOperator(input);
      return {
        result: true,
        operator: { ...operator, inviteLink: `${publicUrl}/admin/invite/${operator.inviteToken}` },
      };
    }
    const link = await services.firstAdmin.issueLink();
    if (!link) {
      throw new AppError('conflict', 'The shop has an admin: the admin invites the team from /admin/staff');
    }
    return {
      result: true,
      setup: {
        link: `${publicUrl}/admin/setup?token=${link.token}`,
        expiresAt: link.expiresAt.toISOString(),
      },
    };
  });
}
