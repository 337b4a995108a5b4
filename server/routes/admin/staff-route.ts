import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../../core/audit/audit.service.ts';
import { readCookie } from '../../../core/cart/cookies.rules.ts';
import type { ExchangeSettings } from '../../../core/config/exchange-env.ts';
import type { StaffRole } from '../../../core/db/schema/staff.ts';
import { AppError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import type { Metrics } from '../../metrics.ts';
import { requestLocale } from '../../request.ts';
import { sessionToken } from '../../session.ts';

export const STAFF_COOKIE = 'shi_staff';

/**
 * Who may call a staff endpoint (DECISIONS 30): a list of roles, or `signed-out` for the steps of
 * signing in itself (password, second factor, accepting an invitation), which check their own proof.
 */
export type StaffAccess = readonly StaffRole[] | 'signed-out';

export interface StaffRouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: StaffAccess;
}

export interface StaffRouteDeps {
  services: Services;
  /** The shop's public origin (`PUBLIC_URL`): state-changing staff calls must come from it. */
  publicUrl: string;
  /** This process's provider failures, for the dashboard (server/metrics.ts). */
  metrics?: Pick<Metrics, 'providerFailureCounts'>;
  /** The 1C exchange's settings as the imports screen shows them (never the password). */
  exchange?: ExchangeSettings;
  /** The shop serves the public (core/config/env.ts): the dashboard warns of what it must have set. */
  publicShop?: boolean;
}

const declared = new WeakMap<FastifyInstance, StaffRouteDeclaration[]>();
const registered = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Notes every route the app registers from here on, so a test can find staff routes not declared. */
export function trackRoutes(app: FastifyInstance): void {
  const list: { method: string; url: string }[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method: String(method), url: route.url });
  });
}

/** Every route registered on the app since `trackRoutes`. */
export function registeredRoutes(app: FastifyInstance): readonly { method: string; url: string }[] {
  return registered.get(app) ?? [];
}

/** Every staff endpoint declared on this app, for the test that walks them. */
export function declaredStaffRoutes(app: FastifyInstance): readonly StaffRouteDeclaration[] {
  return declared.get(app) ?? [];
}

const t = (request: FastifyRequest, ru: string, en: string) => (requestLocale(request) === 'en' ? en : ru);

/** The staff session's token: only from its own cookie (never a shopper's token, never a header). */
export function staffToken(request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, STAFF_COOKIE);
}

/**
 * A state-changing staff call must carry an `Origin` of the shop itself, as well as the session
 * cookie: a page elsewhere cannot make a signed-in staff member's browser act.
 */
export function requireSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.origin;
  const own = new URL(publicUrl).origin;
  const host = `${request.protocol}://${request.host}`;
  if (typeof origin !== 'string' || (origin !== own && origin !== host)) {
    throw new AppError(
      'not_allowed',
      t(request, 'Запрос не с адреса магазина', 'The request did not come from the shop'),
    );
  }
}

/** The staff member behind the request, with the second factor given and a role in `roles`; else 401/403. */
export async function requireStaff(
  services: Services,
  request: FastifyRequest,
  roles: readonly StaffRole[],
): Promise<Actor> {
  const staff = await services.staff.getStaffSession(staffToken(request));
  if (!staff?.mfa) {
    // A signed-in shopper is known and refused; a guest is asked to sign in.
    const shopper = staff ? null : await services.auth.getSessionUser(sessionToken(request));
    if (shopper)
      throw new AppError('not_allowed', t(request, 'Недостаточно прав', 'Your role does not allow this'));
    throw new AppError(
      'unauthorized',
      t(request, 'Войдите в панель управления', 'Please sign in to the back office'),
    );
  }
  if (!roles.includes(staff.role)) {
    throw new AppError('not_allowed', t(request, 'Недостаточно прав', 'Your role does not allow this'));
  }
  return { userId: staff.userId, email: staff.email, role: staff.role, ip: request.ip };
}

type Handler = (request: FastifyRequest, reply: FastifyReply, actor: Actor) => Promise<unknown>;
type SignedOutHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Declares and registers one staff endpoint: the role check (and for changes the origin check) runs
 * before the handler, every answer is `no-store`, and the declaration joins the app's route table.
 */
export function staffRoute(
  app: FastifyInstance,
  deps: StaffRouteDeps,
  route: {
    method: StaffRouteDeclaration['method'];
    url: string;
    roles: readonly StaffRole[];
    handler: Handler;
  },
): void;
export function staffRoute(
  app: FastifyInstance,
  deps: StaffRouteDeps,
  route: {
    method: StaffRouteDeclaration['method'];
    url: string;
    roles: 'signed-out';
    handler: SignedOutHandler;
  },
): void;
export function staffRoute(
  app: FastifyInstance,
  deps: StaffRouteDeps,
  route: {
    method: StaffRouteDeclaration['method'];
    url: string;
    roles: StaffAccess;
    handler: Handler | SignedOutHandler;
  },
): void {
  // The staff cookie is sent to `/api` (server/routes/admin/auth.routes.ts): the back office's
  // endpoints live under /api/admin/, the storefront's in-place editing ones (catalogue.md §7) beside
  // the shop's own; server/routes/admin/staff-route.test.ts lists the latter.
  if (!route.url.startsWith('/api/')) throw new Error(`Staff route ${route.url} must live under /api/`);
  const list = declared.get(app) ?? [];
  list.push({ method: route.method, url: route.url, access: route.roles });
  declared.set(app, list);
  app.route({
    method: route.method,
    url: route.url,
    config: { staffAccess: route.roles },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      requireSameOrigin(request, deps.publicUrl);
      if (route.roles === 'signed-out') return (route.handler as SignedOutHandler)(request, reply);
      const actor = await requireStaff(deps.services, request, route.roles);
      return (route.handler as Handler)(request, reply, actor);
    },
  });
}

/** The roles of DECISIONS 30: an admin may do everything a manager or an editor may. */
export const roles = {
  admin: ['admin'],
  manager: ['admin', 'manager'],
  editor: ['admin', 'editor'],
  anyStaff: ['admin', 'manager', 'editor'],
} as const satisfies Record<string, readonly StaffRole[]>;
