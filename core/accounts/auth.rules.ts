import type { RateRule } from '../limits/rate-limit.service.ts';

/** DECISIONS 17: the limits that carry the security of 4-digit codes. */
export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_TRIES_PER_CODE = 5;
export const RESEND_AFTER_S = 60;
export const SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** An init token (`GET /api/auth/init`) is good for half an hour. */
export const INIT_TOKEN_TTL_MS = 30 * 60 * 1000;

export const authLimits = {
  failuresPerPhoneDay: { limit: 10, windowSeconds: 86_400 },
  failuresPerPhoneMonth: { limit: 100, windowSeconds: 30 * 86_400 },
  sendsPerPhoneHour: { limit: 5, windowSeconds: 3600 },
  sendsPerIpHour: { limit: 20, windowSeconds: 3600 },
  checksPerIpHour: { limit: 60, windowSeconds: 3600 },
  passwordFailuresPerEmailDay: { limit: 10, windowSeconds: 86_400 },
  passwordTriesPerIpHour: { limit: 30, windowSeconds: 3600 },
  emailLookupsPerIpHour: { limit: 30, windowSeconds: 3600 },
  registrationsPerIpHour: { limit: 10, windowSeconds: 3600 },
  resetsPerEmailHour: { limit: 3, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

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
