import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  setupCompleteSchema,
  setupSendCodeSchema,
  setupTokenSchema,
} from '../../../core/accounts/first-admin.schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { type StaffRouteDeps, staffRoute } from './staff-route.ts';

const tokenParams = z.object({ token: setupTokenSchema });

/**
 * The first admin's setup page's calls (core/accounts/first-admin.service.ts): nobody is signed in
 * yet, so the link's token is the proof of each; a dead link answers 404.
 */
export function adminSetupRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/setup/:token',
    roles: 'signed-out',
    async handler(request) {
      const { token } = parseInput(tokenParams, request.params, request);
      const link = await services.firstAdmin.getLink(token);
      if (!link) throw new AppError('not_found', staffMessage('setup.link_dead', requestLocale(request)));
      return { result: true, expiresAt: link.expiresAt.toISOString() };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/setup/send-code',
    roles: 'signed-out',
    async handler(request) {
      const input = parseInput(setupSendCodeSchema, request.body, request);
      const sent = await services.firstAdmin.sendCode({
        ...input,
        ip: request.ip,
        locale: requestLocale(request),
      });
      return { result: true, sentTo: sent.sentTo };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/setup/complete',
    roles: 'signed-out',
    async handler(request) {
      const input = parseInput(setupCompleteSchema, request.body, request);
      const done = await services.firstAdmin.complete({
        ...input,
        ip: request.ip,
        locale: requestLocale(request),
      });
      return { result: true, email: done.email };
    },
  });
}
