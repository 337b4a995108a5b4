import type { FastifyInstance } from 'fastify';
import { en } from '../../../app/i18n/en.ts';
import { ru } from '../../../app/i18n/ru.ts';
import { textResetBody, textSaveBody } from '../../../core/content/texts.schemas.ts';
import type { BuiltInTexts } from '../../../core/content/texts.service.ts';
import { staffAction } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** The storefront's built-in texts, which overrides may replace key by key. */
const builtIn: BuiltInTexts = { ru, en };

/** Interface texts: editors (DECISIONS 30). */
export function textsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { texts } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/texts',
    roles: roles.editor,
    async handler() {
      return { result: true, ...(await texts.list(builtIn)) };
    },
  });

  staffAction(app, deps, {
    method: 'PUT',
    url: '/api/admin/texts',
    roles: roles.editor,
    body: textSaveBody,
    act: async (_p, input, actor, locale) => ({ text: await texts.save(input, builtIn, actor, locale) }),
  });

  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/texts/reset',
    roles: roles.editor,
    body: textResetBody,
    act: async (_p, input, actor) => ({ text: await texts.reset(input, builtIn, actor) }),
  });
}
