import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { deviceIdSchema } from '../core/accounts/accounts.schemas.ts';
import { clientKey } from '../core/accounts/auth.rules.ts';
import { readCookie } from '../core/cart/cookies.rules.ts';
import { AppError } from '../core/errors.ts';
import type { Locale, Localized } from '../core/i18n.ts';
import { DEVICE_COOKIE, isDeviceId } from '../core/orders/order-cookies.rules.ts';

/**
 * Parses request input at the edge (DECISIONS 21): a failure is `invalid_data` naming the field.
 * Only request input goes through here; a schema failing on stored data is a server error.
 * `labels` names fields as people read them in the message (the answer's `field` keeps the path).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  request: FastifyRequest,
  labels?: Record<string, Localized>,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  // The shopper reads the catalogue's words; the schema's own detail goes to the log.
  request.log.info({ field, issue: issue?.message }, 'invalid input');
  const label = field ? labels?.[field] : undefined;
  throw new AppError(
    'invalid_data',
    field
      ? { key: 'request.invalid_field', params: { field: label ? label[requestLocale(request)] : field } }
      : { key: 'request.invalid' },
    { field },
  );
}

/** The edition a request speaks for: `?lang=` from our own pages, else Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (lang === 'en' || lang === 'ru') return lang;
  return (request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'ru';
}

/**
 * Who is asking, for the limits against guessing (docs/decisions/0013-sign-in-lock-outs.md): the
 * address plus the browser's `shi-device` cookie, or else the app's `x-device-id`.
 */
export function requestClient(request: FastifyRequest): string {
  const cookie = readCookie(request.headers.cookie, DEVICE_COOKIE) ?? undefined;
  const device = isDeviceId(cookie) ? cookie : deviceIdSchema.parse(request.headers['x-device-id']);
  return clientKey(request.ip, device);
}
