import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STAFF_IDLE_MS } from '../../../core/accounts/staff.rules.ts';
import {
  staffAcceptSchema,
  staffEnrolSchema,
  staffSecondFactorSchema,
  staffSignInSchema,
} from '../../../core/accounts/staff.schemas.ts';
import {
  editsInPlace,
  hasStaffMarker,
  STAFF_MARKER_COOKIE,
} from '../../../core/accounts/staff-marker.rules.ts';
import { AppError } from '../../../core/errors.ts';
import { clearCookie, setCookie } from '../../cookies.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { STAFF_COOKIE, type StaffRouteDeps, staffRoute, staffToken } from './staff-route.ts';

/**
 * The staff cookie: HttpOnly, SameSite=Strict, Secure on https, sent to the API only (`/api`: the
 * in-place editing endpoints of the storefront live outside `/api/admin`). Beside it a readable
 * marker (Path=/) tells storefront pages to load the editing chunk; it proves nothing. Clearing also
 * clears the staff cookie of the older `/api/admin` path.
 */
export function setStaffCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  publicUrl: string,
  token: string | null,
) {
  const secure = request.protocol === 'https' || publicUrl.startsWith('https:');
  const age = token ? Math.floor(STAFF_IDLE_MS / 1000) : 0;
  const staff = { path: '/api', httpOnly: true, sameSite: 'Strict', secure } as const;
  setCookie(reply, STAFF_COOKIE, token ?? '', { ...staff, maxAgeS: age });
  // The back office's own pages carry it too, so the server answers a refused or missing page with
  // its status (app/admin/page-access.server.ts); the storefront's pages never see it.
  setCookie(reply, STAFF_COOKIE, token ?? '', { ...staff, path: '/admin', maxAgeS: age });
  if (!token) clearCookie(reply, STAFF_COOKIE, { ...staff, path: '/api/admin' });
  setMarkerCookie(reply, token !== null, secure);
}

/** The marker cookie set (for an in-place editor) or cleared. */
function setMarkerCookie(reply: FastifyReply, on: boolean, secure: boolean) {
  const age = on ? Math.floor(STAFF_IDLE_MS / 1000) : 0;
  setCookie(reply, STAFF_MARKER_COOKIE, on ? '1' : '', { maxAgeS: age, sameSite: 'Strict', secure });
}

const inviteToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'is not a valid invitation'),
});

/** Staff sign-in (password, then TOTP, enrolled on the first sign-in) and invitations: DECISIONS 30. */
export function staffAuthRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services, publicUrl } = deps;

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/auth/sign-in',
    roles: 'signed-out',
    async handler(request, reply) {
      const input = parseInput(staffSignInSchema, request.body, request);
      const { token, next } = await services.staff.signIn({
        ...input,
        ip: request.ip,
        locale: requestLocale(request),
      });
      setStaffCookie(reply, request, publicUrl, token);
      return { result: true, next };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/auth/me',
    roles: 'signed-out',
    async handler(request, reply) {
      const staff = await services.staff.getStaffSession(staffToken(request));
      // The marker follows the session: refreshed for an in-place editor, dropped for anyone else,
      // so a stale marker stops loading the editing chunk.
      const editor = Boolean(staff?.mfa && editsInPlace(staff.role));
      if (editor || hasStaffMarker(request.headers.cookie)) {
        const secure = request.protocol === 'https' || publicUrl.startsWith('https:');
        setMarkerCookie(reply, editor, secure);
      }
      if (!staff) return { result: true, signedIn: false };
      return {
        result: true,
        signedIn: staff.mfa,
        next: staff.mfa ? null : staff.enrolled ? 'second-factor' : 'enrol',
        staff: staff.mfa
          ? { id: staff.userId, email: staff.email, name: staff.name, role: staff.role }
          : null,
      };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/auth/enrol/start',
    roles: 'signed-out',
    async handler(request) {
      const enrolment = await services.staff.startEnrolment(staffToken(request), requestLocale(request));
      return { result: true, ...enrolment };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/auth/enrol/confirm',
    roles: 'signed-out',
    async handler(request) {
      const { code } = parseInput(staffEnrolSchema, request.body, request);
      const done = await services.staff.confirmEnrolment(
        staffToken(request),
        code,
        request.ip,
        requestLocale(request),
      );
      return { result: true, recoveryCodes: done.recoveryCodes };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/auth/second-factor',
    roles: 'signed-out',
    async handler(request) {
      const proof = parseInput(staffSecondFactorSchema, request.body, request);
      await services.staff.verifySecondFactor(staffToken(request), proof, request.ip, requestLocale(request));
      return { result: true };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/auth/sign-out',
    roles: 'signed-out',
    async handler(request, reply) {
      await services.staff.signOut(staffToken(request));
      setStaffCookie(reply, request, publicUrl, null);
      return { result: true };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/invites/:token',
    roles: 'signed-out',
    async handler(request) {
      const { token } = parseInput(inviteToken, request.params, request);
      const invite = await services.staff.getInvite(token);
      if (!invite) {
        throw new AppError(
          'not_found',
          requestLocale(request) === 'en'
            ? 'The invitation is no longer valid'
            : 'Приглашение недействительно или устарело',
        );
      }
      return { result: true, ...invite };
    },
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/invites/accept',
    roles: 'signed-out',
    async handler(request) {
      const input = parseInput(staffAcceptSchema, request.body, request);
      const done = await services.staff.acceptInvite({
        ...input,
        ip: request.ip,
        locale: requestLocale(request),
      });
      return { result: true, email: done.email };
    },
  });
}
