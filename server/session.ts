import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../core/accounts/auth.service.ts';
import { readCookie } from '../core/cart/cookies.rules.ts';
import { AppError } from '../core/errors.ts';
import type { Services } from '../core/services.ts';
import { clearCookie, setCookie } from './cookies.ts';

export const TOKEN_COOKIE = 'shi_token';
const TOKEN_MAX_AGE_S = 90 * 24 * 60 * 60;

/** DECISIONS 16: the `shi_token` cookie, or `Authorization: Bearer` from the mobile app. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return readCookie(request.headers.cookie, TOKEN_COOKIE);
}

/** The signed-in user, or null for a guest or a dead token. */
export async function getUser(services: Services, request: FastifyRequest): Promise<SessionUser | null> {
  return services.auth.getSessionUser(sessionToken(request));
}

/** The signed-in user, or 401. */
export async function requireUser(services: Services, request: FastifyRequest): Promise<SessionUser> {
  const user = await getUser(services, request);
  if (!user) {
    throw new AppError('unauthorized', { key: 'account.sign_in' });
  }
  return user;
}

/** HttpOnly, SameSite=Lax, Secure on an https shop (DECISIONS 16). */
export function setTokenCookie(reply: FastifyReply, token: string, secure: boolean) {
  setCookie(reply, TOKEN_COOKIE, token, { maxAgeS: TOKEN_MAX_AGE_S, httpOnly: true, secure });
}

export function clearTokenCookie(reply: FastifyReply, secure: boolean) {
  clearCookie(reply, TOKEN_COOKIE, { httpOnly: true, secure });
}
