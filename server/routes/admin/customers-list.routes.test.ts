import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returns } from '../../../core/db/schema/index.ts';
import { insertCustomer, insertOrder } from '../../../tests/factories/customers.ts';
import { type InsertedStaff, insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';

interface Row {
  kind: 'account' | 'guest';
  key: string;
  name: string;
  orders: number;
  amount: number;
  returns: number;
  lastOrder: string | null;
}

describe.each(engines)('the back office customers list on %s: every buyer (issue 34)', (engine) => {
  let t: TestApp;
  let manager: InsertedStaff;

  beforeAll(async () => {
    t = await createTestApp(engine);
    manager = await insertStaff(t.database.db, { role: 'manager', name: 'Менеджер' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, staff = manager) => t.app.inject({ method: 'GET', url, headers: staff.headers });
  const all = async (q: string) =>
    (await get(`/api/admin/customers?q=${encodeURIComponent(q)}&pageSize=100`)).json().customers as Row[];

  it('lists a guest buyer with two orders once, with their totals, returns and last order', async () => {
    const db = t.database.db;
    const first = await insertOrder(db, {
      fullName: 'Гостева Ольга',
      phone: '79261112233',
      email: 'olga.guest@example.ru',
      status: 'delivered',
      createdAt: new Date('2026-10-01T10:00:00Z'),
      lines: [{ price: 4_000_00 }],
    });
    const second = await insertOrder(db, {
      fullName: 'Гостева Ольга',
      phone: '79261112233',
      email: 'OLGA.guest@example.ru',
      status: 'paid',
      createdAt: new Date('2026-11-05T10:00:00Z'),
      lines: [{ price: 2_500_00, count: 2 }],
    });
    await insertOrder(db, {
      fullName: 'Гостева Ольга',
      phone: '79261112233',
      status: 'payment_failed',
      createdAt: new Date('2026-11-06T10:00:00Z'),
      lines: [{ price: 1_000_00 }],
    });
    await db.insert(returns).values({
      orderNumber: first.number,
      status: 'requested',
      method: 'courier',
      reason: 'size',
      locale: 'ru',
    });

    const rows = await all('Гостева');
    expect(rows).toHaveLength(1);
    const [olga] = rows;
    expect(olga).toMatchObject({ kind: 'guest', key: '79261112233', orders: 3, returns: 1 });
    // Only the paid orders' totals count as money (the failed payment does not).
    expect(olga?.amount).toBe(first.total + second.total);
    expect(olga?.lastOrder).toBe('2026-11-06T10:00:00.000Z');

    const page = await get('/api/admin/customers/guest/79261112233');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.totals).toMatchObject({ orders: 3, amount: olga?.amount, returns: 1 });
    expect(body.customer.emails).toContain('olga.guest@example.ru');
    expect(body.orders.map((o: { number: number }) => o.number)).toHaveLength(3);
    expect(body.consents[0]).toMatchObject({ channel: 'web' });
    expect((await get('/api/admin/customers/guest/79990001122')).statusCode).toBe(404);
    expect((await get('/api/admin/customers/guest/abc')).statusCode).toBe(400);
  });

  it("counts a guest order placed with an account's proven contact as the account's, and lists no staff", async () => {
    const db = t.database.db;
    const user = await insertCustomer(db, { name: 'Зоя', secondName: 'Аккаунтова', phone: '79035550001' });
    await insertOrder(db, {
      userId: user.id,
      fullName: 'Аккаунтова Зоя',
      phone: '79035550001',
      status: 'paid',
    });
    await insertOrder(db, { fullName: 'Аккаунтова Зоя', phone: '79035550001', status: 'paid' });
    const rows = await all('Аккаунтова');
    expect(rows).toEqual([expect.objectContaining({ kind: 'account', key: user.id, orders: 2 })]);

    // An unproven phone does not take the guest's orders: they stay a guest buyer of their own.
    await insertCustomer(db, {
      name: 'Яна',
      secondName: 'Непроверенная',
      phone: '79035550002',
      phoneVerified: false,
    });
    await insertOrder(db, { fullName: 'Непроверенная Яна', phone: '79035550002', status: 'paid' });
    const kinds = (await all('Непроверенная')).map((r) => [r.kind, r.orders]);
    expect(kinds.sort()).toEqual([
      ['account', 0],
      ['guest', 1],
    ]);

    expect(await all('Менеджер')).toEqual([]);
    expect(await all(manager.email)).toEqual([]);
  });

  it('sorts by a whitelisted column and refuses another', async () => {
    const byOrders = (await get('/api/admin/customers?sort=orders&dir=desc&pageSize=100')).json()
      .customers as Row[];
    const counts = byOrders.map((r) => r.orders);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(byOrders[0]?.key).toBe('79261112233');
    const bad = await get('/api/admin/customers?sort=email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sort');
  });

  it('an editor may not read customers', async () => {
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    expect((await get('/api/admin/customers/guest/79261112233', editor)).statusCode).toBe(403);
  });
});
