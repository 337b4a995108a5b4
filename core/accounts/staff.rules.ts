/** Staff sessions end after this long without a request (DECISIONS 30). */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;
/** And in any case after this long. */
export const STAFF_SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** A session that gave its password has this long to give the second factor. */
export const STAFF_SECOND_FACTOR_MS = 10 * 60 * 1000;
/** An invitation's link works this long. */
export const STAFF_INVITE_TTL_MS = 72 * 60 * 60 * 1000;
/** Staff passwords are chosen, not mailed: at least this long. */
export const STAFF_PASSWORD_MIN = 12;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** lastSeenAt is written at most this often (a staff page makes many calls). */
export const STAFF_TOUCH_MS = 60 * 1000;

/**
 * Failed staff proofs (docs/decisions/0013-sign-in-lock-outs.md). Per address and account, and per
 * address whatever the account, they refuse the guesser alone. The account's ceilings over all
 * addresses never lock its owner out: past `passwordsPerAccount` a password is only taken together
 * with a code from the authenticator app; `codesPerAccount` counts wrong codes after a right password,
 * which only someone who knows the password can spend.
 */
export const staffLimits = {
  perClient: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 30, windowSeconds: 60 * 60 },
  passwordsPerAccount: { limit: 50, windowSeconds: 24 * 60 * 60 },
  codesPerAccount: { limit: 50, windowSeconds: 24 * 60 * 60 },
} as const;

/** Whether a session is still alive at `now`. */
export function isStaffSessionAlive(
  session: { createdAt: Date; lastSeenAt: Date; mfaAt: Date | null; revokedAt: Date | null },
  now: Date,
): boolean {
  if (session.revokedAt) return false;
  const t = now.getTime();
  if (t - session.createdAt.getTime() > STAFF_SESSION_MAX_MS) return false;
  if (t - session.lastSeenAt.getTime() > STAFF_IDLE_MS) return false;
  // Password given, second factor not yet: only a short while.
  if (!session.mfaAt && t - session.createdAt.getTime() > STAFF_SECOND_FACTOR_MS) return false;
  return true;
}

/** A recovery code as people type it: letters and digits in two groups, case and dashes ignored. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[^a-z0-9]/gi, '').toLowerCase();
}
