import { maskPrefixDigits, phoneMasks } from '../checkout/phone-masks.ts';
import type { RateRule } from '../limits/rate-limit.service.ts';

/** DECISIONS 17: the limits that carry the security of 4-digit codes. */
export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_TRIES_PER_CODE = 5;
export const RESEND_AFTER_S = 60;
export const SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** An init token (`GET /api/auth/init`) is good for half an hour. */
export const INIT_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * DECISIONS 17's caps count per phone (or e-mail) AND client, so a stranger spends only their own
 * budget; the per-phone and per-e-mail ceilings over all clients bound a distributed attack and are
 * set above one client's caps, so one client alone never reaches them
 * (docs/decisions/0013-sign-in-lock-outs.md).
 */
export const authLimits = {
  failuresPerPhoneClientDay: { limit: 10, windowSeconds: 86_400 },
  failuresPerPhoneClientMonth: { limit: 100, windowSeconds: 30 * 86_400 },
  failuresPerPhoneDay: { limit: 30, windowSeconds: 86_400 },
  failuresPerPhoneMonth: { limit: 200, windowSeconds: 30 * 86_400 },
  sendsPerPhoneClientHour: { limit: 5, windowSeconds: 3600 },
  sendsPerPhoneHour: { limit: 10, windowSeconds: 3600 },
  sendsPerPhoneDay: { limit: 30, windowSeconds: 86_400 },
  sendsPerIpHour: { limit: 20, windowSeconds: 3600 },
  checksPerIpHour: { limit: 60, windowSeconds: 3600 },
  passwordFailuresPerEmailClientDay: { limit: 10, windowSeconds: 86_400 },
  passwordFailuresPerEmailDay: { limit: 100, windowSeconds: 86_400 },
  passwordTriesPerIpHour: { limit: 30, windowSeconds: 3600 },
  emailLookupsPerIpHour: { limit: 30, windowSeconds: 3600 },
  registrationsPerIpHour: { limit: 10, windowSeconds: 3600 },
  resetsPerEmailClientDay: { limit: 3, windowSeconds: 86_400 },
  resetsPerEmailHour: { limit: 5, windowSeconds: 3600 },
  resetsPerEmailDay: { limit: 10, windowSeconds: 86_400 },
  resetsPerClientHour: { limit: 5, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/**
 * A sign-in client: the address the server sees plus the app's device id when it sends one. Limits
 * keyed by it are the client's own; the per-address limits still hold whatever device ids it invents.
 */
export function clientKey(ip: string, deviceId: string | undefined): string {
  return deviceId ? `${ip}|${deviceId}` : ip;
}

/** The country calling codes of the phone masks checkout offers: where codes go by default. */
export const defaultSmsCountryCodes: readonly string[] = [
  ...new Set(phoneMasks.map((m) => maskPrefixDigits(m.mask)).filter(Boolean)),
];

/** True when a stored phone (digits with the country code) starts with one of the served codes. */
export function isServedPhone(phone: string, countryCodes: readonly string[]): boolean {
  return countryCodes.some((cc) => cc !== '' && phone.startsWith(cc));
}

/** Seconds until a new code may be sent, 0 when it may be sent now. */
export function resendWait(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const left = RESEND_AFTER_S * 1000 - (now.getTime() - lastSentAt.getTime());
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** DECISIONS 8: the union of two carts, the larger count of a line winning, at most 100 a line and 40 lines. */
export function mergeCarts(
  server: { _id: string; count: number }[],
  cookie: { _id: string; count: number }[],
): { _id: string; count: number }[] {
  const merged = new Map<string, number>();
  for (const item of [...cookie, ...server]) {
    merged.set(item._id, Math.min(100, Math.max(merged.get(item._id) ?? 0, item.count)));
  }
  return [...merged].slice(0, 40).map(([_id, count]) => ({ _id, count }));
}
