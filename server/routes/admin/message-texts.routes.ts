import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { textResetBody, textSaveBody } from '../../../core/content/texts.schemas.ts';
import { locales } from '../../../core/i18n.ts';
import { messagePreviewKinds } from '../../../core/messages/message-texts.ts';
import { parseInput } from '../../request.ts';
import { staffAction } from './staff-action.ts';
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

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/message-texts',
    roles: roles.editor,
    body: textSaveBody,
    act: async (_p, input, actor, locale) => ({ text: await messageTextsAdmin.save(input, actor, locale) }),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/message-texts/reset',
    roles: roles.editor,
    body: textResetBody,
    act: async (_p, input, actor) => ({ text: await messageTextsAdmin.reset(input, actor) }),
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
