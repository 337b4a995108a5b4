import type { FastifyInstance } from 'fastify';
import {
  synonymCreateBody,
  synonymDeleteBody,
  synonymParams,
  synonymUpdateBody,
} from '../../../core/search/synonyms.schemas.ts';
import { staffAction } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** Search synonyms and colour families: catalogue wording, so editors (DECISIONS 30). */
export function searchSynonymsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { searchSynonyms } = deps.services;

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/search-synonyms',
    roles: roles.editor,
    async handler() {
      return { result: true, synonyms: await searchSynonyms.list() };
    },
  });

  const editor = { roles: roles.editor };

  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/admin/search-synonyms',
    body: synonymCreateBody,
    status: 201,
    act: async (_p, input, actor, locale) => ({ synonym: await searchSynonyms.create(input, actor, locale) }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/search-synonyms/:id',
    params: synonymParams,
    body: synonymUpdateBody,
    act: async ({ id }, input, actor, locale) => ({
      synonym: await searchSynonyms.update(id, input, actor, locale),
    }),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/admin/search-synonyms/:id',
    params: synonymParams,
    body: synonymDeleteBody,
    act: async ({ id }, { version }, actor, locale) => {
      await searchSynonyms.remove(id, version, actor, locale);
      return {};
    },
  });
}
