import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, variantProducts } from '../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import { engines } from '../setup/test-database.ts';

/** DECISIONS 13: concurrent checkouts for the last units never oversell and never go below zero. */
describe.each(engines)('concurrent checkouts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  // 200 different shoppers a round, each with its own address and phone (DECISIONS 32 caps what one
  // client's unpaid orders hold).
  const checkout = (variant: string, shopper: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.1.${Math.floor(shopper / 250)}.${(shopper % 250) + 1}`,
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: `7991${String(shopper).padStart(7, '0')}`,
        email: 'anna@example.ru',
        products: [{ _id: variant, count: 1 }],
        consent: true,
      },
    });

  it('200 concurrent checkouts for 5 units give exactly 5 orders and clear refusals, 5 times over', async () => {
    const { slug } = await insertCategory(t.database.db);
    for (let round = 0; round < 5; round++) {
      const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [
        { size: 'S', stock: 5 },
      ]);
      const variant = `${group.id}-S`;
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => checkout(variant, round * 200 + i)),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(195);
      expect(refused.every((r) => /закончился|осталось/.test(r.json().message))).toBe(true);
      const [row] = await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, variant));
      expect(row?.stock).toBe(0);
      const numbers = ok.map((a) => a.json().order.orderID as number);
      expect(new Set(numbers).size).toBe(5);
      const stored = await t.database.db.select({ n: orders.number }).from(orders);
      expect(stored.filter((o) => numbers.includes(o.n))).toHaveLength(5);
    }
  });
});

describe.each(engines)('orders with shared lines in opposite orders on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('never deadlock: 40 concurrent orders of A+B and B+A all succeed', async () => {
    const { slug } = await insertCategory(t.database.db);
    const a = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 100 }]);
    const b = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 100 }]);
    const lines = [
      { _id: `${a.id}-S`, count: 1 },
      { _id: `${b.id}-S`, count: 1 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment?draft=true',
          remoteAddress: `10.2.0.${i + 1}`,
          payload: {
            getWay: 'self',
            payment: 'online',
            fullName: 'Иванова Анна',
            phone: `7992${String(i).padStart(7, '0')}`,
            email: 'anna@example.ru',
            products: i % 2 === 0 ? lines : [...lines].reverse(),
            consent: true,
          },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
    const rows = await t.database.db.select().from(variantProducts);
    expect(rows.filter((r) => r.id === `${a.id}-S` || r.id === `${b.id}-S`).map((r) => r.stock)).toEqual([
      60, 60,
    ]);
  });
});

describe.each(engines)('idempotent retries on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('50 parallel retries of one Idempotency-Key give one order and one reservation', async () => {
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug }, [{ size: 'S', stock: 10 }]);
    const variant = `${group.id}-S`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment',
          // One browser retrying: its device cookie binds the key (docs/decisions/0018).
          headers: {
            'idempotency-key': `retry-${engine}-0001`,
            cookie: 'shi-device=device-stock-race-retry',
          },
          payload: {
            getWay: 'self',
            payment: 'online',
            fullName: 'Иванова Анна',
            phone: '79991234567',
            email: 'anna@example.ru',
            products: [{ _id: variant, count: 2 }],
            consent: true,
          },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().order.orderID)).size).toBe(1);
    expect(new Set(answers.map((a) => String(a.json().url))).size).toBe(1);
    expect(answers[0]?.json().url).toMatch(/^\/sandbox\/pay\//);
    const [row] = await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, variant));
    expect(row?.stock).toBe(8);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });
});
