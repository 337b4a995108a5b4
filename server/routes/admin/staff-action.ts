import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../../core/audit/audit.service.ts';
import type { StaffRole } from '../../../core/db/schema/staff.ts';
import type { Locale, Localized } from '../../../core/i18n.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { type StaffRouteDeclaration, type StaffRouteDeps, staffRoute } from './staff-route.ts';

/** A change refused for a newer state: sent as is with 409, for the screen to show what is current. */
export class Refusal {
  readonly body: object;
  constructor(body: object) {
    this.body = body;
  }
}

/** The answer of a refused change (409), its body as given. */
export const refused = (body: object) => new Refusal(body);

/** A change's answer under `result: true`, or a refusal's body with 409. */
export function sendAnswer(reply: FastifyReply, answer: object) {
  return answer instanceof Refusal ? reply.status(409).send(answer.body) : { result: true, ...answer };
}

/**
 * The common shape of a staff change, a thin route: the record named in the address, its query and
 * the body, each checked by its schema when the route has one (a refused body field is named by its
 * label when `labels` has one), one service call, and its answer under `result: true` (or, when the
 * call answers `refused(...)`, that body with 409).
 */
export function staffAction<P = Record<string, never>, B = undefined, R extends object = object, Q = object>(
  app: FastifyInstance,
  deps: StaffRouteDeps,
  action: {
    method: Exclude<StaffRouteDeclaration['method'], 'GET'>;
    url: string;
    roles: readonly StaffRole[];
    params?: z.ZodType<P>;
    query?: z.ZodType<Q>;
    body?: z.ZodType<B>;
    /** The staff's words for the body's fields, for the refusal that names one. */
    labels?: Record<string, Localized>;
    /** An absent body is read as `{}`: every field of the body's schema is optional. */
    bodyMayBeAbsent?: boolean;
    /** The answer's status when not 200: 201 for a record created. */
    status?: number;
    act: (params: P & Q, body: B, actor: Actor, locale: Locale) => Promise<R | Refusal>;
  },
): void {
  staffRoute(app, deps, {
    method: action.method,
    url: action.url,
    roles: action.roles,
    async handler(request, reply, actor) {
      const params = action.params ? parseInput(action.params, request.params, request) : ({} as P);
      const query = action.query ? parseInput(action.query, request.query, request) : ({} as Q);
      const input = action.bodyMayBeAbsent ? (request.body ?? {}) : request.body;
      const body = action.body ? parseInput(action.body, input, request, action.labels) : (undefined as B);
      const answer = await action.act({ ...params, ...query }, body, actor, requestLocale(request));
      if (action.status && !(answer instanceof Refusal)) reply.status(action.status);
      return sendAnswer(reply, answer);
    },
  });
}

/**
 * A staff read: the record named in the address and the list's filters, each checked by its schema
 * when the route has one, one service call, and its answer under `result: true`.
 */
export function staffRead<P = object, Q = object, R extends object = object>(
  app: FastifyInstance,
  deps: StaffRouteDeps,
  read: {
    url: string;
    roles: readonly StaffRole[];
    params?: z.ZodType<P>;
    query?: z.ZodType<Q>;
    get: (input: P & Q, locale: Locale) => Promise<R>;
  },
): void {
  staffRoute(app, deps, {
    method: 'GET',
    url: read.url,
    roles: read.roles,
    async handler(request) {
      const params = read.params ? parseInput(read.params, request.params, request) : ({} as P);
      const query = read.query ? parseInput(read.query, request.query, request) : ({} as Q);
      return { result: true, ...(await read.get({ ...params, ...query }, requestLocale(request))) };
    },
  });
}
