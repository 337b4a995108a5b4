import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, signInCodes, userAddresses, userCarts, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService, RateRule } from '../limits/rate-limit.service.ts';
import { CONSENT_VERSION } from '../orders/orders.service.ts';
import type { Providers } from '../providers/index.ts';
import { shopperMessage } from '../shopper-messages.ts';
import {
  authLimits,
  CODE_TTL_MS,
  defaultSmsCountryCodes,
  INIT_TOKEN_TTL_MS,
  isServedPhone,
  MAX_TRIES_PER_CODE,
  RESEND_AFTER_S,
  resendWait,
  SESSION_TTL_MS,
} from './auth.rules.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const SCRYPT = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** DECISIONS 17: passwords hashed with scrypt, a memory-hard function. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const got = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** Compared against when the e-mail is unknown, so both answers take as long. */
const DUMMY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A password a person can type from an e-mail: 10 letters and digits without look-alikes. */
function newPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export type SessionUser = typeof users.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Proving an account's mailbox (a mailed password used, a staff invitation accepted): until then the
 * account was in the hands of whoever typed the address, so what its unproven sessions could set does
 * not survive (docs/decisions/0013-sign-in-lock-outs.md). Clears the saved addresses and the server
 * cart and returns the profile fields to reset; orders stay. The caller also ends the other sessions.
 */
export async function forgetUnprovenWrites(tx: Tx, userId: string) {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
  await tx.delete(userCarts).where(eq(userCarts.userId, userId));
  return {
    emailVerified: true,
    phone: null,
    phoneVerified: false,
    name: '',
    secondName: '',
    birthDate: null,
    notificationChannel: 'sms',
  } satisfies Partial<typeof users.$inferInsert>;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
  /** True when this sign-in created the account. */
  created: boolean;
}

/**
 * Sign-in by phone code or e-mail password, and server-side sessions (catalogue.md §4, §7;
 * DECISIONS 16, 17). Every limit is counted in the database, so all instances share them.
 */
export function createAuthService({
  db,
  providers,
  limits,
  smsCountryCodes = async () => defaultSmsCountryCodes,
  clock,
  secret,
  logCode,
}: {
  db: Db;
  providers: Pick<Providers, 'sms' | 'email'>;
  limits: RateLimitService;
  /** The country calling codes sign-in codes go to (the `smsCountryCodes` setting). */
  smsCountryCodes?: () => Promise<readonly string[]>;
  clock: () => Date;
  /** Signs the init tokens. */
  secret: string;
  /** Development only: where sandbox codes are also logged. */
  logCode?: (phone: string, code: string) => void;
}) {
  const tooMany = (locale: Locale) => shopperMessage('auth.too_many_attempts', locale);

  const reserveAll = (rules: [string, RateRule][], locale: Locale) =>
    limits.reserveAll(rules, tooMany(locale));
  const releaseAll = limits.releaseAll;

  /** `GET /api/auth/init`: a signed, short-lived token the code request must carry (`init-token`). */
  function initToken(): string {
    const issued = clock().getTime().toString(36);
    const nonce = randomBytes(9).toString('base64url');
    const mac = createHmac('sha256', secret).update(`${issued}.${nonce}`).digest('base64url');
    return `${issued}.${nonce}.${mac}`;
  }

  function isValidInitToken(token: string | undefined): boolean {
    if (!token || token.length > 200) return false;
    const [issued, nonce, mac] = token.split('.');
    if (!issued || !nonce || !mac) return false;
    const expected = createHmac('sha256', secret).update(`${issued}.${nonce}`).digest('base64url');
    if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected)))
      return false;
    const age = clock().getTime() - Number.parseInt(issued, 36);
    return age >= 0 && age <= INIT_TOKEN_TTL_MS;
  }

  /**
   * `POST /api/auth/get-code`: sends a fresh code by call (the last 4 digits of the calling number) or
   * SMS. The answer is the same for known and unknown phones.
   */
  async function sendCode(input: {
    phone: string;
    channel: 'call' | 'sms';
    ip: string;
    /** The address plus the app's device id (`clientKey`). */
    client: string;
    locale: Locale;
    initToken: string | undefined;
  }): Promise<{ resendAfter: number; channel: 'call' | 'sms' }> {
    const { phone, ip, client, locale } = input;
    if (!isValidInitToken(input.initToken)) {
      throw new AppError('unauthorized', { key: 'auth.reload_page' });
    }
    if (!isServedPhone(phone, await smsCountryCodes())) {
      throw new AppError('invalid_data', { key: 'auth.phone_country_not_served' }, { field: 'phone' });
    }
    const now = clock();
    // Each client waits for its own codes: a stranger asking for codes neither delays nor supersedes
    // the owner's.
    const [last] = await db
      .select({ createdAt: signInCodes.createdAt })
      .from(signInCodes)
      .where(and(eq(signInCodes.phone, phone), eq(signInCodes.client, client)))
      .orderBy(desc(signInCodes.createdAt))
      .limit(1);
    const wait = resendWait(last?.createdAt ?? null, now);
    if (wait > 0) {
      throw new AppError('too_many_requests', { key: 'auth.code_resend_wait', params: { seconds: wait } });
    }
    await reserveAll(
      [
        [`auth:send:ip:${ip}`, authLimits.sendsPerIpHour],
        [`auth:send:phone-client:${phone}:${client}`, authLimits.sendsPerPhoneClientHour],
        [`auth:send:phone:${phone}`, authLimits.sendsPerPhoneHour],
        [`auth:send:phone:day:${phone}`, authLimits.sendsPerPhoneDay],
      ],
      locale,
    );
    const code = randomInt(0, 10_000).toString().padStart(4, '0');
    await db.transaction(async (tx) => {
      // A new code supersedes the client's earlier ones: only its latest can be used.
      await tx
        .update(signInCodes)
        .set({ usedAt: now })
        .where(and(eq(signInCodes.phone, phone), eq(signInCodes.client, client), isNull(signInCodes.usedAt)));
      await tx.insert(signInCodes).values({
        phone,
        client,
        codeHash: sha256(`${phone}:${code}`),
        channel: input.channel,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    });
    const sent = await providers.sms.sendCode({ phone, code, channel: input.channel, locale });
    if (!sent.ok) {
      throw new AppError('unavailable', { key: 'auth.code_not_sent' });
    }
    // A call-password provider picked its own code (the calling number's last 4 digits): that one counts.
    if (sent.code !== undefined && sent.code !== code) {
      await db
        .update(signInCodes)
        .set({ codeHash: sha256(`${phone}:${sent.code}`) })
        .where(and(eq(signInCodes.phone, phone), eq(signInCodes.client, client), isNull(signInCodes.usedAt)));
    }
    logCode?.(phone, sent.code ?? code);
    return { resendAfter: RESEND_AFTER_S, channel: input.channel };
  }

  /**
   * Checks a code for a phone without signing in (DECISIONS 17). Only the latest code the same client
   * asked for counts. Without a live code there is nothing to guess and nothing is counted, so nobody
   * can use up a budget without codes being sent. Otherwise a failure is recorded against the phone
   * and client (10 in any 24 hours, 100 in any 30 days) and against the phone over all clients (the
   * ceiling: 30 and 200) before the comparison, and taken back when the code is right, so concurrent
   * guesses cannot pass the caps; a try is taken from the code atomically, so a sixth try is refused
   * even with the right code (docs/decisions/0013-sign-in-lock-outs.md).
   */
  async function consumeCode(input: {
    phone: string;
    code: string;
    ip: string;
    client: string;
    locale: Locale;
  }): Promise<void> {
    const { phone, code, ip, client, locale } = input;
    await limits.hit(`auth:check:ip:${ip}`, authLimits.checksPerIpHour, tooMany(locale));
    const now = clock();
    const expired = () => new AppError('invalid_data', { key: 'auth.code_expired' }, { field: 'code' });
    const [latest] = await db
      .select({ id: signInCodes.id, attempts: signInCodes.attempts, expiresAt: signInCodes.expiresAt })
      .from(signInCodes)
      .where(and(eq(signInCodes.phone, phone), eq(signInCodes.client, client), isNull(signInCodes.usedAt)))
      .orderBy(desc(signInCodes.createdAt))
      .limit(1);
    if (!latest || latest.attempts >= MAX_TRIES_PER_CODE || latest.expiresAt <= now) throw expired();
    const failures = await reserveAll(
      [
        [`auth:fail:phone-client:month:${phone}:${client}`, authLimits.failuresPerPhoneClientMonth],
        [`auth:fail:phone-client:day:${phone}:${client}`, authLimits.failuresPerPhoneClientDay],
        [`auth:fail:phone:month:${phone}`, authLimits.failuresPerPhoneMonth],
        [`auth:fail:phone:day:${phone}`, authLimits.failuresPerPhoneDay],
      ],
      locale,
    );
    const [taken] = await db
      .update(signInCodes)
      .set({ attempts: sql`${signInCodes.attempts} + 1` })
      .where(
        and(
          eq(signInCodes.id, latest.id),
          isNull(signInCodes.usedAt),
          lt(signInCodes.attempts, MAX_TRIES_PER_CODE),
          gt(signInCodes.expiresAt, now),
        ),
      )
      .returning({ id: signInCodes.id, codeHash: signInCodes.codeHash });
    if (!taken) {
      // Another request took the last try or a new code superseded this one: no guess was made.
      await releaseAll(failures);
      throw expired();
    }
    const given = Buffer.from(sha256(`${phone}:${code}`));
    if (!timingSafeEqual(given, Buffer.from(taken.codeHash))) {
      throw new AppError('invalid_data', { key: 'auth.wrong_code' }, { field: 'code' });
    }
    const [used] = await db
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.id, taken.id), isNull(signInCodes.usedAt)))
      .returning({ id: signInCodes.id });
    if (!used) throw new AppError('invalid_data', { key: 'auth.wrong_code' }, { field: 'code' });
    await releaseAll(failures);
  }

  /** `POST /api/auth/check-code`: a right code signs in, creating the account for a new phone. */
  async function signInWithCode(input: {
    phone: string;
    code: string;
    ip: string;
    client: string;
    locale: Locale;
  }) {
    await consumeCode(input);
    const [existing] = await db.select().from(users).where(eq(users.phone, input.phone));
    if (existing) {
      if (existing.phoneVerified) return openSession(existing, input.ip, false);
      // A phone written without a code (by operator:create before it refused that) is proven now.
      const [proven] = await db
        .update(users)
        .set({ phoneVerified: true })
        .where(eq(users.id, existing.id))
        .returning();
      return openSession(proven ?? existing, input.ip, false);
    }
    const [created] = await db
      .insert(users)
      .values({ phone: input.phone, phoneVerified: true, ...consent(input.ip) })
      .onConflictDoNothing()
      .returning();
    // Two sign-ins of one new phone at once: the second finds the first's account.
    const user = created ?? (await db.select().from(users).where(eq(users.phone, input.phone)))[0];
    if (!user) throw new Error('the account vanished while signing in');
    return openSession(user, input.ip, Boolean(created));
  }

  function consent(ip: string) {
    return { consentVersion: CONSENT_VERSION, consentAt: clock(), consentIp: ip };
  }

  /** `POST /api/auth/check-email`: 1 when an account has this e-mail (catalogue.md §7). */
  async function emailExists(email: string, ip: string, locale: Locale): Promise<boolean> {
    await limits.hit(`auth:email-lookup:ip:${ip}`, authLimits.emailLookupsPerIpHour, tooMany(locale));
    // Only an address with a password counts; one typed into a profile is a contact, not an account.
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.passwordHash)));
    return Boolean(row);
  }

  async function mailPassword(email: string, password: string, locale: Locale, reset: boolean) {
    const sent = await providers.email.send({
      to: email,
      subject: reset
        ? shopperMessage('mail.new_password_subject', locale)
        : shopperMessage('mail.password_subject', locale),
      text: shopperMessage('mail.password_text', locale, { password }),
    });
    if (!sent.ok) {
      throw new AppError('unavailable', { key: 'auth.email_not_sent' }, { field: 'email' });
    }
  }

  /** `POST /api/auth/registerByEmail`: a new account; its password is sent to the address. */
  async function registerByEmail(email: string, ip: string, locale: Locale): Promise<SignedIn> {
    await limits.hit(`auth:register:ip:${ip}`, authLimits.registrationsPerIpHour, tooMany(locale));
    const password = newPassword();
    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      // An e-mail typed into another account's profile (no password, never proven) is only a contact:
      // the address's owner registering takes it over.
      await tx
        .update(users)
        .set({ email: null })
        .where(and(eq(users.email, email), isNull(users.passwordHash), eq(users.emailVerified, false)));
      const [row] = await tx
        .insert(users)
        .values({ email, passwordHash, ...consent(ip) })
        .onConflictDoNothing()
        .returning();
      return row;
    });
    if (!user) {
      throw new AppError('conflict', { key: 'auth.email_registered' }, { field: 'email' });
    }
    try {
      await mailPassword(email, password, locale, false);
    } catch (error) {
      // Nobody received the password: the account goes, so the address can register again.
      await db.delete(users).where(eq(users.id, user.id));
      throw error;
    }
    return openSession(user, ip, true);
  }

  /**
   * `POST /api/auth/authByEmail`. Wrong passwords count per e-mail and client (10 a day) and per e-mail
   * over all clients (the ceiling: 100 a day), and 30 tries per address an hour. The password is
   * checked against the current one and a reset's pending one, both always, so the answer takes as
   * long whether a reset is pending (DECISIONS 35).
   */
  async function signInWithPassword(input: {
    email: string;
    password: string;
    ip: string;
    client: string;
    locale: Locale;
  }) {
    const { email, ip, client, locale } = input;
    await limits.hit(`auth:password:ip:${ip}`, authLimits.passwordTriesPerIpHour, tooMany(locale));
    const failures = await reserveAll(
      [
        [`auth:password:fail:client:${email}:${client}`, authLimits.passwordFailuresPerEmailClientDay],
        [`auth:password:fail:${email}`, authLimits.passwordFailuresPerEmailDay],
      ],
      locale,
    );
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const current = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    const pending = await verifyPassword(input.password, user?.pendingPasswordHash ?? DUMMY_HASH);
    const byCurrent = Boolean(user?.passwordHash) && current;
    const byPending = Boolean(user?.pendingPasswordHash) && pending;
    if (!user || !(byCurrent || byPending)) {
      throw new AppError(
        'unauthorized',
        { key: 'auth.wrong_credentials' },
        {
          field: 'password',
        },
      );
    }
    await releaseAll(failures);
    let signedInUser = user;
    if (!byCurrent || !user.emailVerified) {
      signedInUser = await db.transaction(async (tx) => {
        const patch: Partial<typeof users.$inferInsert> = {};
        if (!byCurrent && user.pendingPasswordHash) {
          // The reset's password used for the first time: it replaces the old one, and every other
          // session ends (DECISIONS 35).
          patch.passwordHash = user.pendingPasswordHash;
          patch.pendingPasswordHash = null;
        }
        if (!user.emailVerified) {
          // The first sign-in with a mailed password proves the mailbox.
          Object.assign(patch, await forgetUnprovenWrites(tx, user.id));
        }
        await tx
          .update(sessions)
          .set({ revokedAt: clock() })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
        const [updated] = await tx.update(users).set(patch).where(eq(users.id, user.id)).returning();
        return updated ?? user;
      });
    }
    return openSession(signedInUser, ip, false);
  }

  /**
   * `POST /api/auth/reset-password` (DECISIONS 35): mails a new password, kept apart as pending. The
   * old password and every session keep working until the new password is used for the first time,
   * so a stranger asking for resets neither locks the owner out nor ends their sessions. Per e-mail 3
   * resets a day from one client, a ceiling of 5 an hour and 10 a day over all clients (the most mail a
   * stranger can send the owner); 5 an hour per client. The same answer whether the account exists.
   */
  async function resetPassword(input: { email: string; ip: string; client: string; locale: Locale }) {
    const { email, ip, client, locale } = input;
    await limits.hit(`auth:email-lookup:ip:${ip}`, authLimits.emailLookupsPerIpHour, tooMany(locale));
    await reserveAll(
      [
        [`auth:reset:client:${client}`, authLimits.resetsPerClientHour],
        [`auth:reset:client:${email}:${client}`, authLimits.resetsPerEmailClientDay],
        [`auth:reset:${email}`, authLimits.resetsPerEmailHour],
        [`auth:reset:day:${email}`, authLimits.resetsPerEmailDay],
      ],
      locale,
    );
    // Only an account of this address (registered with it, or proven) gets a password: an e-mail typed
    // into a profile never turns into a way in.
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), or(isNotNull(users.passwordHash), eq(users.emailVerified, true))));
    if (!user) return;
    const password = newPassword();
    const pendingPasswordHash = await hashPassword(password);
    // Stored only once the mail is on its way; a newer reset replaces an unused one.
    await mailPassword(email, password, locale, true);
    await db.update(users).set({ pendingPasswordHash }).where(eq(users.id, user.id));
  }

  async function openSession(user: SessionUser, ip: string, created: boolean): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    await db.insert(sessions).values({
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      ip,
    });
    return { token, user, created };
  }

  /** The user of a live session, or null for an unknown, expired or revoked token. */
  async function getSessionUser(token: string | null | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, clock()),
        ),
      );
    return row?.user ?? null;
  }

  /** Logout: the token stops working on every instance at once. */
  async function revokeSession(token: string): Promise<void> {
    if (token.length > 100) return;
    await db
      .update(sessions)
      .set({ revokedAt: clock() })
      .where(eq(sessions.tokenHash, sha256(token)));
  }

  return {
    initToken,
    sendCode,
    consumeCode,
    signInWithCode,
    emailExists,
    registerByEmail,
    signInWithPassword,
    resetPassword,
    getSessionUser,
    revokeSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
