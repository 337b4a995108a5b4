import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { textResetBody, textSaveBody } from '../../../core/content/texts.schemas.ts';
import { locales } from '../../../core/i18n.ts';
import { messagePreviewKinds } from '../../../core/messages/message-texts.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const previewQuery = z.object({ kind: z.enum(messagePreviewKinds), locale: z.enum(locales) });

/** The wording of the shop's messages: editors (DECISIONS 30), like the storefront's texts. */
export function messageTextsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { messageTextsAdmin, messages } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/message-texts',
    roles: roles.editor,
    async handler() {
      return { result: true, ...(await messageTextsAdmin.list()) };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/message-texts',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const input = parseInput(textSaveBody, request.body, request);
      return {
        result: true,
        text: await messageTextsAdmin.save(input, actor, requestLocale(request)),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/message-texts/reset',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const input = parseInput(textResetBody, request.body, request);
      return {
        result: true,
        text: await messageTextsAdmin.reset(input, actor),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/message-texts/preview',
    roles: roles.editor,
    async handler(request) {
      const { kind, locale } = parseInput(previewQuery, request.query, request);
      return { result: true, message: await messages.preview(kind, locale) };
    },
  });
}
