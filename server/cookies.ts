import type { FastifyReply } from 'fastify';

/** How a cookie the server sets is scoped; every cookie of the shop is made by {@link setCookie}. */
export interface CookieOptions {
  /** Seconds it lives; 0 clears it. */
  maxAgeS: number;
  /** `/` unless said otherwise. */
  path?: string;
  /** Hidden from the page's scripts (sessions, order grants, the device id). */
  httpOnly?: boolean;
  /** `Lax` unless said otherwise; the staff cookies are `Strict`. */
  sameSite?: 'Lax' | 'Strict';
  /** On an https shop (DECISIONS 16): the caller knows from the request and the public address. */
  secure: boolean;
}

/** One `Set-Cookie` value. The value is URI-encoded unless it is already a plain token. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const encoded = /^[\w.~-]*$/.test(value) ? value : encodeURIComponent(value);
  return [
    `${name}=${encoded}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Adds a cookie to the answer, beside any the answer already sets (Fastify appends `set-cookie`). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', serializeCookie(name, value, options));
}

/** Clears a cookie (same name and path, no value, no age). */
export function clearCookie(
  reply: FastifyReply,
  name: string,
  options: Omit<CookieOptions, 'maxAgeS'>,
): void {
  setCookie(reply, name, '', { ...options, maxAgeS: 0 });
}
