import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, orders, promoCodes, variantProducts } from '../../core/db/schema/index.ts';
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

  it('refuses an Idempotency-Key reused for a different order, and stores nothing new', async () => {
    const key = `test-key-${engine}-reused`;
    const id = await fresh();
    const first = await order(payload({ products: [{ _id: id, count: 1 }] }), { key });
    expect(first.statusCode).toBe(200);
    const before = (await t.database.db.select().from(orders)).length;
    // A true retry, even with other display values or key order, is the same order.
    const retry = await order({ summ: 1, ...payload({ products: [{ _id: id, count: 1 }] }) }, { key });
    expect(retry.json().order.orderID).toBe(first.json().order.orderID);
    for (const [patch, opts] of [
      [{ products: [{ _id: id, count: 2 }] }, {}],
      [{ getWay: 'delivery-sdek', cityID: 137, city: 'Санкт-Петербург', address: 'Невский, 1' }, {}],
      [{ fullName: 'Петров Пётр' }, {}],
      [{}, { draft: true }],
    ] as const) {
      const other = await order(payload({ products: [{ _id: id, count: 1 }], ...patch }), { key, ...opts });
      expect(other.statusCode, JSON.stringify(patch)).toBe(409);
      expect(other.json()).toEqual({
        result: false,
        message:
          'Этот Idempotency-Key уже использован для другого заказа. Для нового заказа нужен новый ключ',
        field: 'Idempotency-Key',
      });
    }
    const en = await order(payload({ products: [{ _id: id, count: 3 }] }), { key, lang: 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toMatch(/^This Idempotency-Key was already used for a different order/);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect(await stock(id)).toBe(9);
  });

  it('stores the total an English order showed, in its currency, with the rate used', async () => {
    await t.database.db
      .insert(currencyRates)
      .values([
        { currency: 'USD', date: '2026-11-20', rate4: 92_5000 },
        { currency: 'EUR', date: '2026-11-20', rate4: 100_1234 },
        { currency: 'AED', date: '2026-11-20', rate4: 25_1800 },
      ])
      .onConflictDoNothing();
    const [a, b] = [await fresh(1_990_00), await fresh(4_490_00)];
    const res = await order(
      payload({
        getWay: 'delivery-sdek',
        payment: 'online-international',
        countryCode: 'AE',
        city: 'Dubai',
        address: 'Sheikh Zayed Road 1',
        currency: 'USD',
        products: [
          { _id: a, count: 5 },
          { _id: b, count: 1 },
        ],
      }),
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(200);
    const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
    const o = record?.order;
    expect(o).toMatchObject({ displayCurrency: 'USD', displayRate4: 92_5000 });
    // Each unit price converted (DECISIONS 7), the total the sum of the shown parts.
    const usd = (kopecks: number) => Math.round((kopecks / 100 / 92.5) * 1.1) * 100;
    const lines = usd(1_990_00) * 5 + usd(4_490_00);
    expect(o?.displayTotal).toBe(lines + usd(o?.deliveryPrice ?? 0));
    // The rouble total stays what is charged.
    expect(o?.total).toBe(1_990_00 * 5 + 4_490_00 + (o?.deliveryPrice ?? 0));
    // A Russian order shows roubles: the same figure.
    const ru = await order(payload({ products: [{ _id: a, count: 1 }] }));
    const ruRecord = await t.services.orders.getOrderRecord(ru.json().order.orderID);
    expect(ruRecord?.order).toMatchObject({
      displayCurrency: 'RUB',
      displayTotal: 1_990_00,
      displayRate4: null,
    });
  });

  it('pays in the sandbox through a signed notification, once; a replay or a bad signature changes nothing', async () => {
    const res = await order(payload());
    const { orderID } = res.json().order;
    const paid = await payInSandbox(res.json().url, 'pay');
    expect(paid.json()).toEqual({
      result: true,
      url: expect.stringMatching(new RegExp(`^/\\?success=true&orderID=${orderID}&key=[\\w-]{32}$`)),
    });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}`,
      headers: { cookie: cookieOf(res) },
    });
    expect(view.json().data).toMatchObject({ orderID, status: 'paid', paid: true, total: 9_990_00 });
    // The same notification again: a duplicate.
    const token = String(res.json().url).split('/').pop();
    const again = await payInSandbox(res.json().url, 'decline');
    expect(again.json().url).toBe(paid.json().url);
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
    expect(declined.json().url).toMatch(
      new RegExp(`^/\\?success=false&orderID=${res.json().order.orderID}&key=[\\w-]{32}$`),
    );
    expect(await stock(id)).toBe(10);
    const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
    expect(record?.order.status).toBe('payment_failed');
  });

  it('expires unpaid orders and returns their stock', async () => {
    const id = await fresh();
    const before = await stock(id);
    const res = await order(payload({ products: [{ _id: id, count: 1 }] }), { draft: true });
    expect(res.json()).toEqual({
      result: true,
      order: { orderID: expect.any(Number) },
      data: { orderID: expect.any(Number) },
    });
    expect(await stock(id)).toBe((before ?? 0) - 1);
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await t.services.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
    } finally {
      now = new Date('2026-11-20T09:00:00Z');
    }
    expect(await stock(id)).toBe(before);
  });

  it('cancels a BNPL order whose payment never started, and returns its stock', async () => {
    const id = await fresh();
    const res = await order(payload({ payment: 'dolyame', products: [{ _id: id, count: 2 }] }));
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    expect((await t.services.orders.getOrderRecord(number))?.order.status).toBe('new');
    expect(await stock(id)).toBe(8);
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await t.services.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
    } finally {
      now = new Date('2026-11-20T09:00:00Z');
    }
    const record = await t.services.orders.getOrderRecord(number);
    expect(record?.order.status).toBe('cancelled');
    expect(record?.events.at(-1)).toMatchObject({
      fromStatus: 'new',
      toStatus: 'cancelled',
      cause: 'not paid in time',
    });
    expect(await stock(id)).toBe(10);
  });

  it('closes the payment page of an expired order; money arriving later is recorded for a refund', async () => {
    const id = await fresh();
    const open = await order(payload({ products: [{ _id: id, count: 1 }] }));
    const late = await order(payload({ products: [{ _id: id, count: 1 }] }));
    const lateToken = String(late.json().url).split('/').pop() ?? '';
    // The second shopper pays just before the deadline; the provider's notice is still on its way.
    const settled = await t.services.payments.sandboxDecide(lateToken, 'pay');
    if (!settled || settled.expired) throw new Error('the sandbox did not settle the payment');
    expect(await stock(id)).toBe(8);
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      expect(await t.services.orders.expireOverdue()).toBeGreaterThanOrEqual(2);
    } finally {
      now = new Date('2026-11-20T09:00:00Z');
    }
    expect(await stock(id)).toBe(10);

    // The first order's page can no longer pay: a clear refusal, no notification, still failed.
    const openToken = String(open.json().url).split('/').pop() ?? '';
    expect((await t.services.payments.sandboxSession(openToken))?.status).toBe('expired');
    const pay = await payInSandbox(String(open.json().url), 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ result: false, message: 'Время на оплату истекло' });
    const first = await t.services.orders.getOrderRecord(open.json().order.orderID);
    expect(first?.order.status).toBe('payment_failed');
    expect(first?.events.at(-1)?.cause).toBe('not paid in time');

    // The second order's paid notice arrives after the expiry: not swallowed, recorded for a refund.
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: settled.notification.headers,
      payload: JSON.stringify(settled.notification.body),
    });
    expect(notice.json()).toEqual({ result: true, outcome: 'ignored' });
    const second = await t.services.orders.getOrderRecord(late.json().order.orderID);
    expect(second?.order.status).toBe('payment_failed');
    expect(second?.events.at(-1)).toMatchObject({
      fromStatus: 'payment_failed',
      toStatus: 'payment_failed',
      cause: expect.stringMatching(/^paid after expiry: refund needed/),
    });
    expect(await stock(id)).toBe(10);
  });

  it('lets the payer’s browser read the status only, with the key of the return address', async () => {
    const res = await order(
      payload({
        payment: 'other_pay',
        payerPhone: '79161234567',
        products: [{ _id: await fresh(), count: 1 }],
      }),
    );
    const { orderID } = res.json().order;
    const paid = await payInSandbox(res.json().url, 'pay');
    const back = new URL(paid.json().url, 'http://shop.test');
    const key = back.searchParams.get('key');
    expect(back.searchParams.get('success')).toBe('true');
    // Another browser (no shi-orders cookie) with the key: the status, nothing personal.
    const payer = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}&key=${key}`,
    });
    expect(payer.statusCode).toBe(200);
    expect(payer.json()).toEqual({ result: true, data: { orderID, status: 'paid', paid: true } });
    // The buyer's own browser sees the whole order, key or not.
    const buyer = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}&key=${key}`,
      headers: { cookie: cookieOf(res) },
    });
    expect(buyer.json().data).toMatchObject({ orderID, status: 'paid', paid: true, total: 9_990_00 });
    expect(buyer.json().data.products).toHaveLength(1);
    // The key is bound to its order, and a wrong or malformed key reads nothing.
    const other = await order(payload({ products: [{ _id: await fresh(), count: 1 }] }));
    for (const url of [
      `/api/orders/for-analytics?orderID=${other.json().order.orderID}&key=${key}`,
      `/api/orders/for-analytics?orderID=${orderID}&key=${'A'.repeat(32)}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/orders/for-analytics?orderID=${orderID}&key=${encodeURIComponent("' OR 1=1")}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('key');
  });

  it('answers each payment method as checkout.md §4 says', async () => {
    const answer = async (patch: Record<string, unknown>, draft = false) =>
      (await order(payload({ products: [{ _id: await fresh(), count: 1 }], ...patch }), { draft })).json();
    const idOnly = {
      result: true,
      order: { orderID: expect.any(Number) },
      data: { orderID: expect.any(Number) },
    };
    // Drafts, Dolyame (instalment is switched off in these settings) and the phone payment
    // (hePayMode): the order id only.
    expect(await answer({}, true)).toEqual(idOnly);
    expect(await answer({ payment: 'dolyame' }, true)).toEqual(idOnly);
    const hepay = await answer({ payment: 'online', hePayMode: true, hePayPhone: '79991234567' });
    expect(hepay).toEqual(idOnly);
    // The phone payment is started all the same: the provider reaches the phone.
    const hepayOrder = await t.services.orders.getOrderRecord(hepay.order.orderID);
    expect(hepayOrder?.order.status).toBe('awaiting_payment');
    expect(hepayOrder?.order.paymentUrl).toMatch(/^\/sandbox\/pay\//);
    // Split (or yaPay), card and pay-by-another-person: the url.
    for (const patch of [
      { payment: 'split' },
      { payment: 'online' },
      { payment: 'other_pay', payerPhone: '79161234567' },
    ]) {
      const body = await answer(patch);
      expect(body, JSON.stringify(patch)).toEqual({
        ...idOnly,
        url: expect.stringMatching(/^\/sandbox\/pay\//),
      });
    }
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
