import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, sessions, userAddresses, users } from '../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('sign-in, sessions and the cabinet on %s (DECISIONS 16, 17)', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  let ipSeq = 0;
  /** A fresh client address per scenario, so per-IP limits do not leak between tests. */
  const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  async function initToken(ip: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/init', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    return res.json().data as string;
  }

  async function requestCode(phone: string, ip: string, query = '') {
    return t.app.inject({
      method: 'POST',
      url: `/api/auth/get-code${query}`,
      remoteAddress: ip,
      headers: { 'init-token': await initToken(ip) },
      payload: { phone },
    });
  }

  async function lastCode(phone: string): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return String(row?.payload.code);
  }

  const checkCode = (phone: string, code: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/check-code',
      remoteAddress: ip,
      payload: { phone, code },
      headers: cookie ? { cookie } : {},
    });

  const wrong = (code: string) => (code === '0000' ? '0001' : '0000');

  const tokenCookie = (res: { headers: Record<string, unknown> }) => {
    const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('shi_token='));
    return String(raw ?? '');
  };

  async function signIn(phone: string) {
    const ip = nextIp();
    expect((await requestCode(phone, ip)).statusCode).toBe(200);
    const res = await checkCode(phone, await lastCode(phone), ip);
    expect(res.statusCode).toBe(200);
    return { token: res.json().data.token as string, res };
  }

  const asUser = (token: string) => ({ authorization: `Bearer ${token}` });

  /** The password in the latest e-mail to `email`. */
  async function mailedPassword(email: string): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return String(row?.payload.text).split(': ')[1] ?? '';
  }

  const signInByPassword = (email: string, password: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/authByEmail',
      remoteAddress: ip,
      payload: { email, password },
    });

  const fetchAs = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/fetch', headers: asUser(token) });

  it('signs in with the code sent by call, creating the account with the consent record', async () => {
    const ip = nextIp();
    const sent = await requestCode('+7 (901) 000-11-22', ip, '?isByCall=true');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resendAfter: 60, channel: 'call' });
    const res = await checkCode('79010001122', await lastCode('79010001122'), ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ phone: '79010001122', addresses: [] });
    const [user] = await t.database.db.select().from(users).where(eq(users.phone, '79010001122'));
    expect(user?.consentVersion).toBeTruthy();
    expect(user?.consentIp).toBe(ip);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and stores only the token hash', async () => {
    const { token, res } = await signIn('79010001123');
    const cookie = tokenCookie(res);
    expect(cookie).toMatch(/^shi_token=[\w-]{40,}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const stored = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.hash === token)).toBe(false);
  });

  it('refuses a code request without a valid init token', async () => {
    const ip = nextIp();
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/get-code',
      remoteAddress: ip,
      payload: { phone: '79010001124' },
    });
    expect(none.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/get-code',
      remoteAddress: ip,
      headers: { 'init-token': 'abc.def.ghi' },
      payload: { phone: '79010001124' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a sixth try on one code even when it is right', async () => {
    const phone = '79010002001';
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    for (let i = 0; i < 5; i++) {
      const res = await checkCode(phone, wrong(code), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('code');
    }
    const sixth = await checkCode(phone, code, ip);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toMatch(/Запросите новый код/);
  });

  it('refuses an expired code and a used one', async () => {
    const phone = '79010002002';
    const ip = nextIp();
    await requestCode(phone, ip);
    const code = await lastCode(phone);
    advance(5 * 60 * 1000 + 1000);
    expect((await checkCode(phone, code, ip)).statusCode).toBe(400);
    await requestCode(phone, ip);
    const fresh = await lastCode(phone);
    expect((await checkCode(phone, fresh, ip)).statusCode).toBe(200);
    expect((await checkCode(phone, fresh, ip)).statusCode).toBe(400);
  });

  it('sends again only after 60 s, 5 times an hour per phone and client, 10 per phone over all clients', async () => {
    const phone = '79010002003';
    const ip = nextIp();
    expect((await requestCode(phone, ip)).statusCode).toBe(200);
    const early = await requestCode(phone, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/через \d+ с/);
    for (let i = 0; i < 4; i++) {
      advance(61_000);
      expect((await requestCode(phone, ip)).statusCode).toBe(200);
    }
    advance(61_000);
    expect((await requestCode(phone, ip)).statusCode).toBe(429);
    // Another client is not held up by the first one's sends, up to the phone's ceiling.
    for (let i = 0; i < 5; i++) expect((await requestCode(phone, nextIp())).statusCode).toBe(200);
    expect((await requestCode(phone, nextIp())).statusCode).toBe(429);
  });

  it('sends at most 20 codes an hour from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await requestCode(`7902000${1000 + i}`, ip)).statusCode).toBe(200);
    expect((await requestCode('79020009999', ip)).statusCode).toBe(429);
  });

  it('answers the same for a known and an unknown phone', async () => {
    await signIn('79010002004');
    advance(61_000);
    const known = await requestCode('79010002004', nextIp());
    const unknown = await requestCode('79010002005', nextIp());
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  it('10,000 scripted guesses against one phone from ever new clients stop at the phone’s daily ceiling, then 429', async () => {
    const phone = '79010003001';
    let wrongAnswers = 0;
    let limited = 0;
    let sends = 0;
    let code = '';
    let ip = nextIp();
    for (let i = 0; i < 10_000; i++) {
      // Each code is guessed from the client that asked for it; every code a new client, within the
      // send limits.
      if (i % 5 === 0) {
        advance(61_000);
        ip = nextIp();
        if ((await requestCode(phone, ip)).statusCode === 200) {
          sends++;
          code = await lastCode(phone);
        }
      }
      const guess = String(i % 10_000).padStart(4, '0');
      const res = await checkCode(phone, guess === code ? wrong(code) : guess, ip);
      if (res.statusCode === 429) {
        limited++;
        if (limited > 50) break;
      } else {
        expect(res.statusCode).toBe(400);
        if (!/Запросите новый код/.test(res.json().message)) wrongAnswers++;
      }
    }
    expect(sends).toBeGreaterThan(0);
    // docs/decisions/0013-sign-in-lock-outs.md: at most 30 guesses a day per phone, however many clients.
    expect(wrongAnswers).toBe(30);
    expect(limited).toBeGreaterThan(50);
    // Even the right code of a live code is refused for the rest of the day, from any client.
    advance(61_000);
    const late = nextIp();
    await requestCode(phone, late);
    expect((await checkCode(phone, await lastCode(phone), late)).statusCode).toBe(429);
    // The ceiling slides: a day after the last counted failure the phone signs in again.
    advance(24 * 3600_000);
    const next = nextIp();
    await requestCode(phone, next);
    expect((await checkCode(phone, await lastCode(phone), next)).statusCode).toBe(200);
  });

  it('a stranger’s wrong codes and sends from one client do not stop the owner signing in from another', async () => {
    const phone = '79010003101';
    const stranger = nextIp();
    // Ten wrong codes and all five sends of the hour from the stranger's client.
    for (let i = 0; i < 5; i++) {
      advance(61_000);
      expect((await requestCode(phone, stranger)).statusCode).toBe(200);
      const code = await lastCode(phone);
      if (i < 2) for (let k = 0; k < 5; k++) await checkCode(phone, wrong(code), stranger);
    }
    advance(61_000);
    expect((await requestCode(phone, stranger)).statusCode).toBe(429);
    expect((await checkCode(phone, await lastCode(phone), stranger)).statusCode).toBe(429);
    // The owner's client has its own budget; the stranger's code never supersedes the owner's.
    const owner = nextIp();
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    const ownerCode = await lastCode(phone);
    const other = nextIp();
    expect((await requestCode(phone, other)).statusCode).toBe(200);
    expect((await checkCode(phone, ownerCode, owner)).statusCode).toBe(200);
  });

  it('a device id from the app tells clients on one address apart', async () => {
    const phone = '79010003102';
    const ip = nextIp();
    const ask = async (device: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/get-code',
        remoteAddress: ip,
        headers: { 'init-token': await initToken(ip), 'x-device-id': device },
        payload: { phone },
      });
    expect((await ask('stranger-device-1')).statusCode).toBe(200);
    const strangerCode = await lastCode(phone);
    expect((await ask('owner-device-22')).statusCode).toBe(200);
    const ownerCode = await lastCode(phone);
    const check = (code: string, device: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/check-code',
        remoteAddress: ip,
        headers: { 'x-device-id': device },
        payload: { phone, code },
      });
    for (let k = 0; k < 5; k++) await check(wrong(strangerCode), 'stranger-device-1');
    expect((await check(ownerCode, 'owner-device-22')).statusCode).toBe(200);
  });

  it('a phone under a distributed attack still signs in by its e-mail password', async () => {
    const phone = '79010003103';
    const { token } = await signIn(phone);
    const email = 'phone.owner@example.ru';
    const ip = nextIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email },
    });
    expect(token).toBeTruthy();
    // Thirty wrong codes from six clients spend the phone's day.
    for (let c = 0; c < 6; c++) {
      advance(61_000);
      const attacker = nextIp();
      await requestCode(phone, attacker);
      const code = await lastCode(phone);
      for (let k = 0; k < 5; k++) await checkCode(phone, wrong(code), attacker);
    }
    advance(61_000);
    const owner = nextIp();
    await requestCode(phone, owner);
    expect((await checkCode(phone, await lastCode(phone), owner)).statusCode).toBe(429);
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authByEmail',
      remoteAddress: owner,
      payload: { email, password: await mailedPassword(email) },
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('counts failures over any 24 hours, not per calendar day', async () => {
    const phone = '79010003002';
    const ip = nextIp();
    // Five failures just before midnight (UTC), five just after: the day is spent, as one window.
    now = new Date('2026-11-20T23:40:00Z');
    for (let i = 0; i < 2; i++) {
      advance(61_000);
      await requestCode(phone, ip);
      const code = await lastCode(phone);
      for (let k = 0; k < 5; k++) expect((await checkCode(phone, wrong(code), ip)).statusCode).toBe(400);
      if (i === 0) now = new Date('2026-11-21T00:05:00Z');
    }
    advance(61_000);
    await requestCode(phone, ip);
    expect((await checkCode(phone, await lastCode(phone), ip)).statusCode).toBe(429);
  });

  it('counts nothing against a phone that has no live code', async () => {
    const phone = '79010003003';
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await checkCode(phone, '1234', ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Запросите новый код/);
    }
    advance(61_000);
    await requestCode(phone, ip);
    expect((await checkCode(phone, await lastCode(phone), ip)).statusCode).toBe(200);
  });

  it('refuses a code for a phone outside the countries the shop serves, naming the field', async () => {
    const ip = nextIp();
    const japan = await requestCode('+81 3 1234 5678', ip);
    expect(japan.statusCode).toBe(400);
    expect(japan.json()).toMatchObject({ field: 'phone', message: expect.stringMatching(/стран/) });
    const english = await requestCode('+81 3 1234 5679', ip, '?lang=en');
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toMatch(/countries the shop serves/);
    expect((await requestCode('+375 29 123-45-67', ip)).statusCode).toBe(200);
    // The setting narrows it: only Russia.
    const { main } = await t.services.settings.getShopSettings();
    await t.services.settings.saveSettingsDocument({ ...main, smsCountryCodes: ['7'] });
    try {
      expect((await requestCode('+375 29 123-45-68', ip)).statusCode).toBe(400);
      expect((await requestCode('+7 901 000-55-01', ip)).statusCode).toBe(200);
    } finally {
      await t.services.settings.saveSettingsDocument(main);
    }
    expect(await t.database.db.$count(outbox, eq(outbox.recipient, '81312345678'))).toBe(0);
  });

  it('keeps one account per handset: 8 900… and +7 900… are the same phone', async () => {
    const ip = nextIp();
    await requestCode('8 (901) 000-44-55', ip);
    const res = await checkCode('79010004455', await lastCode('79010004455'), ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.phone).toBe('79010004455');
  });

  it('logout revokes the token for every client', async () => {
    const { token } = await signIn('79010004001');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/fetch', headers: asUser(token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: asUser(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/shi_token=; .*Max-Age=0/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/user/fetch',
      headers: { cookie: `shi_token=${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().result).toBe(false);
    // checkout.md §6: the refused token's cookie is removed.
    expect(String(after.headers['set-cookie'])).toMatch(/shi_token=; .*Max-Age=0/);
  });

  it('a user cannot remove or change another user’s address, nor read another user’s orders', async () => {
    const anna = await signIn('79010005001');
    const boris = await signIn('79010005002');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(anna.token),
      payload: { address: { city: 'Москва', cityID: 44, street: 'Тверская', house: '7', room: '12' } },
    });
    expect(saved.statusCode).toBe(200);
    const [address] = saved.json().data.addresses;
    expect(address).toMatchObject({ city: 'Москва', cityID: 44, street: 'Тверская' });

    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/user/remove-address',
      headers: asUser(boris.token),
      payload: { id: address.id },
    });
    expect(removal.statusCode).toBe(404);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(boris.token),
      payload: { address: { id: address.id, city: 'Москва', cityID: 44, street: 'Чужая', house: '1' } },
    });
    expect(change.statusCode).toBe(404);
    const [still] = await t.database.db.select().from(userAddresses).where(eq(userAddresses.id, address.id));
    expect(still?.street).toBe('Тверская');

    // Anna's order is hers alone.
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 3 }]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payment?draft=true',
      headers: asUser(anna.token),
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: '79010005001',
        email: 'anna@example.ru',
        products: [{ _id: `${group.id}-S`, count: 1 }],
        consent: true,
      },
    });
    expect(order.statusCode).toBe(200);
    const number = order.json().order.orderID;
    const annaOrders = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: asUser(anna.token),
    });
    expect(annaOrders.json().data.map((o: { orderID: number }) => o.orderID)).toEqual([number]);
    expect(annaOrders.json().data[0].products).toHaveLength(1);
    const borisOrders = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: asUser(boris.token),
    });
    expect(borisOrders.json().data).toEqual([]);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${number}`,
      headers: asUser(boris.token),
    });
    expect(peek.statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.number, number));
    expect(stored?.userId).toBe(anna.res.json().data.user._id);
  });

  it('a guest order shows in the cabinet of whoever proves its phone or e-mail, with its returns; never by an unproven contact, nor another account’s order', async () => {
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 20 }]);
    const place = async (phone: string, email: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment?draft=true',
        remoteAddress: nextIp(),
        headers,
        payload: {
          getWay: 'self',
          payment: 'online',
          fullName: 'Гостева Анна',
          phone,
          email,
          products: [{ _id: `${group.id}-S`, count: 1 }],
          consent: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order.orderID as number;
    };
    const cabinet = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/orders', headers: asUser(token) });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { orderID: number; status: string }[]).map((o) => o.orderID);
    };
    const returnOptions = (token: string, orderID: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/returns/options',
        remoteAddress: nextIp(),
        headers: asUser(token),
        payload: { orderID },
      });

    const byPhone = await place('79012009001', 'cabinet9001@example.ru');
    const otherGuest = await place('79012009002', 'cabinet9002@example.ru');
    // The phone's code proves it: the guest order is in the cabinet, with its status and its returns.
    const owner = await signIn('79012009001');
    expect(await cabinet(owner.token)).toEqual([byPhone]);
    const options = await returnOptions(owner.token, byPhone);
    expect(options.statusCode, options.body).toBe(200);
    expect((await returnOptions(owner.token, otherGuest)).statusCode).toBe(404);

    // Another phone sees nothing of it, not even with the order's e-mail typed into its profile.
    const stranger = await signIn('79012009003');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(stranger.token),
      payload: { email: 'cabinet9001@example.ru' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await cabinet(stranger.token)).toEqual([]);
    expect((await returnOptions(stranger.token, byPhone)).statusCode).toBe(404);
    // An order the stranger's account places with the owner's phone stays the stranger's.
    const strangers = await place('79012009001', 'cabinet9003@example.ru', asUser(stranger.token));
    expect(await cabinet(stranger.token)).toEqual([strangers]);
    expect(await cabinet(owner.token)).toEqual([byPhone]);

    // An e-mail proven by its mailed password brings its guest orders too.
    const byMail = await place('79012009004', 'Cabinet9004@Example.ru');
    const ip = nextIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email: 'cabinet9004@example.ru' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const signedIn = await signInByPassword(
      'cabinet9004@example.ru',
      await mailedPassword('cabinet9004@example.ru'),
      ip,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await cabinet(signedIn.json().data.token)).toEqual([byMail]);
  });

  it('refuses an address whose city was not chosen from the list, naming the field', async () => {
    const { token } = await signIn('79010005003');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: { address: { city: 'Нигдеград', cityID: 99_999_998, street: 'Лесная', house: '1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'city', message: 'Пожалуйста, выберите город из списка' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: { address: { city: 'Москва', cityID: 44, street: '', house: '1' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('address.street');
  });

  it('updates the profile; the phone is locked once present and a phone is added only with its code', async () => {
    const { token } = await signIn('79010006001');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: {
        name: 'Анна',
        secondName: 'Иванова',
        email: 'Anna.I@Example.ru',
        notificationChannel: 'email',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Анна',
      email: 'anna.i@example.ru',
      notificationChannel: 'email',
    });
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: { phone: '79010006002' },
    });
    expect(phone.statusCode).toBe(403);
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: { email: 'other@example.ru' },
    });
    expect(email.statusCode).toBe(403);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(token),
      payload: { role: 'admin', name: 'Анна' },
    });
    expect(role.statusCode).toBe(200);
    expect(role.json().data.isAdmin).toBe(false);

    // An e-mail account adds its phone with a code sent to that phone.
    const ip = nextIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email: 'new.user@example.ru' },
    });
    expect(reg.statusCode).toBe(200);
    const unproven = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(reg.json().data.token),
      payload: { phone: '79010006003' },
    });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().field).toBe('phone');
    const proof = await signInByPassword(
      'new.user@example.ru',
      await mailedPassword('new.user@example.ru'),
      ip,
    );
    expect(proof.statusCode).toBe(200);
    const emailToken = proof.json().data.token as string;
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(emailToken),
      payload: { phone: '79010006003' },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().field).toBe('code');
    await requestCode('79010006003', ip);
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(emailToken),
      remoteAddress: ip,
      payload: { phone: '79010006003', code: await lastCode('79010006003') },
    });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().data.phone).toBe('79010006003');
  });

  it('registers by e-mail with a mailed password, signs in with it, and resets it', async () => {
    const ip = nextIp();
    const email = 'maria@example.ru';
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      remoteAddress: ip,
      payload: { email },
    });
    expect(before.json().data).toBe(0);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email },
    });
    expect(reg.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email },
    });
    expect(again.statusCode).toBe(409);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      remoteAddress: ip,
      payload: { email },
    });
    expect(after.json().data).toBe(1);
    const mail = async () =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)))
          .orderBy(desc(outbox.id))
          .limit(1)
      )[0];
    const password = String((await mail())?.payload.text).split(': ')[1] ?? '';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authByEmail',
      remoteAddress: ip,
      payload: { email, password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authByEmail',
      remoteAddress: ip,
      payload: { email, password },
    });
    expect(good.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^scrypt\$/);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip,
      payload: { email },
    });
    expect(reset.json()).toEqual({ result: true, message: 'Пароль сброшен и отправлен на ваш email' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip,
      payload: { email: 'nobody@example.ru' },
    });
    expect(unknown.json()).toEqual(reset.json());
    const newPassword = String((await mail())?.payload.text).split(': ')[1] ?? '';
    expect(newPassword).not.toBe(password);
    // DECISIONS 35: the old password works until the new one is used for the first time.
    expect((await signInByPassword(email, password, ip)).statusCode).toBe(200);
    expect((await signInByPassword(email, newPassword, ip)).statusCode).toBe(200);
    expect((await signInByPassword(email, password, ip)).statusCode).toBe(401);
    expect((await signInByPassword(email, newPassword, ip)).statusCode).toBe(200);
  });

  it('an e-mail typed into a profile is no way in: no password, no reset, and its owner takes it over', async () => {
    const attacker = await signIn('79010009001');
    const email = 'victim@example.ru';
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(attacker.token),
      payload: { email },
    });
    expect(claim.statusCode).toBe(200);
    const ip = nextIp();
    const exists = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      remoteAddress: ip,
      payload: { email },
    });
    expect(exists.json().data).toBe(0);
    const mailsTo = async () =>
      t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip,
      payload: { email },
    });
    expect(await mailsTo()).toHaveLength(0);

    // The owner registers the address; the attacker's profile loses it.
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email },
    });
    expect(reg.statusCode).toBe(200);
    const [attackerRow] = await t.database.db.select().from(users).where(eq(users.phone, '79010009001'));
    expect(attackerRow?.email).toBeNull();
    expect(await mailsTo()).toHaveLength(1);
  });

  it('the first sign-in with the mailed password ends the sessions opened before it; a reset ends none until its password is used', async () => {
    const email = 'owner@example.ru';
    const ip = nextIp();
    // Someone registers the owner's address and keeps the session it gives.
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email },
    });
    const squatterToken = squatter.json().data.token as string;
    expect((await fetchAs(squatterToken)).statusCode).toBe(200);
    const password = await mailedPassword(email);
    const owner = await signInByPassword(email, password, ip);
    expect(owner.statusCode).toBe(200);
    expect((await fetchAs(squatterToken)).statusCode).toBe(401);
    const ownerToken = owner.json().data.token as string;
    expect((await fetchAs(ownerToken)).statusCode).toBe(200);
    // A stranger asks for a reset: the owner's session and password still work.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { email },
    });
    expect((await fetchAs(ownerToken)).statusCode).toBe(200);
    const second = await signInByPassword(email, password);
    expect(second.statusCode).toBe(200);
    // The owner uses the mailed password: the old one and the other sessions end.
    const fresh = await signInByPassword(email, await mailedPassword(email));
    expect(fresh.statusCode).toBe(200);
    expect((await fetchAs(ownerToken)).statusCode).toBe(401);
    expect((await fetchAs(second.json().data.token)).statusCode).toBe(401);
    expect((await fetchAs(fresh.json().data.token)).statusCode).toBe(200);
    expect((await signInByPassword(email, password)).statusCode).toBe(401);
  });

  it('a stranger’s resets neither lock the owner out nor end a session, and are limited per e-mail and per client', async () => {
    const email = 'reset.target@example.ru';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: nextIp(),
      payload: { email },
    });
    const password = await mailedPassword(email);
    const owner = await signInByPassword(email, password);
    const ownerToken = owner.json().data.token as string;
    const reset = (address: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: ip,
        payload: { email: address },
      });
    // One stranger's client: three resets of the address a day.
    const stranger = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await reset(email, stranger)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fetchAs(ownerToken)).statusCode).toBe(200);
    expect((await signInByPassword(email, password)).statusCode).toBe(200);
    // The owner can still ask; strangers on many clients stop at five an hour.
    expect((await reset(email, nextIp())).statusCode).toBe(200);
    expect((await reset(email, nextIp())).statusCode).toBe(200);
    expect((await reset(email, nextIp())).statusCode).toBe(429);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email)));
    // The registration's mail and five resets.
    expect(mails).toHaveLength(6);
    // One client asking resets for many addresses is stopped too.
    const client = nextIp();
    const perClient: number[] = [];
    for (let i = 0; i < 6; i++) perClient.push((await reset(`someone${i}@example.ru`, client)).statusCode);
    expect(perClient).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('an e-mail registered by a stranger gets no phone, and the owner’s proof wipes what the stranger set', async () => {
    const email = 'takeover.victim@example.ru';
    const attackerIp = nextIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: attackerIp,
      payload: { email },
    });
    const attacker = reg.json().data.token as string;
    const attackerPhone = '79010009301';
    await requestCode(attackerPhone, attackerIp);
    const attach = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(attacker),
      remoteAddress: attackerIp,
      payload: { phone: attackerPhone, code: await lastCode(attackerPhone) },
    });
    expect(attach.statusCode).toBe(403);
    expect(attach.json().field).toBe('phone');
    // Whatever else the stranger sets before the owner proves the address.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(attacker),
      payload: { name: 'Злоумышленник', birthDate: '1990-01-01', notificationChannel: 'email' },
    });
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(attacker),
      payload: { address: { city: 'Москва', cityID: 44, street: 'Тверская', house: '1' } },
    });
    expect(address.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/cart',
      headers: asUser(attacker),
      payload: { items: [{ _id: 'v-attacker', count: 1 }] },
    });

    const owner = await signInByPassword(email, await mailedPassword(email));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user).toMatchObject({
      email,
      phone: null,
      name: '',
      birthDate: null,
      notificationChannel: 'sms',
      addresses: [],
    });
    expect(owner.json().data.cart).toEqual([]);
    expect((await fetchAs(attacker)).statusCode).toBe(401);
    // The stranger's phone signs in to the stranger's own account, never to the owner's.
    advance(61_000);
    await requestCode(attackerPhone, attackerIp);
    const back = await checkCode(attackerPhone, await lastCode(attackerPhone), attackerIp);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.user.email).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.phone).toBeNull();
    expect(await t.database.db.$count(userAddresses, eq(userAddresses.userId, row?.id ?? ''))).toBe(0);
  });

  it('a reset’s password also proves the address: the squatter’s session ends and what it set goes', async () => {
    const email = 'reset.proof@example.ru';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: nextIp(),
      payload: { email },
    });
    const squatter = reg.json().data.token as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(squatter),
      payload: { name: 'Чужой' },
    });
    // The owner lost the first mail and asks for a new password.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { email },
    });
    const owner = await signInByPassword(email, await mailedPassword(email));
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.name).toBe('');
    expect((await fetchAs(squatter)).statusCode).toBe(401);
  });

  it('refuses names and address parts with bidirectional or zero-width characters, naming the field', async () => {
    const { token } = await signIn('79010009401');
    for (const [payload, field] of [
      [{ name: 'Анна\u202Eвонави' }, 'name'],
      [{ secondName: 'Ив\u200Bанова' }, 'secondName'],
      [{ name: 'Ан\uFEFFна' }, 'name'],
      [{ name: 'Anna\u2066x\u2069' }, 'name'],
      [{ name: 'Anna\u061C' }, 'name'],
      [{ name: 'Anna\u0085' }, 'name'],
      [{ address: { city: 'Москва', cityID: 44, street: 'Тверская\u200F', house: '1' } }, 'address.street'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/update',
        headers: asUser(token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/user/update?lang=en',
      headers: asUser(token),
      payload: { name: 'Anna\u200D' },
    });
    expect(en.json().message).toMatch(/Invalid value of name/);
    const view = await fetchAs(token);
    expect(view.json().data).toMatchObject({ name: '', secondName: '', addresses: [] });
  });

  it('a locked contact stays locked, and a phone held by another account fails before its code is spent', async () => {
    const anna = await signIn('79010009101');
    const ip = nextIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: ip,
      payload: { email: 'boris@example.ru' },
    });
    expect(reg.statusCode).toBe(200);
    const proof = await signInByPassword('boris@example.ru', await mailedPassword('boris@example.ru'), ip);
    const boris = proof.json().data.token as string;
    advance(61_000);
    expect((await requestCode('79010009101', ip)).statusCode).toBe(200);
    const code = await lastCode('79010009101');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: asUser(boris),
      remoteAddress: ip,
      payload: { phone: '79010009101', code },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('phone');
    // The code was not spent: Anna signs in with it.
    expect((await checkCode('79010009101', code, ip)).statusCode).toBe(200);
    expect(anna.token).toBeTruthy();
  });

  it('allows at most 10 wrong passwords a day for one e-mail from one client; the owner on another still signs in', async () => {
    const email = 'locked@example.ru';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/registerByEmail',
      remoteAddress: nextIp(),
      payload: { email },
    });
    const stranger = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signInByPassword(email, `guess-${i}`, stranger)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const password = await mailedPassword(email);
    expect((await signInByPassword(email, password, stranger)).statusCode).toBe(429);
    expect((await signInByPassword(email, password, nextIp())).statusCode).toBe(200);
  });

  it('merges the cookie cart into the server cart on sign-in and keeps it for other devices', async () => {
    const first = await signIn('79010007001');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/cart',
      headers: asUser(first.token),
      payload: { items: [{ _id: 'a-S', count: 2 }] },
    });
    expect(put.statusCode).toBe(200);
    const ip = nextIp();
    advance(61_000);
    await requestCode('79010007001', ip);
    const cookieCart = encodeURIComponent(
      JSON.stringify([
        { _id: 'b-M', count: 1 },
        { _id: 'a-S', count: 1 },
      ]),
    );
    const res = await checkCode('79010007001', await lastCode('79010007001'), ip, `cart=${cookieCart}`);
    expect(res.json().data.cart).toEqual([
      { _id: 'b-M', count: 1 },
      { _id: 'a-S', count: 2 },
    ]);
    const cartCookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('cart='));
    expect(decodeURIComponent(String(cartCookie).split(';')[0]?.slice(5) ?? '')).toBe(
      JSON.stringify(res.json().data.cart),
    );
    const fetched = await t.app.inject({
      method: 'GET',
      url: '/api/user/fetch',
      headers: asUser(first.token),
    });
    expect(fetched.json().data.cart).toHaveLength(2);
  });

  it('answers 401 to every user route without a session and 400 to bad input, changing nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/fetch'],
      ['POST', '/api/user/update'],
      ['POST', '/api/user/remove-address'],
      ['GET', '/api/user/orders'],
      ['PUT', '/api/user/cart'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { id: 1 } });
      expect(res.statusCode, url).toBe(401);
    }
    const before = await t.database.db.$count(users);
    for (const payload of [{ phone: '12' }, { phone: '79010008001', code: '12a4' }, { phone: ['x'] }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-code',
        remoteAddress: nextIp(),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    for (const payload of [{ email: 'not-an-email' }, { email: 'a@b.c'.repeat(80) }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        remoteAddress: nextIp(),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('suggests cabinet cities', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/wg-cities', payload: { query: 'моск' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      cityName: 'Москва',
      id: 44,
      countryId: 1,
      countryName: 'Россия',
    });
  });
});
