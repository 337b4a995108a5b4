import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectionGroups, collections, orders, promoCodes } from '../../core/db/schema/index.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

/** Promo codes beyond a percentage (docs/product/promo-codes.md), through the staff API and checkout. */
describe.each(engines)('promo code kinds on %s', (engine) => {
  let t: TestApp;
  let manager: InsertedStaff;
  let coats: string;
  let outerwear: string;
  let dresses: string;
  let coat: string; // 10 000 ₽, a coat (outerwear)
  let dress: string; // 5 000 ₽, a dress, in the «party» collection

  beforeAll(async () => {
    t = await createTestApp(engine, () => new Date('2026-11-20T09:00:00Z'));
    const db = t.database.db;
    await insertSettings(db);
    manager = await insertStaff(db, { role: 'manager' });
    outerwear = (await insertCategory(db)).slug;
    coats = (await insertCategory(db, { parentSlug: outerwear })).slug;
    dresses = (await insertCategory(db)).slug;
    coat = (
      await insertProductGroup(db, { categorySlug: coats, price: 10_000_00 }, [{ size: 'S', stock: 100 }])
    ).id;
    dress = (
      await insertProductGroup(db, { categorySlug: dresses, price: 5_000_00 }, [{ size: 'S', stock: 100 }])
    ).id;
    await db.insert(collections).values({
      slug: 'party',
      name: { ru: 'Вечеринка', en: 'Party' },
      description: { ru: '', en: '' },
    });
    await db.insert(collectionGroups).values({ collectionSlug: 'party', groupId: dress });
  });
  afterAll(async () => {
    await t.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    t.app.inject({ method, url, headers: manager.headers, ...(body ? { payload: body } : {}) });
  const fields = (patch: Record<string, unknown> = {}) => ({
    kind: 'percent',
    percent: 10,
    amount: null,
    minOrder: null,
    limitTo: { categories: [], collections: [], products: [] },
    active: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    phone: null,
    firstOrderOnly: false,
    ...patch,
  });
  const make = async (code: string, patch: Record<string, unknown>) => {
    const res = await staff('POST', '/api/admin/promo-codes', { code, ...fields(patch) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().promo;
  };

  let n = 0;
  let phone = '';
  let ip = '';
  beforeEach(() => {
    n += 1;
    phone = `7993${String(n).padStart(7, '0')}`;
    ip = `10.33.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  });
  type Line = { _id: string; count: number };
  const cartOf = (...lines: [string, number][]): Line[] =>
    lines.map(([id, count]) => ({ _id: `${id}-S`, count }));
  const order = (
    promocode: string,
    products: Line[],
    who: { phone: string; ip: string; email?: string; lang?: string } = { phone, ip },
    extra: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: who.ip,
      headers: { 'accept-language': who.lang ?? 'ru' },
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: who.phone,
        email: who.email ?? `${who.phone}@example.ru`,
        products,
        consent: true,
        promocode,
        ...extra,
      },
    });
  /** The storefront's check, with the browser's cart cookie. */
  const check = (code: string, cart: Line[], lang = 'ru') =>
    t.app.inject({
      method: 'GET',
      url: `/api/promocodes/check?code=${code}&phone=${phone}`,
      remoteAddress: ip,
      headers: {
        'accept-language': lang,
        cookie: `cart=${encodeURIComponent(JSON.stringify(cart))}`,
      },
    });
  const stored = async (number: number) =>
    (await t.database.db.select().from(orders).where(eq(orders.number, number)))[0];

  it('a fixed amount comes off the goods, never more than them', async () => {
    await make('MINUS1500', { kind: 'amount', percent: null, amount: 1_500_00 });
    const placed = await order('MINUS1500', cartOf([coat, 1]));
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await stored(placed.json().order.orderID);
    expect(row).toMatchObject({
      promoCode: 'MINUS1500',
      promoPercent: 0,
      promoDiscount: 1_500_00,
      total: 8_500_00,
    });
    await make('MINUS50K', { kind: 'amount', amount: 50_000_00 });
    const capped = await check('MINUS50K', cartOf([dress, 1]));
    expect(capped.json()).toMatchObject({
      result: true,
      data: { kind: 'amount', discount: 5_000, percent: 0 },
    });
  });

  it('a minimum order refuses a smaller cart with its sum named, in both editions, and accepts it reached', async () => {
    await make('FROM15K', { minOrder: 15_000_00 });
    const small = await check('FROM15K', cartOf([coat, 1]));
    expect(small.json()).toEqual({
      result: false,
      message: 'Промокод действует на заказ от 15\u00a0000\u00a0₽',
    });
    const smallEn = await check('FROM15K', cartOf([coat, 1]), 'en');
    expect(smallEn.json().message).toBe('This promo code applies to orders of 15,000\u00a0₽ or more');
    const refused = await order('FROM15K', cartOf([coat, 1]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      field: 'promocode',
      message: 'Промокод действует на заказ от 15\u00a0000\u00a0₽',
    });
    // The minimum is on the goods before the discount: 15 000 ₽ of goods reaches it.
    expect((await check('FROM15K', cartOf([coat, 1], [dress, 1]))).json()).toMatchObject({
      result: true,
      data: { discount: 1_500 },
    });
    const placed = await order('FROM15K', cartOf([coat, 1], [dress, 1]));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await stored(placed.json().order.orderID)).toMatchObject({
      promoDiscount: 1_500_00,
      total: 13_500_00,
    });
  });

  it('a category-limited code discounts its lines only (subcategories count) and refuses a cart without them', async () => {
    await make('COATS20', {
      percent: 20,
      limitTo: { categories: [outerwear], collections: [], products: [] },
    });
    const placed = await order('COATS20', cartOf([coat, 1], [dress, 2]));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await stored(placed.json().order.orderID)).toMatchObject({
      promoDiscount: 2_000_00,
      total: 18_000_00,
    });
    const none = await check('COATS20', cartOf([dress, 1]));
    expect(none.json()).toEqual({ result: false, message: 'Промокод не действует на товары в корзине' });
    expect((await check('COATS20', cartOf([dress, 1]), 'en')).json().message).toBe(
      'This promo code does not apply to the items in your cart',
    );
    const refused = await order('COATS20', cartOf([dress, 1]), { phone, ip, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This promo code does not apply to the items in your cart');
  });

  it('a collection- or product-limited amount code falls on its lines', async () => {
    await make('PARTY', {
      kind: 'amount',
      amount: 7_000_00,
      limitTo: { categories: [], collections: ['party'], products: [] },
    });
    const placed = await order('PARTY', cartOf([coat, 1], [dress, 1]));
    // 7 000 ₽ off, capped by the dress's 5 000 ₽.
    expect(await stored(placed.json().order.orderID)).toMatchObject({
      promoDiscount: 5_000_00,
      total: 10_000_00,
    });
    await make('THISCOAT', { percent: 50, limitTo: { categories: [], collections: [], products: [coat] } });
    expect((await check('THISCOAT', cartOf([coat, 1], [dress, 1]))).json().data.discount).toBe(5_000);
  });

  it('refuses a limit naming what the shop does not have, and a kind without its value', async () => {
    const unknown = await staff('POST', '/api/admin/promo-codes', {
      code: 'NOWHERE',
      ...fields({ limitTo: { categories: ['no-such-category'], collections: [], products: [] } }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'limitTo.categories',
      message: 'В магазине нет: no-such-category',
    });
    const noSum = await staff('POST', '/api/admin/promo-codes', {
      code: 'NOSUM',
      ...fields({ kind: 'amount' }),
    });
    expect(noSum.statusCode).toBe(400);
    expect(noSum.json().field).toBe('amount');
    // The percent of an amount code is dropped.
    expect(await make('SUMONLY', { kind: 'amount', percent: 30, amount: 100_00 })).toMatchObject({
      percent: 0,
      amount: 100_00,
    });
  });

  it('free delivery makes a carrier delivery free below the threshold', async () => {
    await make('SHIPFREE', { kind: 'free_delivery', percent: null });
    const courier = { getWay: 'delivery-sdek', cityID: 137, address: 'Невский проспект, 10' };
    const paid = await order('', cartOf([dress, 1]), { phone, ip }, courier);
    expect(paid.statusCode, paid.body).toBe(200);
    const charged = await stored(paid.json().order.orderID);
    expect(charged?.deliveryPrice).toBeGreaterThan(0);
    const free = await order(
      'SHIPFREE',
      cartOf([dress, 1]),
      { phone: `7992${phone.slice(4)}`, ip: '10.34.0.1' },
      courier,
    );
    expect(free.statusCode, free.body).toBe(200);
    expect(await stored(free.json().order.orderID)).toMatchObject({
      promoCode: 'SHIPFREE',
      promoDiscount: 0,
      deliveryPrice: 0,
      total: 5_000_00,
    });
    expect((await check('SHIPFREE', cartOf([dress, 1]))).json()).toMatchObject({
      result: true,
      data: { kind: 'free_delivery', freeDelivery: true, discount: 0 },
    });
  });

  it('once per customer: a second order by the same e-mail with another phone is refused', async () => {
    await make('ONCEEACH', { perCustomerLimit: 1 });
    const email = `once${n}@example.ru`;
    expect((await order('ONCEEACH', cartOf([dress, 1]), { phone, ip, email })).statusCode).toBe(200);
    const again = await order('ONCEEACH', cartOf([dress, 1]), {
      phone: `7991${phone.slice(4)}`,
      ip: '10.35.0.1',
      email: email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('promocode');
    expect(
      (await order('ONCEEACH', cartOf([dress, 1]), { phone: `7990${phone.slice(4)}`, ip: '10.35.0.2' }))
        .statusCode,
    ).toBe(200);
  });

  it('once per customer holds for two orders placed at the same moment', async () => {
    await make('ONCENOW', { perCustomerLimit: 1 });
    const email = `race${n}@example.ru`;
    const results = await Promise.all(
      [1, 2].map((i) =>
        order('ONCENOW', cartOf([dress, 1]), {
          phone: `798${i}${phone.slice(4)}`,
          ip: `10.36.0.${i}`,
          email,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCENOW'));
    expect(row?.usedCount).toBe(1);
  });

  it('a batch makes unique single-use codes with the shared settings, exported as CSV', async () => {
    const res = await staff('POST', '/api/admin/promo-batches', {
      prefix: 'spring',
      count: 40,
      ...fields({ kind: 'amount', amount: 500_00, minOrder: 3_000_00 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { batch } = res.json();
    expect(batch).toMatchObject({
      prefix: 'SPRING',
      count: 40,
      used: 0,
      offer: { kind: 'amount', amount: 500_00 },
    });
    const codes = await t.database.db.select().from(promoCodes).where(eq(promoCodes.batchId, batch.id));
    expect(codes).toHaveLength(40);
    expect(new Set(codes.map((c) => c.code)).size).toBe(40);
    for (const c of codes) {
      expect(c.code).toMatch(/^SPRING-[2-9A-HJKMNP-Z]{8}$/);
      expect(c).toMatchObject({
        usageLimit: 1,
        kind: 'amount',
        amount: 500_00,
        minOrder: 3_000_00,
        phone: null,
      });
    }
    // Each code is single-use: a second shopper is refused.
    const first = codes[0]?.code ?? '';
    expect((await order(first, cartOf([dress, 1]))).statusCode).toBe(200);
    expect(
      (await order(first, cartOf([dress, 1]), { phone: `7989${phone.slice(4)}`, ip: '10.37.0.1' }))
        .statusCode,
    ).toBe(409);
    // The list shows the batch, not its 40 codes.
    const list = (await staff('GET', '/api/admin/promo-codes')).json();
    expect(list.rows.some((r: { code: string }) => r.code.startsWith('SPRING-'))).toBe(false);
    expect(list.batches).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: batch.id, used: 1 })]),
    );

    const csv = await staff('GET', `/api/admin/promo-batches/${batch.id}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="promo-SPRING.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Промокод;Вид;Скидка;Заказ от;Действует до;Использован');
    expect(lines).toHaveLength(41);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(';')[0])
        .sort(),
    ).toEqual(codes.map((c) => c.code).sort());
    expect(lines.find((l) => l.startsWith(first))?.replace(/\s/g, ' ')).toBe(
      `${first};Скидка суммой;500 ₽;3 000 ₽;;да`,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/promo-batches/${batch.id}/codes.csv` }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a batch beyond its size or with a bad prefix, making nothing', async () => {
    const big = await staff('POST', '/api/admin/promo-batches', { prefix: 'BIG', count: 5001, ...fields() });
    expect(big.statusCode).toBe(400);
    expect(big.json().field).toBe('count');
    const bad = await staff('POST', '/api/admin/promo-batches', { prefix: 'a-b', count: 2, ...fields() });
    expect(bad.json().field).toBe('prefix');
    expect(await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'BIG'))).toHaveLength(0);
  });
});
