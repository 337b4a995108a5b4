import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, promoCodes } from '../../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup } from '../../../tests/factories/catalogue.ts';
import type { InsertedStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back office promo codes on %s', (engine) => {
  const t = useStaffApp(engine, ['admin', 'manager', 'editor'], {
    settings: true,
    seed: async () => {
      category = (await insertCategory(t.database.db)).slug;
    },
  });
  let category: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    staff: InsertedStaff | null = t.manager,
  ) => t.app.inject({ method, url, headers: staff?.headers ?? {}, ...(body ? { payload: body } : {}) });

  const fields = (patch: Record<string, unknown> = {}) => ({
    percent: 15,
    active: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    phone: null,
    firstOrderOnly: false,
    ...patch,
  });

  let n = 0;
  let phone = '';
  let ip = '';
  beforeEach(() => {
    n += 1;
    phone = `7997${String(n).padStart(7, '0')}`;
    ip = `10.9.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  });
  const fresh = async () =>
    `${(await insertProductGroup(t.database.db, { categorySlug: category, price: 10_000_00 }, [{ size: 'S', stock: 50 }])).id}-S`;
  const order = async (promocode: string, who = { phone, ip }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: who.ip,
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: who.phone,
        // Each shopper their own e-mail: an e-mail too names the customer (docs/product/promo-codes.md).
        email: `${who.phone}@example.ru`,
        products: [{ _id: await fresh(), count: 1 }],
        consent: true,
        promocode,
      },
    });

  it('lets admins and managers in, and refuses editors and guests', async () => {
    expect((await call('GET', '/api/admin/promo-codes', undefined, t.admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/promo-codes')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/promo-codes', undefined, t.editor)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/promo-codes', undefined, null)).statusCode).toBe(401);
    const refused = await call('POST', '/api/admin/promo-codes', { code: 'EDITOR', ...fields() }, t.editor);
    expect(refused.statusCode).toBe(403);
    expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'EDITOR'))).toHaveLength(
      0,
    );
  });

  it('creates a code, normalised, and records who did it', async () => {
    const res = await call('POST', '/api/admin/promo-codes', { code: ' autumn 15 ', ...fields() });
    expect(res.statusCode).toBe(201);
    expect(res.json().promo).toMatchObject({ code: 'AUTUMN15', percent: 15, usedCount: 0 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'promo_code'), eq(auditLog.entityId, 'AUTUMN15')));
    expect(entry?.action).toBe('promo.create');
    expect(entry?.actorId).toBe(t.manager.userId);
    const again = await call('POST', '/api/admin/promo-codes', { code: 'AUTUMN15', ...fields() });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('code');
  });

  it.each([
    [{ percent: 0 }, 'percent'],
    [{ percent: 101 }, 'percent'],
    [{ percent: 12.5 }, 'percent'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ usageLimit: 10_000_000 }, 'usageLimit'],
    [{ perCustomerLimit: -1 }, 'perCustomerLimit'],
    [{ phone: '12345' }, 'phone'],
    [{ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'endsAt'],
    [{ startsAt: 'tomorrow' }, 'startsAt'],
    [{ code: 'a' }, 'code'],
    [{ code: 'ДА-ДА' }, 'code'],
  ])('refuses %o naming the field, storing nothing', async (patch, field) => {
    const before = (await t.database.db.select().from(promoCodes)).length;
    const res = await call('POST', '/api/admin/promo-codes', { code: 'BADONE', ...fields(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await t.database.db.select().from(promoCodes)).length).toBe(before);
  });

  it('refuses a stale save with the newer values, and a limit below the uses so far', async () => {
    const created = (await call('POST', '/api/admin/promo-codes', { code: 'STALE', ...fields() })).json()
      .promo;
    const first = await call('PUT', '/api/admin/promo-codes/STALE', {
      ...fields({ percent: 20 }),
      updatedAt: created.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '/api/admin/promo-codes/STALE', {
      ...fields({ percent: 30 }),
      updatedAt: created.updatedAt,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().current).toMatchObject({ code: 'STALE', percent: 20 });
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'STALE'));
    expect(row?.percent).toBe(20);

    await t.database.db.update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.code, 'STALE'));
    const low = await call('PUT', '/api/admin/promo-codes/STALE', {
      ...fields({ usageLimit: 2 }),
      updatedAt: first.json().promo.updatedAt,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().field).toBe('usageLimit');
  });

  it('a code made in the back office gives its discount at checkout, and the list counts its uses', async () => {
    expect(
      (await call('POST', '/api/admin/promo-codes', { code: 'MADE10', ...fields({ percent: 10 }) }))
        .statusCode,
    ).toBe(201);
    const res = await order('made10');
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', '/api/admin/promo-codes?q=made')).json().rows;
    expect(list).toEqual([expect.objectContaining({ code: 'MADE10', usedCount: 1, orders: 1 })]);
  });

  it('a disabled code is refused at checkout', async () => {
    const created = (await call('POST', '/api/admin/promo-codes', { code: 'OFFNOW', ...fields() })).json()
      .promo;
    expect((await order('OFFNOW')).statusCode).toBe(200);
    const off = await call('PUT', '/api/admin/promo-codes/OFFNOW', {
      ...fields({ active: false }),
      updatedAt: created.updatedAt,
    });
    expect(off.statusCode).toBe(200);
    const refused = await order('OFFNOW');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe('promocode');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'OFFNOW'), eq(auditLog.action, 'promo.disable')));
    expect(entry).toBeDefined();
  });

  it('honours the validity window', async () => {
    await call('POST', '/api/admin/promo-codes', {
      code: 'LATER',
      ...fields({ startsAt: '2026-12-01T00:00:00+03:00' }),
    });
    await call('POST', '/api/admin/promo-codes', {
      code: 'GONE',
      ...fields({ endsAt: '2026-11-20T08:59:00Z' }),
    });
    expect((await order('LATER')).statusCode).toBe(409);
    expect((await order('GONE')).statusCode).toBe(409);
  });

  it('honours the per-customer limit: the same phone is refused, another phone is not', async () => {
    await call('POST', '/api/admin/promo-codes', { code: 'PERONE', ...fields({ perCustomerLimit: 1 }) });
    const me = { phone, ip };
    expect((await order('PERONE', me)).statusCode).toBe(200);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/promocodes/check?code=PERONE&phone=${phone}`,
    });
    expect(check.json().result).toBe(false);
    const again = await order('PERONE', me);
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('promocode');
    expect((await order('PERONE', { phone: `7995${phone.slice(4)}`, ip: '10.8.0.1' })).statusCode).toBe(200);
  });

  it('honours first order only: a customer with an earlier order is refused', async () => {
    await call('POST', '/api/admin/promo-codes', { code: 'FIRST', ...fields({ firstOrderOnly: true }) });
    const me = { phone, ip };
    expect((await order('', me)).statusCode).toBe(200);
    expect((await order('FIRST', me)).statusCode).toBe(409);
    expect((await order('FIRST', { phone: `7994${phone.slice(4)}`, ip: '10.8.0.2' })).statusCode).toBe(200);
  });

  it('honours the bound phone', async () => {
    await call('POST', '/api/admin/promo-codes', {
      code: 'ONLYME',
      ...fields({ phone: '+7 (999) 555-44-33' }),
    });
    expect((await order('ONLYME')).statusCode).toBe(409);
    // Typing the bound phone proves nothing (docs/product/promo-codes.md): a guest is refused too, and
    // told to sign in with it; the owner signed in by a code to that phone gets the discount
    // (server/routes/orders.routes.test.ts, "opens a phone-bound code only for…").
    const typed = await order('ONLYME', { phone: '79995554433', ip: '10.8.0.3' });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().field).toBe('promocode');
  });

  it('counts uses race-safely: concurrent orders cannot pass the overall limit together', async () => {
    await call('POST', '/api/admin/promo-codes', { code: 'LAST2', ...fields({ usageLimit: 2 }) });
    const shoppers = Array.from({ length: 5 }, (_, i) => ({
      phone: `7996000000${i}`,
      ip: `10.7.0.${i + 1}`,
    }));
    const results = await Promise.all(shoppers.map((s) => order('LAST2', s)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'LAST2'));
    expect(row?.usedCount).toBe(2);
  });

  it('counts per-customer uses race-safely', async () => {
    await call('POST', '/api/admin/promo-codes', { code: 'MINE1', ...fields({ perCustomerLimit: 1 }) });
    const results = await Promise.all([1, 2, 3].map((i) => order('MINE1', { phone, ip: `10.6.0.${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
