import type { FastifyInstance } from 'fastify';
import {
  synonymCreateBody,
  synonymDeleteBody,
  synonymParams,
  synonymUpdateBody,
} from '../../../core/search/synonyms.schemas.ts';
import { parseInput, requestLocale } from '../../request.ts';
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

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/search-synonyms',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const input = parseInput(synonymCreateBody, request.body, request);
      const synonym = await searchSynonyms.create(input, actor, requestLocale(request));
      reply.status(201);
      return { result: true, synonym };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/search-synonyms/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(synonymParams, request.params, request);
      const input = parseInput(synonymUpdateBody, request.body, request);
      return {
        result: true,
        synonym: await searchSynonyms.update(id, input, actor, requestLocale(request)),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'DELETE',
    url: '/api/admin/search-synonyms/:id',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const { id } = parseInput(synonymParams, request.params, request);
      const { version } = parseInput(synonymDeleteBody, request.body, request);
      await searchSynonyms.remove(id, version, actor, requestLocale(request));
      return { result: true };
    },
  });
}
