import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { sessions, staffCredentials, staffInvites, staffSessions, users } from '../db/schema/index.ts';
import type { StaffRole } from '../db/schema/staff.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { RateLimitService, RateRule } from '../limits/rate-limit.service.ts';
import type { Providers } from '../providers/index.ts';
import { forgetUnprovenWrites, hashPassword, verifyPassword } from './auth.service.ts';
import {
  isStaffSessionAlive,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  STAFF_INVITE_TTL_MS,
  STAFF_TOUCH_MS,
  staffLimits,
} from './staff.rules.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);
const STAFF: readonly string[] = ['admin', 'manager', 'editor'];
/** Compared against when the e-mail is no staff member's, so both answers take as long. */
const DUMMY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;

/**
 * Stores a staff invitation for `email` (replacing the pending ones for it) and returns its link's
 * token, which only this answer ever holds (the table keeps its SHA-256).
 */
export async function insertStaffInvite(
  runner: Pick<Db, 'insert' | 'update'>,
  input: { email: string; role: StaffRole; invitedBy: string | null; now: Date },
): Promise<{ id: number; token: string }> {
  const token = newToken();
  await runner
    .update(staffInvites)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(staffInvites.email, input.email),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    );
  const [row] = await runner
    .insert(staffInvites)
    .values({
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: input.invitedBy,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + STAFF_INVITE_TTL_MS),
    })
    .returning({ id: staffInvites.id });
  if (!row) throw new Error('insert returned nothing');
  return { id: row.id, token };
}

export interface StaffSession {
  sessionId: number;
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The second factor was given in this session. */
  mfa: boolean;
  /** TOTP is set up: false means the next step is enrolment. */
  enrolled: boolean;
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  enrolled: boolean;
  version: number;
}

/**
 * Staff sign-in and staff management (DECISIONS 30): e-mail and password, then a TOTP second factor
 * (enrolled with a QR code on the first sign-in, with single-use recovery codes); invitations by an
 * admin; role changes and removal. docs/decisions/0011-back-office.md.
 */
export function createStaffService({
  db,
  providers,
  limits,
  audit,
  clock,
  issuer,
}: {
  db: Db;
  providers: Providers;
  limits: RateLimitService;
  audit: AuditService;
  clock: () => Date;
  /** Shown in the authenticator app next to the account. */
  issuer: string;
}) {
  function totpFor(secret: string, label: string) {
    return new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    });
  }

  const tooMany = (locale: Locale) =>
    t(
      locale,
      'Слишком много неудачных попыток. Попробуйте позже',
      'Too many failed attempts. Please try again later',
    );

  /** The caps that refuse the guesser alone: per address and account, and per address. */
  const clientRules = (email: string, ip: string): [string, RateRule][] => [
    [`staff-fail:${email}:${ip}`, staffLimits.perClient],
    [`staff-fail:ip:${ip}`, staffLimits.perAddress],
  ];

  /**
   * The account's ceiling of wrong passwords over all addresses, recorded like the other caps; null
   * when it is reached (the password is then only taken with a code).
   */
  async function reservePasswordCeiling(email: string, locale: Locale): Promise<number | null> {
    try {
      return await limits.reserve(`staff-fail:${email}`, staffLimits.passwordsPerAccount, tooMany(locale));
    } catch (error) {
      if (error instanceof AppError && error.kind === 'too_many_requests') return null;
      throw error;
    }
  }

  /**
   * Step one: e-mail and password, optionally with the authenticator's code. A failure is recorded
   * before the check and taken back when the proof is right, so concurrent guesses cannot pass the
   * caps. Past the account's ceiling the password alone is refused before it is checked, and taken
   * only with a right code: the answer then never says which of the two was wrong, so strangers
   * guessing from many addresses cannot lock the owner out (docs/decisions/0013-sign-in-lock-outs.md).
   * Without a code the session answers no staff endpoint until step two; with a right one it is
   * signed in.
   */
  async function signIn(input: {
    email: string;
    password: string;
    code?: string;
    ip: string;
    locale: Locale;
  }) {
    const { email, ip, locale } = input;
    const failures = await limits.reserveAll(clientRules(email, ip), tooMany(locale));
    const ceiling = await reservePasswordCeiling(email, locale);
    if (ceiling === null && input.code === undefined) {
      await limits.releaseAll(failures);
      throw new AppError(
        'too_many_requests',
        t(
          locale,
          'Было много неудачных попыток войти в эту учётную запись. Введите пароль вместе с кодом из приложения-аутентификатора',
          'There were many failed attempts to sign in to this account. Enter the password together with the code from the authenticator app',
        ),
        { field: 'code' },
      );
    }
    if (ceiling !== null) failures.push(ceiling);
    const [row] = await db
      .select({ user: users, credentials: staffCredentials })
      .from(users)
      .innerJoin(staffCredentials, eq(staffCredentials.userId, users.id))
      .where(eq(users.email, email));
    const isStaff = row !== undefined && STAFF.includes(row.user.role) && row.user.emailVerified;
    const ok = await verifyPassword(input.password, row?.credentials.passwordHash ?? DUMMY_HASH);
    const wrong = () =>
      new AppError(
        'unauthorized',
        input.code === undefined
          ? t(locale, 'Неверный e-mail или пароль', 'Wrong e-mail or password')
          : t(locale, 'Неверный e-mail, пароль или код', 'Wrong e-mail, password or code'),
        { field: 'password' },
      );
    if (!row || !isStaff || !ok) throw wrong();
    let mfaAt: Date | null = null;
    if (input.code !== undefined) {
      // The password was right: a wrong code counts against the account's ceiling of codes, which only
      // someone who knows the password can spend. Refused there, the answer is the same.
      const codeFailure = await limits
        .reserve(`staff-code-fail:${email}`, staffLimits.codesPerAccount, tooMany(locale))
        .catch((error: unknown) => {
          if (error instanceof AppError && error.kind === 'too_many_requests') throw wrong();
          throw error;
        });
      const secret = row.credentials.totpEnabledAt ? row.credentials.totpSecret : null;
      const step = secret ? validStep(secret, email, input.code) : null;
      if (step === null || !(await moveStep(row.user.id, step))) throw wrong();
      failures.push(codeFailure);
      mfaAt = clock();
    }
    await limits.releaseAll(failures);
    const token = newToken();
    const now = clock();
    await db.insert(staffSessions).values({
      tokenHash: sha256(token),
      userId: row.user.id,
      createdAt: now,
      lastSeenAt: now,
      mfaAt,
      ip,
    });
    const next = mfaAt
      ? null
      : row.credentials.totpEnabledAt
        ? ('second-factor' as const)
        : ('enrol' as const);
    return { token, next };
  }

  /**
   * Records a failed second factor before the check, per address and account, per address and
   * against the account's ceiling of codes; `releaseAll` takes it back when the code is right.
   */
  const reserveCodeFailure = (email: string, ip: string, locale: Locale) =>
    limits.reserveAll(
      [...clientRules(email, ip), [`staff-code-fail:${email}`, staffLimits.codesPerAccount]],
      tooMany(locale),
    );

  /** Moves the account's last used step forward: a code seen once (or an older one) is refused, also under a race. */
  async function moveStep(userId: string, step: number): Promise<boolean> {
    const moved = await db
      .update(staffCredentials)
      .set({ lastStep: step })
      .where(
        and(
          eq(staffCredentials.userId, userId),
          sql`(${staffCredentials.lastStep} is null or ${staffCredentials.lastStep} < ${step})`,
        ),
      )
      .returning({ userId: staffCredentials.userId });
    return moved.length > 0;
  }

  async function loadSession(token: string | null | undefined) {
    if (!token || token.length > 100) return null;
    const [row] = await db
      .select({ session: staffSessions, user: users, credentials: staffCredentials })
      .from(staffSessions)
      .innerJoin(users, eq(users.id, staffSessions.userId))
      .innerJoin(staffCredentials, eq(staffCredentials.userId, users.id))
      .where(eq(staffSessions.tokenHash, sha256(token)));
    if (!row || !STAFF.includes(row.user.role) || !row.user.email) return null;
    if (!isStaffSessionAlive(row.session, clock())) return null;
    return row;
  }

  /** The staff member behind a token, or null (unknown, revoked, idle for 12 hours, role taken away). */
  async function getStaffSession(token: string | null | undefined): Promise<StaffSession | null> {
    const row = await loadSession(token);
    if (!row) return null;
    const now = clock();
    if (now.getTime() - row.session.lastSeenAt.getTime() > STAFF_TOUCH_MS) {
      await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id));
    }
    return {
      sessionId: row.session.id,
      userId: row.user.id,
      email: row.user.email ?? '',
      name: row.user.name,
      role: row.user.role as StaffRole,
      mfa: row.session.mfaAt !== null && row.credentials.totpEnabledAt !== null,
      enrolled: row.credentials.totpEnabledAt !== null,
    };
  }

  async function requirePending(token: string | null, locale: Locale) {
    const row = await loadSession(token);
    if (!row) {
      throw new AppError('unauthorized', t(locale, 'Войдите заново', 'Please sign in again'));
    }
    return row;
  }

  /** Enrolment, step one: a new secret (pending until confirmed) as an otpauth URL and its QR code. */
  async function startEnrolment(token: string | null, locale: Locale) {
    const row = await requirePending(token, locale);
    if (row.credentials.totpEnabledAt) {
      throw new AppError(
        'conflict',
        t(locale, 'Второй фактор уже настроен', 'The second factor is already set up'),
      );
    }
    const secret = new Secret({ size: 20 }).base32;
    await db
      .update(staffCredentials)
      .set({ totpSecret: secret })
      .where(and(eq(staffCredentials.userId, row.user.id), isNull(staffCredentials.totpEnabledAt)));
    const url = totpFor(secret, row.user.email ?? '').toString();
    return { secret, otpauthUrl: url, qrSvg: renderSVG(url) };
  }

  /** The time step a code belongs to, when it is valid now (one step either side for clock drift). */
  function validStep(secret: string, label: string, code: string): number | null {
    const now = clock().getTime();
    const delta = totpFor(secret, label).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 30_000) + delta;
  }

  /** Enrolment, step two: the first code proves the app has the secret; recovery codes are shown once. */
  async function confirmEnrolment(token: string | null, code: string, ip: string, locale: Locale) {
    const row = await requirePending(token, locale);
    const email = row.user.email ?? '';
    const secret = row.credentials.totpSecret;
    if (row.credentials.totpEnabledAt || !secret) {
      throw new AppError('conflict', t(locale, 'Начните настройку заново', 'Please start the set-up again'));
    }
    const failures = await reserveCodeFailure(email, ip, locale);
    const step = validStep(secret, email, code);
    if (step === null) {
      throw new AppError('invalid_data', t(locale, 'Неверный код', 'Wrong code'), { field: 'code' });
    }
    await limits.releaseAll(failures);
    const recovery = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const raw = randomBytes(5).toString('hex');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    const now = clock();
    await db.transaction(async (tx) => {
      const done = await tx
        .update(staffCredentials)
        .set({
          totpEnabledAt: now,
          lastStep: step,
          recoveryCodes: recovery.map((c) => sha256(normaliseRecoveryCode(c))),
          version: sql`${staffCredentials.version} + 1`,
        })
        .where(and(eq(staffCredentials.userId, row.user.id), isNull(staffCredentials.totpEnabledAt)))
        .returning({ userId: staffCredentials.userId });
      if (done.length === 0) {
        throw new AppError(
          'conflict',
          t(locale, 'Второй фактор уже настроен', 'The second factor is already set up'),
        );
      }
      await tx.update(staffSessions).set({ mfaAt: now }).where(eq(staffSessions.id, row.session.id));
      await audit.record(tx, actorOf(row.user, ip), {
        action: 'staff.second-factor-enrolled',
        entityType: 'staff',
        entityId: row.user.id,
      });
    });
    return { recoveryCodes: recovery };
  }

  /** Step two of a sign-in: a TOTP code (never the same step twice) or one unused recovery code. */
  async function verifySecondFactor(
    token: string | null,
    proof: { code?: string; recoveryCode?: string },
    ip: string,
    locale: Locale,
  ) {
    const row = await requirePending(token, locale);
    const email = row.user.email ?? '';
    const secret = row.credentials.totpSecret;
    if (!row.credentials.totpEnabledAt || !secret) {
      throw new AppError(
        'conflict',
        t(locale, 'Сначала настройте второй фактор', 'Set up the second factor first'),
      );
    }
    const failures = await reserveCodeFailure(email, ip, locale);
    const wrong = () => {
      throw new AppError('invalid_data', t(locale, 'Неверный код', 'Wrong code'), {
        field: proof.code ? 'code' : 'recoveryCode',
      });
    };
    const now = clock();
    if (proof.code) {
      const step = validStep(secret, email, proof.code);
      if (step === null || !(await moveStep(row.user.id, step))) return wrong();
    } else {
      const hash = sha256(normaliseRecoveryCode(proof.recoveryCode ?? ''));
      const used = await db
        .update(staffCredentials)
        .set({ recoveryCodes: sql`${staffCredentials.recoveryCodes} - ${hash}::text` })
        .where(
          and(
            eq(staffCredentials.userId, row.user.id),
            sql`${staffCredentials.recoveryCodes} ? ${hash}::text`,
          ),
        )
        .returning({ left: staffCredentials.recoveryCodes });
      if (used.length === 0) return wrong();
      await audit.record(db, actorOf(row.user, ip), {
        action: 'staff.recovery-code-used',
        entityType: 'staff',
        entityId: row.user.id,
        after: { left: used[0]?.left.length ?? 0 },
      });
    }
    await limits.releaseAll(failures);
    await db
      .update(staffSessions)
      .set({ mfaAt: now, lastSeenAt: now })
      .where(eq(staffSessions.id, row.session.id));
  }

  async function signOut(token: string | null) {
    if (!token) return;
    await db
      .update(staffSessions)
      .set({ revokedAt: clock() })
      .where(eq(staffSessions.tokenHash, sha256(token)));
  }

  function actorOf(user: typeof users.$inferSelect, ip: string): Actor {
    return { userId: user.id, email: user.email ?? '', role: user.role as StaffRole, ip };
  }

  /** An admin invites someone by e-mail: the mailed link (72 hours) proves the address. */
  async function invite(
    input: { email: string; role: StaffRole; locale: Locale },
    actor: Actor,
    linkBase: string,
  ): Promise<{ id: number }> {
    const { id, token } = await db.transaction(async (tx) => {
      const invite = await insertStaffInvite(tx, {
        email: input.email,
        role: input.role,
        invitedBy: actor.userId,
        now: clock(),
      });
      await audit.record(tx, actor, {
        action: 'staff.invited',
        entityType: 'staff-invite',
        entityId: String(invite.id),
        after: { email: input.email, role: input.role },
      });
      return invite;
    });
    const link = `${linkBase}/admin/invite/${token}`;
    const sent = await providers.email.send({
      to: input.email,
      subject: t(
        input.locale,
        'Приглашение в панель управления магазина',
        'Your invitation to the shop’s back office',
      ),
      text: t(
        input.locale,
        `Вас пригласили в панель управления магазина. Ссылка действует 72 часа: ${link}`,
        `You are invited to the shop’s back office. The link works for 72 hours: ${link}`,
      ),
    });
    if (!sent.ok) {
      await db.update(staffInvites).set({ revokedAt: clock() }).where(eq(staffInvites.id, id));
      throw new AppError(
        'unavailable',
        t(input.locale, 'Письмо не отправлено', 'The e-mail could not be sent'),
        {
          field: 'email',
        },
      );
    }
    return { id };
  }

  async function getInvite(token: string) {
    const [row] = await db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, sha256(token)));
    const now = clock();
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) return null;
    return { email: row.email, role: row.role };
  }

  /**
   * Accepting an invitation: the link proved the e-mail, so the account (found by the e-mail or made)
   * gets the role and the chosen password. Its earlier staff sessions end; TOTP comes at sign-in.
   */
  async function acceptInvite(input: {
    token: string;
    name: string;
    password: string;
    ip: string;
    locale: Locale;
  }) {
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    return db.transaction(async (tx) => {
      const [invite] = await tx
        .update(staffInvites)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(staffInvites.tokenHash, sha256(input.token)),
            isNull(staffInvites.acceptedAt),
            isNull(staffInvites.revokedAt),
            sql`${staffInvites.expiresAt} > ${now.toISOString()}`,
          ),
        )
        .returning();
      if (!invite) {
        throw new AppError(
          'not_found',
          t(input.locale, 'Приглашение недействительно или устарело', 'The invitation is no longer valid'),
        );
      }
      let [existing] = await tx.select().from(users).where(eq(users.email, invite.email));
      if (existing && !existing.emailVerified && !existing.passwordHash) {
        // The address typed into another account's profile is only a contact (record 0008): it leaves
        // that account, and the invited person gets an account of their own.
        await tx.update(users).set({ email: null }).where(eq(users.id, existing.id));
        existing = undefined;
      }
      let userId: string;
      if (existing) {
        // The link proves the mailbox and nothing else: what the account's unproven sessions set
        // (an unproven phone above all) does not carry over, and every other session ends.
        const unproven = existing.emailVerified
          ? existing.phoneVerified
            ? {}
            : { phone: null }
          : await forgetUnprovenWrites(tx, existing.id);
        await tx
          .update(users)
          .set({
            ...unproven,
            role: invite.role,
            emailVerified: true,
            name: (existing.emailVerified && existing.name) || input.name,
          })
          .where(eq(users.id, existing.id));
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
        userId = existing.id;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ email: invite.email, emailVerified: true, name: input.name, role: invite.role })
          .returning({ id: users.id });
        if (!created) throw new Error('insert returned nothing');
        userId = created.id;
      }
      // A new password and a fresh second factor: whatever was set before is not trusted.
      await setNewPassword(tx, userId, passwordHash, now);
      await audit.record(
        tx,
        { userId, email: invite.email, role: invite.role, ip: input.ip },
        {
          action: 'staff.invitation-accepted',
          entityType: 'staff',
          entityId: userId,
          before: existing ? { role: existing.role } : null,
          after: { role: invite.role, invite: invite.id },
        },
      );
      return { email: invite.email };
    });
  }

  async function listStaff(): Promise<StaffMember[]> {
    const rows = await db
      .select({ user: users, credentials: staffCredentials })
      .from(users)
      .innerJoin(staffCredentials, eq(staffCredentials.userId, users.id))
      .where(ne(users.role, 'customer'))
      .orderBy(asc(users.email));
    return rows.map(({ user, credentials }) => ({
      id: user.id,
      email: user.email ?? '',
      name: user.name,
      role: user.role as StaffRole,
      enrolled: credentials.totpEnabledAt !== null,
      version: credentials.version,
    }));
  }

  async function listInvites() {
    return db
      .select({
        id: staffInvites.id,
        email: staffInvites.email,
        role: staffInvites.role,
        createdAt: staffInvites.createdAt,
        expiresAt: staffInvites.expiresAt,
      })
      .from(staffInvites)
      .where(
        and(
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
          sql`${staffInvites.expiresAt} > ${clock().toISOString()}`,
        ),
      )
      .orderBy(asc(staffInvites.createdAt));
  }

  /**
   * Changes a staff member's role or removes them (role `customer`), refused when the admin's screen
   * was stale (409) or when it would leave the shop without an admin.
   */
  async function setRole(
    userId: string,
    role: StaffRole | 'customer',
    version: number,
    actor: Actor,
    locale: Locale,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      // One admin change at a time: the last-admin check cannot be raced.
      await tx.execute(sql`select pg_advisory_xact_lock(7301)`);
      const [row] = await tx
        .select({ user: users, credentials: staffCredentials })
        .from(users)
        .innerJoin(staffCredentials, eq(staffCredentials.userId, users.id))
        .where(eq(users.id, userId));
      if (!row || row.user.role === 'customer') {
        throw new AppError('not_found', t(locale, 'Сотрудник не найден', 'No such staff member'));
      }
      if (row.credentials.version !== version) {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Данные сотрудника изменились: обновите страницу',
            'This staff member was changed meanwhile: reload',
          ),
        );
      }
      if (row.user.role === 'admin' && role !== 'admin') {
        const admins = await tx.$count(users, eq(users.role, 'admin'));
        if (admins <= 1) {
          throw new AppError(
            'conflict',
            t(locale, 'В магазине должен остаться администратор', 'The shop must keep at least one admin'),
          );
        }
      }
      await tx.update(users).set({ role }).where(eq(users.id, userId));
      await tx
        .update(staffCredentials)
        .set({ version: sql`${staffCredentials.version} + 1` })
        .where(eq(staffCredentials.userId, userId));
      if (role === 'customer') {
        await tx.update(staffSessions).set({ revokedAt: clock() }).where(eq(staffSessions.userId, userId));
        await tx.delete(staffCredentials).where(eq(staffCredentials.userId, userId));
      }
      await audit.record(tx, actor, {
        action: role === 'customer' ? 'staff.removed' : 'staff.role-changed',
        entityType: 'staff',
        entityId: userId,
        before: { role: row.user.role },
        after: { role },
      });
    });
  }

  return {
    signIn,
    getStaffSession,
    startEnrolment,
    confirmEnrolment,
    verifySecondFactor,
    signOut,
    invite,
    getInvite,
    acceptInvite,
    listStaff,
    listInvites,
    setRole,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * A staff member's new password with a fresh second factor (whatever was set before is not
 * trusted), and every staff session of theirs ended.
 */
export async function setNewPassword(tx: Tx, userId: string, passwordHash: string, now: Date) {
  await tx
    .insert(staffCredentials)
    .values({ userId, passwordHash, createdAt: now })
    .onConflictDoUpdate({
      target: staffCredentials.userId,
      set: {
        passwordHash,
        totpSecret: null,
        totpEnabledAt: null,
        lastStep: null,
        recoveryCodes: sql`'[]'::jsonb`,
        version: sql`${staffCredentials.version} + 1`,
      },
    });
  await tx.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.userId, userId));
}
