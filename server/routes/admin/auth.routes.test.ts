import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, staffSessions, users } from '../../../core/db/schema/index.ts';
import { insertStaff, SHOP_ORIGIN, STAFF_PASSWORD, totpCode } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useTestApp } from '../../../tests/support/use-test-app.ts';

const START = new Date('2026-11-20T09:00:00Z');

describe.each(engines)('staff sign-in, second factor and invitations on %s', (engine) => {
  let now = START;
  const t = useTestApp(engine, () => now);

  const post = (url: string, payload: object, cookie = '', ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: { origin: SHOP_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  /** A sign-in from the client at `ip`, with no session yet. */
  const signInFrom = (ip: string, body: object) => post('/api/admin/auth/sign-in', body, '', ip);
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers: { cookie } });
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('shi_staff='));
    return raw ? (raw.split(';')[0] ?? '') : '';
  };

  it('signs an invited manager in: invitation, password, TOTP enrolment, recovery codes, then the staff API', async () => {
    now = START;
    const admin = await insertStaff(t.database.db, { role: 'admin', now });
    const invited = await post(
      '/api/admin/staff/invite',
      { email: 'Maria@Shop.test', role: 'manager' },
      admin.headers.cookie,
    );
    expect(invited.statusCode).toBe(200);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'maria@shop.test'));
    const link = JSON.stringify(mails.at(-1)?.payload).match(/\/admin\/invite\/([\w-]+)/)?.[1] ?? '';
    expect(link.length).toBeGreaterThan(30);

    const short = await post('/api/admin/invites/accept', { token: link, name: 'Мария', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
    const accepted = await post('/api/admin/invites/accept', {
      token: link,
      name: 'Мария',
      password: STAFF_PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    expect(
      (await post('/api/admin/invites/accept', { token: link, name: 'X', password: STAFF_PASSWORD }))
        .statusCode,
    ).toBe(404);

    const signIn = await post('/api/admin/auth/sign-in', {
      email: 'maria@shop.test',
      password: STAFF_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().next).toBe('enrol');
    const cookie = cookieOf(signIn);
    expect(String(signIn.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    // The password alone opens nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).statusCode,
    ).toBe(401);

    const start = await post('/api/admin/auth/enrol/start', {}, cookie);
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = start.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toMatch(/^<svg/);
    expect((await post('/api/admin/auth/enrol/confirm', { code: '000000' }, cookie)).statusCode).toBe(400);
    const confirm = await post('/api/admin/auth/enrol/confirm', { code: totpCode(secret, now) }, cookie);
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect((await me(cookie)).json()).toMatchObject({
      signedIn: true,
      staff: { email: 'maria@shop.test', role: 'manager' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).statusCode,
    ).toBe(200);
    // A manager may not manage staff.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie } })).statusCode,
    ).toBe(403);

    // The next sign-in asks for a code; the code just used is refused (no replay), a recovery code works once.
    now = new Date(START.getTime() + 10_000);
    const again = await post('/api/admin/auth/sign-in', {
      email: 'maria@shop.test',
      password: STAFF_PASSWORD,
    });
    expect(again.json().next).toBe('second-factor');
    const second = cookieOf(again);
    const replay = await post('/api/admin/auth/second-factor', { code: totpCode(secret, START) }, second);
    expect(replay.statusCode).toBe(400);
    expect(
      (await post('/api/admin/auth/second-factor', { recoveryCode: codes[0] ?? '' }, second)).statusCode,
    ).toBe(200);
    const third = cookieOf(
      await post('/api/admin/auth/sign-in', { email: 'maria@shop.test', password: STAFF_PASSWORD }),
    );
    expect(
      (await post('/api/admin/auth/second-factor', { recoveryCode: codes[0] ?? '' }, third)).statusCode,
    ).toBe(400);
    now = new Date(START.getTime() + 60_000);
    expect(
      (await post('/api/admin/auth/second-factor', { code: totpCode(secret, now) }, third)).statusCode,
    ).toBe(200);

    const log = await t.database.db.select().from(auditLog);
    expect(log.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'staff.invited',
        'staff.invitation-accepted',
        'staff.second-factor-enrolled',
        'staff.recovery-code-used',
      ]),
    );
  });

  it('refuses a wrong password with the same answer as an unknown e-mail, and a shopper account', async () => {
    const staff = await insertStaff(t.database.db, { role: 'editor' });
    const wrong = await signInFrom('10.1.0.9', { email: staff.email, password: 'not the password' });
    const unknown = await signInFrom('10.1.0.9', { email: 'nobody@shop.test', password: 'x' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, staff.userId));
    const right = { email: staff.email, password: STAFF_PASSWORD };
    expect((await signInFrom('10.1.0.9', right)).statusCode).toBe(401);
  });

  it('limits wrong passwords per e-mail and client, without locking the owner out from another client', async () => {
    const staff = await insertStaff(t.database.db, { role: 'manager' });
    for (let i = 0; i < 10; i += 1) {
      const guess = await signInFrom('10.2.0.1', { email: staff.email, password: `guess ${i}` });
      expect(guess.statusCode).toBe(401);
    }
    const right = { email: staff.email, password: STAFF_PASSWORD };
    expect((await signInFrom('10.2.0.1', right)).statusCode).toBe(429);
    expect((await signInFrom('10.2.0.2', right)).statusCode).toBe(200);
  });

  it('never lets strangers lock a staff member out: past the account’s ceiling the right password with the right code signs in from a fresh address', async () => {
    now = new Date(START.getTime() + 2 * 86_400_000);
    const staff = await insertStaff(t.database.db, { role: 'admin', now });
    const signIn = (body: object, ip: string) =>
      post('/api/admin/auth/sign-in', { email: staff.email, ...body }, '', ip);
    // 50 wrong passwords from 5 addresses reach the account's ceiling.
    for (let a = 0; a < 5; a += 1) {
      for (let i = 0; i < 10; i += 1) {
        expect((await signIn({ password: `guess ${a}.${i}` }, `10.3.0.${a}`)).statusCode).toBe(401);
      }
    }
    // The password alone, even the right one, is now refused before it is checked: the answer asks
    // for the code with it.
    const alone = await signIn({ password: STAFF_PASSWORD }, '10.3.1.1');
    expect(alone.statusCode).toBe(429);
    expect(alone.json().field).toBe('code');
    // Which of the two was wrong is never said.
    const wrongPassword = await signIn({ password: 'guess', code: totpCode(staff.secret, now) }, '10.3.1.2');
    const staleCode = totpCode(staff.secret, new Date(now.getTime() - 3_600_000));
    const wrongCode = await signIn({ password: STAFF_PASSWORD, code: staleCode }, '10.3.1.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().message).toBe(wrongPassword.json().message);
    // The owner, from a fresh address, with the password and the app's code: signed in at once.
    const owner = await signIn({ password: STAFF_PASSWORD, code: totpCode(staff.secret, now) }, '10.3.1.3');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().next).toBeNull();
    expect((await me(cookieOf(owner))).json()).toMatchObject({ signedIn: true, staff: { role: 'admin' } });
    // One address that guessed is still refused, the right password and code included.
    now = new Date(now.getTime() + 60_000);
    const guesser = await signIn({ password: STAFF_PASSWORD, code: totpCode(staff.secret, now) }, '10.3.0.0');
    expect(guesser.statusCode).toBe(429);
    // Fifty password checks, each a deliberately slow hash: a loaded machine needs the room.
  }, 120_000);

  it('refuses one address trying many staff e-mails after 30 wrong passwords an hour', async () => {
    now = new Date(START.getTime() + 4 * 86_400_000);
    const staff = await insertStaff(t.database.db, { role: 'editor', now });
    for (let i = 0; i < 30; i += 1) {
      const res = await signInFrom('10.4.0.1', { email: `someone${i}@staff.test`, password: 'guess' });
      expect(res.statusCode).toBe(401);
    }
    const next = (ip: string) =>
      post('/api/admin/auth/sign-in', { email: staff.email, password: STAFF_PASSWORD }, '', ip);
    expect((await next('10.4.0.1')).statusCode).toBe(429);
    expect((await next('10.4.0.2')).statusCode).toBe(200);
    now = new Date(now.getTime() + 3_601_000);
    expect((await next('10.4.0.1')).statusCode).toBe(200);
    now = START;
  });

  it('an invitation proves the mailbox only: what the typist of the address set does not carry over, and their sessions end', async () => {
    now = START;
    const { db } = t.database;
    const admin = await insertStaff(db, { role: 'admin', now });
    // Someone types the future manager's address: registering gives them a session at once.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: '10.5.0.1',
      payload: { email: 'new.manager@shop.test' },
    });
    expect(typed.statusCode).toBe(200);
    const typist = { authorization: `Bearer ${typed.json().data.token}` };
    await db
      .update(users)
      .set({ phone: '79010007001', phoneVerified: false, name: 'Чужой' })
      .where(eq(users.email, 'new.manager@shop.test'));
    // A phone account with the other address typed into its profile keeps its phone; the address leaves it.
    const [phoneAccount] = await db
      .insert(users)
      .values({ phone: '79010007002', phoneVerified: true, email: 'typed.contact@shop.test' })
      .returning({ id: users.id });

    const accept = async (email: string) => {
      await post('/api/admin/staff/invite', { email, role: 'manager' }, admin.headers.cookie);
      const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
      const link = JSON.stringify(mails.at(-1)?.payload).match(/\/admin\/invite\/([\w-]+)/)?.[1] ?? '';
      const res = await post('/api/admin/invites/accept', {
        token: link,
        name: 'Мария',
        password: STAFF_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
    };
    await accept('new.manager@shop.test');
    const [manager] = await db.select().from(users).where(eq(users.email, 'new.manager@shop.test'));
    expect(manager).toMatchObject({ role: 'manager', emailVerified: true, phone: null, name: 'Мария' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch', headers: typist })).statusCode).toBe(
      401,
    );

    await accept('typed.contact@shop.test');
    const [other] = await db
      .select()
      .from(users)
      .where(eq(users.id, phoneAccount?.id ?? ''));
    expect(other).toMatchObject({ role: 'customer', email: null, phone: '79010007002' });
    const [invited] = await db.select().from(users).where(eq(users.email, 'typed.contact@shop.test'));
    expect(invited).toMatchObject({ role: 'manager', phone: null, name: 'Мария' });
  });

  it('ends a staff session after 12 hours without a request', async () => {
    now = START;
    const staff = await insertStaff(t.database.db, { role: 'manager', now });
    now = new Date(START.getTime() + 11 * 3_600_000);
    expect((await me(staff.headers.cookie)).json().signedIn).toBe(true);
    now = new Date(START.getTime() + 22 * 3_600_000);
    expect((await me(staff.headers.cookie)).json().signedIn).toBe(true);
    now = new Date(START.getTime() + 34.1 * 3_600_000);
    expect((await me(staff.headers.cookie)).json().signedIn).toBe(false);
    now = START;
  });

  it('changes a role with the version shown, refuses a stale one (409), keeps the last admin and ends a removed member’s sessions', async () => {
    now = START;
    const { db } = t.database;
    const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const a of admins) await db.update(users).set({ role: 'customer' }).where(eq(users.id, a.id));
    const admin = await insertStaff(db, { role: 'admin', now });
    const editor = await insertStaff(db, { role: 'editor', now });
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: admin.headers })).json()
        .staff as {
        id: string;
        version: number;
      }[];
    const v = (await list()).find((s) => s.id === editor.userId)?.version ?? -1;
    const patch = (id: string, body: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${id}`, payload: body, headers: admin.headers });
    expect((await patch(editor.userId, { role: 'manager', version: v })).statusCode).toBe(200);
    expect((await patch(editor.userId, { role: 'admin', version: v })).statusCode).toBe(409);
    expect((await patch(editor.userId, { role: 'boss', version: v + 1 })).json().field).toBe('role');
    // The only admin cannot step down.
    const mine = (await list()).find((s) => s.id === admin.userId)?.version ?? -1;
    expect((await patch(admin.userId, { role: 'manager', version: mine })).statusCode).toBe(409);

    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${editor.userId}/remove`,
      payload: { version: v + 1 },
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await me(editor.headers.cookie)).json().signedIn).toBe(false);
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.userId, editor.userId));
    expect(session?.revokedAt).not.toBeNull();
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, editor.userId));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['staff.role-changed', { role: 'editor' }, { role: 'manager' }],
        ['staff.removed', { role: 'manager' }, { role: 'customer' }],
      ]),
    );
  });

  it('sends the staff cookie to the whole API, sets the editing marker for editors only, clears both on sign-out', async () => {
    const setCookies = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie']].flat().filter(Boolean).map(String);
    for (const role of ['editor', 'manager'] as const) {
      const member = await insertStaff(t.database.db, { role });
      const signIn = await post('/api/admin/auth/sign-in', { email: member.email, password: STAFF_PASSWORD });
      expect(signIn.statusCode).toBe(200);
      const given = setCookies(signIn);
      expect(given.find((c) => c.startsWith('shi_staff='))).toMatch(
        /; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict/,
      );
      // The marker is readable by scripts (no HttpOnly) and says only "load the editing chunk".
      const marker = given.find((c) => c.startsWith('shi_staff_ui='));
      expect(marker).toMatch(/^shi_staff_ui=1; Path=\/; Max-Age=\d+; SameSite=Strict$/);

      // Past the second factor, `me` keeps the marker for an editor and drops it for a manager.
      const answer = await me(`${member.headers.cookie}; shi_staff_ui=1`);
      expect(answer.json().staff.role).toBe(role);
      const kept = setCookies(answer).find((c) => c.startsWith('shi_staff_ui='));
      expect(kept).toMatch(role === 'editor' ? /^shi_staff_ui=1;/ : /^shi_staff_ui=; .*Max-Age=0/);

      const out = await post('/api/admin/auth/sign-out', {}, member.headers.cookie);
      expect(out.statusCode).toBe(200);
      const cleared = setCookies(out);
      expect(cleared).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^shi_staff=; Path=\/api; Max-Age=0; HttpOnly/),
          expect.stringMatching(/^shi_staff=; Path=\/api\/admin; Max-Age=0; HttpOnly/),
          expect.stringMatching(/^shi_staff_ui=; Path=\/; Max-Age=0/),
        ]),
      );
      expect((await me(member.headers.cookie)).json().signedIn).toBe(false);
    }
    // A stale marker without a session is dropped too.
    const stale = await me('shi_staff_ui=1');
    expect(setCookies(stale).find((c) => c.startsWith('shi_staff_ui='))).toMatch(/Max-Age=0/);
  });
});
