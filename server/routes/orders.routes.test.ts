import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promoCodes, variantProducts } from '../../core/db/schema/index.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../core/providers/payments/sandbox-payments.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('orders and payments on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  let dress: string; // 9 990 ₽, S: 5, M: 1, L: 0
  let sale: string; // 5 000 ₽ (was 7 000), S: 5
  let pre: string; // pre-order, no stock

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const a = await insertProductGroup(t.database.db, { categorySlug: slug, price: 9_990_00 }, [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 1 },
      { size: 'L', stock: 0 },
    ]);
    dress = a.id;
    const b = await insertProductGroup(
      t.database.db,
      { categorySlug: slug, price: 5_000_00, oldPrice: 7_000_00 },
      [{ size: 'S', stock: 5 }],
    );
    sale = b.id;
    const c = await insertProductGroup(t.database.db, { categorySlug: slug, price: 3_000_00 }, [
      { size: 'S', stock: 0, preorder: true },
    ]);
    pre = c.id;
    await t.database.db.insert(promoCodes).values([
      { code: 'WELCOME10', percent: 10 },
      { code: 'ANNA20', percent: 20, phone: '79991234567' },
      { code: 'ONCE', percent: 5, usageLimit: 1 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const payload = (overrides: Record<string, unknown> = {}) => ({
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: '79991234567',
    email: 'anna@example.ru',
    products: [{ _id: `${dress}-S`, count: 1 }],
    consent: true,
    ...overrides,
  });
  const order = (
    body: unknown,
    opts: { draft?: boolean; key?: string; cookie?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment${opts.draft ? '?draft=true' : ''}`,
      payload: body as object,
      headers: {
        ...(opts.key ? { 'idempotency-key': opts.key } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      },
    });
  /** A fresh product with plenty of stock, so tests do not share units. */
  const fresh = async (price = 9_990_00) => {
    const [category] = await t.database.db.query.categories.findMany({ limit: 1 });
    const g = await insertProductGroup(t.database.db, { categorySlug: category?.slug ?? '', price }, [
      { size: 'S', stock: 10 },
    ]);
    return `${g.id}-S`;
  };
  const stock = async (id: string) =>
    (await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0] ?? '';
  const payInSandbox = async (url: string, decision: 'pay' | 'decline') => {
    const token = url.split('/').pop();
    return t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${token}`, payload: { decision } });
  };

  it('stores the server’s own figures whatever the browser sends, and reserves stock', async () => {
    const res = await order(
      payload({
        products: [
          { _id: `${dress}-S`, count: 2, price: 1 },
          { _id: `${sale}-S`, count: 1 },
        ],
        summ: 1,
        deliveryPrice: 0,
        promocodeDiscountPrice: 999_999_00,
        getWay: 'delivery-sdek',
        cityID: 137,
        city: 'Санкт-Петербург',
        address: 'Невский проспект, 10',
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, order: { orderID: expect.any(Number) } });
    expect(body.url).toMatch(/^\/sandbox\/pay\//);
    expect(String(res.headers['set-cookie'])).toMatch(/shi-orders=.*HttpOnly; SameSite=Lax/);
    const record = await t.services.orders.getOrderRecord(body.order.orderID);
    expect(record?.order).toMatchObject({ goodsTotal: 24_980_00, goodsPayable: 24_980_00, promoDiscount: 0 });
    // Above the 10 000 ₽ threshold: free courier delivery.
    expect(record?.order.deliveryPrice).toBe(0);
    expect(record?.order.total).toBe(24_980_00);
    expect(record?.order.status).toBe('awaiting_payment');
    expect(record?.events.map((e) => e.toStatus)).toEqual(['new', 'awaiting_payment']);
    expect(record?.lines.map((l) => [l.variantId, l.price, l.count, l.reserved])).toEqual([
      [`${dress}-S`, 9_990_00, 2, 2],
      [`${sale}-S`, 5_000_00, 1, 1],
    ]);
    expect(await stock(`${dress}-S`)).toBe(3);
  });

  it('charges the carrier’s delivery below the threshold and records consent', async () => {
    const res = await order(
      payload({ getWay: 'delivery-sdek', cityID: 137, address: 'Невский проспект, 10', deliveryPrice: 1 }),
    );
    const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
    const quote = (
      await t.app.inject({
        method: 'GET',
        url: '/api/checkout/check-delivery?code=137&weight=600&summ=999000',
      })
    ).json();
    expect(record?.order.deliveryPrice).toBe(quote.data.price);
    expect(record?.order.total).toBe(9_990_00 + quote.data.price);
    expect(record?.order.consentVersion).toMatch(/personal-data/);
    expect(record?.order.consentIp).toBeTruthy();
  });

  it('refuses unknown products, sold-out sizes, counts over stock and out-of-range counts', async () => {
    const unknown = await order(payload({ products: [{ _id: 'no-such-variant', count: 1 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('products.0._id');
    const soldOut = await order(payload({ products: [{ _id: `${dress}-L`, count: 1 }] }));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toContain('закончился');
    const over = await order(payload({ products: [{ _id: `${dress}-S`, count: 50 }] }));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('осталось');
    const range = await order(payload({ products: [{ _id: `${dress}-S`, count: 101 }] }));
    expect(range.statusCode).toBe(400);
    const noConsent = await order(payload({ consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().field).toBe('consent');
    const empty = await order(payload({ products: [] }));
    expect(empty.statusCode).toBe(400);
  });

  it('takes pre-orders without stock', async () => {
    const res = await order(payload({ products: [{ _id: `${pre}-S`, count: 2 }] }));
    expect(res.statusCode).toBe(200);
    const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
    expect(record?.lines[0]).toMatchObject({ count: 2, reserved: 0 });
    expect(await stock(`${pre}-S`)).toBe(0);
  });

  it('gives the last unit to one of two concurrent orders and a clear refusal to the other', async () => {
    const [a, b] = await Promise.all([
      order(payload({ products: [{ _id: `${dress}-M`, count: 1 }] })),
      order(payload({ products: [{ _id: `${dress}-M`, count: 1 }] })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toMatch(/закончился|осталось 0/);
    expect(await stock(`${dress}-M`)).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key with the first order, also in parallel', async () => {
    const before = (await t.database.db.select().from(orders)).length;
    const key = `test-key-${engine}-1`;
    const results = await Promise.all(Array.from({ length: 8 }, () => order(payload(), { key })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().order.orderID)).size).toBe(1);
    expect((await t.database.db.select().from(orders)).length).toBe(before + 1);
  });

  it('pays in the sandbox through a signed notification, once; a replay or a bad signature changes nothing', async () => {
    const res = await order(payload());
    const { orderID } = res.json().order;
    const paid = await payInSandbox(res.json().url, 'pay');
    expect(paid.json()).toEqual({ result: true, url: `/?success=true&orderID=${orderID}` });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}`,
      headers: { cookie: cookieOf(res) },
    });
    expect(view.json().data).toMatchObject({ orderID, status: 'paid', paid: true, total: 9_990_00 });
    // The same notification again: a duplicate.
    const token = String(res.json().url).split('/').pop();
    const again = await payInSandbox(res.json().url, 'decline');
    expect(again.json().url).toBe(`/?success=true&orderID=${orderID}`);
    const body = {
      notificationId: `forged-${token}`,
      paymentId: `sandbox-${token}`,
      orderNumber: orderID,
      outcome: 'declined',
      amount: 9_990_00,
    };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { [SANDBOX_SIGNATURE_HEADER]: 'a'.repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const record = await t.services.orders.getOrderRecord(orderID);
    expect(record?.order.status).toBe('paid');
    expect(record?.events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('returns the stock when the payment is declined', async () => {
    const id = await fresh();
    const res = await order(payload({ products: [{ _id: id, count: 2 }] }));
    expect(await stock(id)).toBe(8);
    const declined = await payInSandbox(res.json().url, 'decline');
    expect(declined.json().url).toBe(`/?success=false&orderID=${res.json().order.orderID}`);
    expect(await stock(id)).toBe(10);
    const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
    expect(record?.order.status).toBe('payment_failed');
  });

  it('expires unpaid orders and returns their stock', async () => {
    const before = await stock(`${sale}-S`);
    const res = await order(payload({ products: [{ _id: `${sale}-S`, count: 1 }] }), { draft: true });
    expect(res.json()).toEqual({
      result: true,
      order: { orderID: expect.any(Number) },
      data: { orderID: expect.any(Number) },
    });
    expect(await stock(`${sale}-S`)).toBe((before ?? 0) - 1);
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await t.services.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
    } finally {
      now = new Date('2026-11-20T09:00:00Z');
    }
    expect(await stock(`${sale}-S`)).toBe(before);
  });

  it('never lets another browser read an order', async () => {
    const res = await order(payload());
    const { orderID } = res.json().order;
    const none = await t.app.inject({ method: 'GET', url: `/api/orders/for-analytics?orderID=${orderID}` });
    expect(none.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}`,
      headers: { cookie: `shi-orders=${encodeURIComponent(JSON.stringify([{ n: orderID, k: 'guess' }]))}` },
    });
    expect(forged.statusCode).toBe(404);
  });

  describe('promo codes', () => {
    it('checks a code, with the spec message, case-insensitively', async () => {
      const ok = (
        await t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=welcome10&phone=79990000000' })
      ).json();
      expect(ok).toEqual({ result: true, message: 'Промокод успешно применен', data: { percent: 10 } });
      const wrongPhone = (
        await t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=ANNA20&phone=79990000000' })
      ).json();
      expect(wrongPhone.result).toBe(false);
      expect(wrongPhone.message).toContain('другому номеру');
      const none = (
        await t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=NOPE&phone=1' })
      ).json();
      expect(none).toEqual({ result: false, message: 'Такого промокода нет' });
    });

    it('discounts only the items without their own discount, and not with fitting', async () => {
      const res = await order(
        payload({
          products: [
            { _id: `${dress}-S`, count: 1 },
            { _id: `${sale}-S`, count: 1 },
          ],
          promocode: 'welcome10',
          promocodeDiscountPrice: 1,
        }),
      );
      const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
      expect(record?.order).toMatchObject({
        promoCode: 'WELCOME10',
        promoDiscount: 999_00,
        total: 14_990_00 - 999_00,
      });
    });

    it('refuses a used-up code and gives it back when the order fails', async () => {
      const first = await order(payload({ promocode: 'ONCE' }));
      expect(first.statusCode).toBe(200);
      const second = await order(payload({ promocode: 'ONCE' }));
      expect(second.statusCode).toBe(409);
      expect(second.json().field).toBe('promocode');
      await payInSandbox(first.json().url, 'decline');
      expect((await order(payload({ promocode: 'ONCE' }))).statusCode).toBe(200);
    });
  });

  it('starts Dolyame on a drafted order and refuses an unknown browser', async () => {
    const draft = await order(payload({ payment: 'dolyame' }), { draft: true });
    const { orderID } = draft.json().order;
    const stranger = await t.app.inject({ method: 'POST', url: '/api/dolyame/create', payload: { orderID } });
    expect(stranger.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dolyame/create',
      payload: { orderID, products: [], productsSumm: 1, deliverySumm: 0 },
      headers: { cookie: cookieOf(draft) },
    });
    expect(res.json()).toMatchObject({ result: true, data: expect.stringMatching(/^\/sandbox\/pay\//) });
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/payments/${String(res.json().data).split('/').pop()}`,
    });
    expect(session.json().data).toMatchObject({ orderID, kind: 'bnpl', amount: 9_990_00 });
    expect(session.json().data.schedule).toEqual([2_497_50, 2_497_50, 2_497_50, 2_497_50]);
  });

  it('prices Moscow delivery outside the ring road and checks the date', async () => {
    const base = payload({
      products: [{ _id: await fresh(), count: 1 }],
      getWay: 'moscow',
      address: 'Зеленоград, корпус 1106',
      room: '5',
      deliveryTime: '12:00-14:00',
    });
    const noDate = await order(base);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().field).toBe('deliveryDate');
    const today = await order({ ...base, deliveryDate: '2026-11-20' });
    expect(today.json().field).toBe('deliveryDate');
    const ok = await order({ ...base, deliveryDate: '2026-11-21' });
    const record = await t.services.orders.getOrderRecord(ok.json().order.orderID);
    expect(record?.order).toMatchObject({ deliveryPrice: 900_00, total: 9_990_00 + 900_00 });
    expect(record?.order.delivery.outMKAD).toBe(true);
  });

  it('refuses methods the edition hides', async () => {
    const en = await order(payload({ payment: 'dolyame' }), { lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().field).toBe('payment');
    const tryEn = await order(payload({ getWay: 'moscow-try' }), { lang: 'en' });
    expect(tryEn.json().field).toBe('getWay');
  });

  it.each([
    ['an unknown method', { getWay: 'teleport' }],
    ['an unknown payment', { payment: 'cash' }],
    ['products as an object', { products: { _id: 'x', count: 1 } }],
    ['a fractional count', { products: [{ _id: 'x', count: 1.5 }] }],
    ['a bad e-mail', { email: 'anna@' }],
    ['a phone with letters', { phone: '7999abc4567' }],
    ['a control character in the name', { fullName: 'Анна\u0007 Иванова' }],
    ['too many lines', { products: Array.from({ length: 41 }, (_, i) => ({ _id: `v${i}`, count: 1 })) }],
    ['a huge comment', { comment: 'x'.repeat(1001) }],
  ])('refuses %s with a 400 and stores nothing', async (_, patch) => {
    const before = (await t.database.db.select().from(orders)).length;
    const res = await order(payload(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('refuses a malformed Idempotency-Key and a body that is not JSON', async () => {
    const key = await order(payload(), { key: 'bad key with spaces' });
    expect(key.statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: { 'content-type': 'application/json' },
      payload: '{"getWay":',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('limits the orders one address may place in an hour', async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment?draft=true',
        remoteAddress: ip,
        payload: payload({ products: [{ _id: `${pre}-S`, count: 1 }] }),
      });
    for (let i = 0; i < 60; i++) expect((await from('10.9.9.9')).statusCode).toBe(200);
    const refused = await from('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('Слишком много заказов');
    expect((await from('10.9.9.10')).statusCode).toBe(200);
  });

  it('stores one cart reminder per phone a day', async () => {
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification/add',
        payload: { phone: '79995554433', products: [`${dress}-S`] },
      });
    expect((await add()).json()).toEqual({ result: true });
    expect((await add()).json()).toEqual({ result: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notification/add',
      payload: { phone: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
