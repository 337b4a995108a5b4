import type { FastifyInstance } from 'fastify';
import { translationListQuery, translationSaveBody } from '../../../core/content/translations.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** What the English edition lacks, and its English texts saved one at a time: editors (DECISIONS 30). */
export function translationsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { translations } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/translations',
    roles: roles.editor,
    async handler(request) {
      return {
        result: true,
        ...(await translations.list(parseInput(translationListQuery, request.query, request))),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/translations',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const input = parseInput(translationSaveBody, request.body, request);
      return { result: true, ...(await translations.save(input, actor, requestLocale(request))) };
    },
  });
}
