import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { adminSetupLinks, sessions, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type { Providers } from '../providers/index.ts';
import { staffMessage } from '../staff-messages.ts';
import type { AuthService } from './auth.service.ts';
import { forgetUnprovenWrites, hashPassword } from './auth.service.ts';
import { setNewPassword } from './staff.service.ts';

/** A setup link works this long after the start that printed it. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** A code mailed from the setup page works this long, for this many tries. */
export const SETUP_CODE_TTL_MS = 10 * 60 * 1000;
export const SETUP_CODE_TRIES = 5;
/** Codes one link may send, and proofs it may try, in an hour. */
const SETUP_SENDS = { limit: 10, windowSeconds: 60 * 60 } as const;
const SETUP_PROOFS = { limit: 20, windowSeconds: 60 * 60 } as const;
/** The lock every change of who is admin takes (core/accounts/staff.service.ts `setRole`). */
const ADMIN_LOCK = 7301;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function shopHasAdmin(runner: Pick<Db, 'select'>): Promise<boolean> {
  const [row] = await runner.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

function revokeLiveLinks(tx: Pick<Db, 'update'>, now: Date) {
  return tx
    .update(adminSetupLinks)
    .set({ revokedAt: now })
    .where(and(isNull(adminSetupLinks.usedAt), isNull(adminSetupLinks.revokedAt)));
}

/**
 * A new setup link's token while the shop has no admin (null once it has one); the earlier links
 * stop working. Only this answer holds the token: the table keeps its SHA-256. The shop calls it on
 * every start (server/setup-link.ts), `npm run operator:create` without a contact too.
 */
export async function issueSetupLink(
  db: Db,
  clock: () => Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  const now = clock();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
    if (await shopHasAdmin(tx)) return null;
    await revokeLiveLinks(tx, now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
    await tx.insert(adminSetupLinks).values({ tokenHash: sha256(token), createdAt: now, expiresAt });
    return { token, expiresAt };
  });
}

/**
 * The first admin made while the shop runs (README "The back office"): while the shop has no admin,
 * each start prints a setup link (24 hours, single use; a newer one replaces it). Its page sends a
 * code to the future admin's e-mail, or by SMS through the shop's sign-in codes to a phone, and only
 * a right code makes the admin: an account with the e-mail and a staff password, whose first sign-in
 * enrols the second factor as every staff member's does (docs/decisions/0011-back-office.md).
 */
export function createFirstAdminService({
  db,
  auth,
  providers,
  limits,
  audit,
  clock,
}: {
  db: Db;
  auth: Pick<AuthService, 'sendCode' | 'consumeCode' | 'initToken'>;
  providers: Pick<Providers, 'email'>;
  limits: RateLimitService;
  audit: AuditService;
  clock: () => Date;
}) {
  const deadLink = (locale: Locale) => new AppError('not_found', staffMessage('setup.link_dead', locale));

  const hasAdmin = (runner: Pick<Db, 'select'> = db) => shopHasAdmin(runner);

  async function liveLink(runner: Pick<Db, 'select'>, token: string) {
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
    const [row] = await runner
      .select()
      .from(adminSetupLinks)
      .where(
        and(
          eq(adminSetupLinks.tokenHash, sha256(token)),
          isNull(adminSetupLinks.usedAt),
          isNull(adminSetupLinks.revokedAt),
          gt(adminSetupLinks.expiresAt, clock()),
        ),
      );
    return row ?? null;
  }

  /** Whether the link works: unused, not replaced, not expired, and the shop still has no admin. */
  async function getLink(token: string): Promise<{ expiresAt: Date } | null> {
    const link = await liveLink(db, token);
    if (!link || (await hasAdmin())) return null;
    return { expiresAt: link.expiresAt };
  }

  /**
   * Sends a code for the future admin: to the e-mail, or by SMS or call to the phone through the
   * shop's sign-in codes (their limits apply). A newer code replaces the link's earlier one.
   */
  async function sendCode(input: {
    token: string;
    email: string;
    phone?: string;
    channel: 'email' | 'sms' | 'call';
    ip: string;
    locale: Locale;
  }): Promise<{ sentTo: 'email' | 'phone' }> {
    const { locale } = input;
    const link = await liveLink(db, input.token);
    if (!link || (await hasAdmin())) throw deadLink(locale);
    await limits.hit(`admin-setup:send:${link.id}`, SETUP_SENDS, staffMessage('setup.too_many', locale));
    const now = clock();
    if (input.channel === 'email') {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await db
        .update(adminSetupLinks)
        .set({
          email: input.email,
          phone: null,
          codeHash: sha256(`${link.id}:${code}`),
          codeExpiresAt: new Date(now.getTime() + SETUP_CODE_TTL_MS),
          codeAttempts: 0,
        })
        .where(eq(adminSetupLinks.id, link.id));
      const sent = await providers.email.send({
        to: input.email,
        subject: staffMessage('setup.mail_subject', locale),
        text: staffMessage('setup.mail_text', locale, { code }),
      });
      if (!sent.ok) {
        await db.update(adminSetupLinks).set({ codeHash: null }).where(eq(adminSetupLinks.id, link.id));
        throw new AppError('unavailable', staffMessage('setup.mail_not_sent', locale), { field: 'email' });
      }
      return { sentTo: 'email' };
    }
    if (!input.phone) {
      throw new AppError('invalid_data', 'phone: is required', { field: 'phone' });
    }
    await auth.sendCode({
      phone: input.phone,
      channel: input.channel,
      ip: input.ip,
      client: clientOf(link.id),
      locale,
      initToken: auth.initToken(),
    });
    await db
      .update(adminSetupLinks)
      .set({ email: input.email, phone: input.phone, codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
      .where(eq(adminSetupLinks.id, link.id));
    return { sentTo: 'phone' };
  }

  /** The sign-in codes' client of a setup link: its codes are its own. */
  const clientOf = (linkId: number) => `admin-setup:${linkId}`;

  /** Checks a mailed code: one try taken atomically, five at most, within ten minutes. */
  async function proveMailedCode(linkId: number, code: string, locale: Locale) {
    const [taken] = await db
      .update(adminSetupLinks)
      .set({ codeAttempts: sql`${adminSetupLinks.codeAttempts} + 1` })
      .where(
        and(
          eq(adminSetupLinks.id, linkId),
          isNotNull(adminSetupLinks.codeHash),
          lt(adminSetupLinks.codeAttempts, SETUP_CODE_TRIES),
          gt(adminSetupLinks.codeExpiresAt, clock()),
        ),
      )
      .returning({ codeHash: adminSetupLinks.codeHash });
    if (!taken?.codeHash) {
      throw new AppError('invalid_data', staffMessage('setup.code_expired', locale), { field: 'code' });
    }
    const given = Buffer.from(sha256(`${linkId}:${code}`));
    if (!timingSafeEqual(given, Buffer.from(taken.codeHash))) {
      throw new AppError('invalid_data', staffMessage('setup.wrong_code', locale), { field: 'code' });
    }
  }

  /**
   * The code given back makes the admin, once: the link is used up inside the same transaction that
   * checks, under the admin lock, that the shop still has no admin. The account is the e-mail's (or
   * the phone's) when there is one, else a new one; its staff password is the one chosen here, and
   * its shopper sessions end.
   */
  async function complete(input: {
    token: string;
    code: string;
    name: string;
    password: string;
    ip: string;
    locale: Locale;
  }): Promise<{ email: string }> {
    const { locale } = input;
    const link = await liveLink(db, input.token);
    if (!link || (await hasAdmin())) throw deadLink(locale);
    const email = link.email;
    if (!email) throw new AppError('conflict', staffMessage('setup.send_first', locale), { field: 'code' });
    await limits.hit(`admin-setup:prove:${link.id}`, SETUP_PROOFS, staffMessage('setup.too_many', locale));
    if (link.phone) {
      await auth.consumeCode({
        phone: link.phone,
        code: input.code,
        ip: input.ip,
        client: clientOf(link.id),
        locale,
      });
    } else {
      await proveMailedCode(link.id, input.code, locale);
    }
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
      const [used] = await tx
        .update(adminSetupLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminSetupLinks.id, link.id),
            isNull(adminSetupLinks.usedAt),
            isNull(adminSetupLinks.revokedAt),
            gt(adminSetupLinks.expiresAt, now),
          ),
        )
        .returning({ id: adminSetupLinks.id });
      if (!used || (await hasAdmin(tx))) throw deadLink(locale);
      const userId = await adminAccount(tx, { email, phone: link.phone, name: input.name, now }, locale);
      await setNewPassword(tx, userId, passwordHash, now);
      await revokeLiveLinks(tx, now);
      await audit.record(
        tx,
        { userId, email, role: 'admin', ip: input.ip },
        {
          action: 'staff.first-admin-created',
          entityType: 'staff',
          entityId: userId,
          after: { role: 'admin', proven: link.phone ? 'phone' : 'email', link: link.id },
        },
      );
      return { email };
    });
  }

  /** The account that becomes the admin: the e-mail's or the phone's, else a new one. */
  async function adminAccount(
    tx: Tx,
    input: { email: string; phone: string | null; name: string; now: Date },
    locale: Locale,
  ): Promise<string> {
    let [byEmail] = await tx.select().from(users).where(eq(users.email, input.email));
    if (byEmail && !byEmail.emailVerified && !byEmail.passwordHash) {
      // An address typed into another account's profile is only a contact (record 0008): it leaves it.
      await tx.update(users).set({ email: null }).where(eq(users.id, byEmail.id));
      byEmail = undefined;
    }
    const [byPhone] = input.phone
      ? await tx.select().from(users).where(eq(users.phone, input.phone))
      : [undefined];
    if (byEmail && byPhone && byEmail.id !== byPhone.id) {
      throw new AppError('conflict', staffMessage('setup.two_accounts', locale), { field: 'email' });
    }
    const existing = byEmail ?? byPhone;
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          emailVerified: true,
          name: input.name,
          role: 'admin',
          ...(input.phone ? { phone: input.phone, phoneVerified: true } : {}),
        })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned nothing');
      return created.id;
    }
    // A mailbox proven only now: what the account's unproven sessions set does not carry over.
    const unproven =
      !existing.emailVerified && !input.phone ? await forgetUnprovenWrites(tx, existing.id) : {};
    await tx
      .update(users)
      .set({
        ...unproven,
        email: input.email,
        emailVerified: true,
        role: 'admin',
        name: existing.name || input.name,
        ...(input.phone ? { phone: input.phone, phoneVerified: true } : {}),
      })
      .where(eq(users.id, existing.id));
    await tx
      .update(sessions)
      .set({ revokedAt: input.now })
      .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    return existing.id;
  }

  const issueLink = () => issueSetupLink(db, clock);

  return { hasAdmin, issueLink, getLink, sendCode, complete };
}

export type FirstAdminService = ReturnType<typeof createFirstAdminService>;
