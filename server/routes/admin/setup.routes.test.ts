import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox, staffCredentials, users } from '../../../core/db/schema/index.ts';
import { insertSettings } from '../../../tests/factories/catalogue.ts';
import { SHOP_ORIGIN, STAFF_PASSWORD } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';

const START = new Date('2026-11-20T09:00:00Z');
const HOUR = 60 * 60 * 1000;

describe.each(engines)('the first admin from the setup link on %s', (engine) => {
  let t: TestApp;
  let now = START;
  let mailbox = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    // The countries sign-in codes go to are a setting.
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Each case starts from a shop without an admin.
    now = new Date(now.getTime() + 48 * HOUR);
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
  });

  const post = (url: string, payload: object, ip = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { origin: SHOP_ORIGIN } });
  const linkStatus = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/setup/${token}` })).statusCode;
  const admins = () => t.database.db.$count(users, eq(users.role, 'admin'));
  const issue = async () => {
    const link = await t.services.firstAdmin.issueLink();
    if (!link) throw new Error('no link: the shop has an admin');
    return link.token;
  };
  const newEmail = () => `owner${++mailbox}@shop.test`;
  async function mailedCode(email: string): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return JSON.stringify(row?.payload).match(/: (\d{6})\./)?.[1] ?? '';
  }
  const complete = (token: string, code: string) =>
    post('/api/admin/setup/complete', { token, code, name: 'Анна', password: STAFF_PASSWORD });

  it('makes the admin only after the mailed code comes back; the link then works no more', async () => {
    const token = await issue();
    expect(await linkStatus(token)).toBe(200);
    const email = newEmail();
    const sent = await post('/api/admin/setup/send-code', { token, email: email.toUpperCase() });
    expect(sent.json()).toEqual({ result: true, sentTo: 'email' });
    const code = await mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await complete(token, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('code');
    expect(await admins()).toBe(0);

    const done = await complete(token, code);
    expect(done.json()).toEqual({ result: true, email });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, name: 'Анна' });
    const [credentials] = await t.database.db
      .select()
      .from(staffCredentials)
      .where(eq(staffCredentials.userId, admin?.id ?? ''));
    expect(credentials?.totpEnabledAt).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.first-admin-created'), eq(auditLog.entityId, admin?.id ?? '')));
    expect(audit?.after).toMatchObject({ role: 'admin', proven: 'email' });

    // The staff password signs in, and the second factor is enrolled before anything opens.
    const signIn = await post('/api/admin/auth/sign-in', { email, password: STAFF_PASSWORD });
    expect(signIn.json()).toMatchObject({ result: true, next: 'enrol' });

    // Single use, and dead once an admin exists: no new link is made either.
    expect((await complete(token, code)).statusCode).toBe(404);
    expect(await linkStatus(token)).toBe(404);
    expect(await t.services.firstAdmin.issueLink()).toBeNull();
    expect(await admins()).toBe(1);
  });

  it('refuses an expired link, a wrong token and a link a newer start replaced, making nothing', async () => {
    const old = await issue();
    const token = await issue();
    expect(await linkStatus(old)).toBe(404);
    const email = newEmail();
    expect((await post('/api/admin/setup/send-code', { token: old, email })).statusCode).toBe(404);
    expect(await t.database.db.$count(outbox, eq(outbox.recipient, email))).toBe(0);

    expect((await post('/api/admin/setup/send-code', { token, email })).statusCode).toBe(200);
    const code = await mailedCode(email);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await complete(forged, code)).statusCode).toBe(404);
    expect((await complete(old, code)).statusCode).toBe(404);

    now = new Date(now.getTime() + 24 * HOUR + 1000);
    expect(await linkStatus(token)).toBe(404);
    expect((await complete(token, code)).statusCode).toBe(404);
    expect(await admins()).toBe(0);
    expect(await t.database.db.$count(users, eq(users.email, email))).toBe(0);
  });

  it('makes nothing for a contact that was not proven: no code asked, or wrong codes until the tries run out', async () => {
    const token = await issue();
    const unasked = await complete(token, '123456');
    expect(unasked.statusCode).toBe(409);

    const email = newEmail();
    await post('/api/admin/setup/send-code', { token, email });
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await complete(token, wrong)).statusCode).toBe(400);
    // The sixth try is refused even with the right code: a new code is needed.
    const spent = await complete(token, code);
    expect(spent.statusCode).toBe(400);
    expect(await admins()).toBe(0);
    expect(await t.database.db.$count(users, eq(users.email, email))).toBe(0);

    // A code older than ten minutes is refused too.
    await post('/api/admin/setup/send-code', { token, email });
    const late = await mailedCode(email);
    now = new Date(now.getTime() + 11 * 60 * 1000);
    expect((await complete(token, late)).statusCode).toBe(400);
    expect(await admins()).toBe(0);
  });

  it('proves a phone with the shop’s sign-in code by SMS instead of the e-mail', async () => {
    const token = await issue();
    const email = newEmail();
    const phone = `7900${String(1_000_000 + mailbox).slice(-7)}`;
    const sent = await post('/api/admin/setup/send-code', { token, email, channel: 'sms', phone });
    expect(sent.json()).toEqual({ result: true, sentTo: 'phone' });
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = String(sms?.payload.code);
    expect((await complete(token, code === '0000' ? '1111' : '0000')).statusCode).toBe(400);
    expect(await admins()).toBe(0);
    expect((await complete(token, code)).statusCode).toBe(200);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(admin).toMatchObject({ role: 'admin', phone, phoneVerified: true, emailVerified: true });
  });

  it('makes one admin when two setups finish at once', async () => {
    const token = await issue();
    const email = newEmail();
    await post('/api/admin/setup/send-code', { token, email });
    const code = await mailedCode(email);
    const answers = await Promise.all([complete(token, code), complete(token, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(await admins()).toBe(1);
  });

  it('gives operator:create a fresh link through the running shop, to this machine with the key only', async () => {
    const key = 'k'.repeat(64);
    const config = (await import('../../../core/config/env.ts')).loadConfig({ LOG_LEVEL: 'silent' });
    const local = await buildApp({
      config,
      database: t.database,
      services: t.services,
      storefront: false,
      logger: false,
      operatorKey: key,
    });
    try {
      const ask = (remoteAddress: string, headers: Record<string, string>, payload: object = {}) =>
        local.inject({ method: 'POST', url: '/api/local/operator', remoteAddress, headers, payload });
      expect((await ask('10.0.0.5', { 'x-operator-key': key })).statusCode).toBe(404);
      expect((await ask('127.0.0.1', { 'x-operator-key': 'x'.repeat(64) })).statusCode).toBe(404);
      expect((await ask('127.0.0.1', {})).statusCode).toBe(404);
      // A proxy on this machine passes strangers' requests from a loopback address: refused too.
      const proxied = await ask('127.0.0.1', { 'x-operator-key': key, 'x-forwarded-for': '203.0.113.9' });
      expect(proxied.statusCode).toBe(404);

      const answer = await ask('127.0.0.1', { 'x-operator-key': key });
      expect(answer.statusCode).toBe(200);
      const link = String(answer.json().setup.link);
      expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/setup\?token=[\w-]{43}$/);
      expect(await linkStatus(link.split('token=')[1] ?? '')).toBe(200);

      // With a contact it promotes that account, as the command does on a stopped shop.
      const email = newEmail();
      await t.database.db.insert(users).values({ email, emailVerified: true, passwordHash: 'x' });
      const granted = await ask('::ffff:127.0.0.1', { 'x-operator-key': key }, { email });
      expect(granted.json().operator).toMatchObject({ inviteEmail: email });
      expect(granted.json().operator.inviteLink).toMatch(/\/admin\/invite\/[\w-]{43}$/);
      expect(await linkStatus(link.split('token=')[1] ?? '')).toBe(404);
      const again = await ask('::1', { 'x-operator-key': key });
      expect(again.statusCode).toBe(409);
    } finally {
      await local.close();
    }
  });
});
