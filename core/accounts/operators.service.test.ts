import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { loadConfig } from '../config/env.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { createRateLimitService } from '../limits/rate-limit.service.ts';
import { createProviders } from '../providers/index.ts';
import { createDbOutbox } from '../providers/outbox.ts';
import { createOperatorsService } from './operators.service.ts';
import { createStaffService } from './staff.service.ts';

describe.each(engines)('granting the operator role on %s (DECISIONS 18, 30)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const roleOf = async (id: string | undefined) =>
    (
      await database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, id ?? ''))
    )[0]?.role;

  it('promotes the account whose e-mail was proven by its mailed password, normalising the input', async () => {
    const [anna] = await database.db
      .insert(users)
      .values({ email: 'anna@shop.example', emailVerified: true, passwordHash: 'x', name: 'Анна' })
      .returning();
    const service = createOperatorsService({ db: database.db });
    const result = await service.grantOperator({ email: ' Anna@Shop.Example ' });
    expect(result).toEqual({
      id: anna?.id,
      name: 'Анна',
      provenEmail: 'anna@shop.example',
      provenPhone: null,
      inviteEmail: 'anna@shop.example',
      inviteToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(await roleOf(anna?.id)).toBe('admin');
    // The printed link sets the staff password of that same account, which can then sign in to the back office.
    const staff = createStaffService({
      db: database.db,
      providers: createProviders(loadConfig({ LOG_LEVEL: 'silent' }), {
        outbox: createDbOutbox(database.db),
        db: database.db,
      }),
      limits: createRateLimitService({ db: database.db, clock: () => new Date() }),
      audit: createAuditService({ db: database.db }),
      clock: () => new Date(),
      issuer: 'Test',
    });
    await staff.acceptInvite({
      token: result.inviteToken,
      name: 'Анна',
      password: 'a-long-staff-password',
      ip: '127.0.0.1',
      locale: 'ru',
    });
    const signedIn = await staff.signIn({
      email: 'anna@shop.example',
      password: 'a-long-staff-password',
      ip: '127.0.0.1',
      locale: 'ru',
    });
    expect(signedIn.next).toBe('enrol');
    const log = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, anna?.id ?? ''));
    expect(log.map((e) => e.action)).toEqual([
      'staff.admin-granted-from-command-line',
      'staff.invitation-accepted',
    ]);
  });

  it('refuses an account without an e-mail: the back office signs in by e-mail', async () => {
    const [vera] = await database.db
      .insert(users)
      .values({ phone: '79005550011', phoneVerified: true })
      .returning();
    const service = createOperatorsService({ db: database.db });
    await expect(service.grantOperator({ phone: '+7 900 555-00-11' })).rejects.toThrow(/has none/);
    expect(await roleOf(vera?.id)).toBe('customer');
  });

  it('promotes the account whose phone was attached with a code', async () => {
    const [boris] = await database.db
      .insert(users)
      .values({ phone: '79005550000', phoneVerified: true, email: 'boris@shop.example' })
      .returning();
    const service = createOperatorsService({ db: database.db });
    const result = await service.grantOperator({ phone: '+7 (900) 555-00-00' });
    // The typed e-mail gets the invitation: following its link is what proves it.
    expect(result).toMatchObject({
      id: boris?.id,
      provenPhone: '79005550000',
      provenEmail: null,
      inviteEmail: 'boris@shop.example',
    });
    expect(await roleOf(boris?.id)).toBe('admin');
  });

  it('refuses an e-mail merely typed into a profile, and one registered but never proven', async () => {
    const [typer] = await database.db
      .insert(users)
      .values({ phone: '79005550001', phoneVerified: true, email: 'victim@shop.example' })
      .returning();
    const [squatter] = await database.db
      .insert(users)
      .values({ email: 'owner@shop.example', passwordHash: 'x' })
      .returning();
    const service = createOperatorsService({ db: database.db });
    await expect(service.grantOperator({ email: 'victim@shop.example' })).rejects.toMatchObject({
      kind: 'not_found',
      message: expect.stringMatching(/No account has proven the e-mail victim@shop.example/),
    });
    await expect(service.grantOperator({ email: 'owner@shop.example' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(await roleOf(typer?.id)).toBe('customer');
    expect(await roleOf(squatter?.id)).toBe('customer');
  });

  it('refuses a phone written without a code and a contact no account has, creating nobody', async () => {
    const [unproven] = await database.db.insert(users).values({ phone: '79005550002' }).returning();
    const service = createOperatorsService({ db: database.db });
    const before = await database.db.$count(users);
    await expect(service.grantOperator({ phone: '79005550002' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(service.grantOperator({ email: 'nobody@shop.example' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(await database.db.$count(users)).toBe(before);
    expect(await roleOf(unproven?.id)).toBe('customer');
  });

  it('refuses input without a contact, a malformed e-mail, or proven contacts of two accounts', async () => {
    const [clara] = await database.db
      .insert(users)
      .values({ email: 'clara@shop.example', emailVerified: true })
      .returning();
    await database.db.insert(users).values({ phone: '79005550003', phoneVerified: true });
    const service = createOperatorsService({ db: database.db });
    await expect(service.grantOperator({})).rejects.toMatchObject({ kind: 'invalid_data', field: 'email' });
    await expect(service.grantOperator({ email: 'not-an-email' })).rejects.toMatchObject({
      kind: 'invalid_data',
    });
    await expect(
      service.grantOperator({ email: 'clara@shop.example', phone: '79005550003' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await roleOf(clara?.id)).toBe('customer');
  });
});
