import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartReminders,
  currencyRates,
  orders,
  outbox,
  promoCodes,
  variantProducts,
} from '../../core/db/schema/index.ts';
import { APP_CONSENT_VERSION, CONSENT_VERSION } from '../../core/orders/place-order/record-order.step.ts';
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

  // Each test is its own shopper (phone and address), so the caps on what one client's unpaid
  // orders hold (docs/decisions/0018) count within a test only.
  let shopper = 0;
  let phone = '79991234567';
  let ip = '10.0.0.1';
  beforeEach(() => {
    shopper += 1;
    phone = `7998${String(shopper).padStart(7, '0')}`;
    ip = `10.0.${Math.floor(shopper / 250)}.${(shopper % 250) + 1}`;
  });
  const payload = (overrides: Record<string, unknown> = {}) => ({
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone,
    email: 'anna@example.ru',
    products: [{ _id: `${dress}-S`, count: 1 }],
    consent: true,
    ...overrides,
  });
  const order = (
    body: unknown,
    opts: { draft?: boolean; key?: string; cookie?: string; lang?: string; ip?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment${opts.draft ? '?draft=true' : ''}`,
      payload: body as object,
      remoteAddress: opts.ip ?? ip,
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
        url: '/api/checkout/check-delivery?code=137&weight=600&summ=9990',
      })
    ).json();
    // The quote is in roubles on the wire (DECISIONS 28); the order keeps kopecks.
    expect(record?.order.deliveryPrice).toBe(quote.data.price * 100);
    expect(record?.order.total).toBe(9_990_00 + quote.data.price * 100);
    expect(record?.order.consentVersion).toMatch(/personal-data/);
    expect(record?.order.consentIp).toBeTruthy();
  });

  it('takes the spec’s payload without `consent` (the app): the order is the consent, recorded with the pay button’s text version, time, address and the app; the site’s ticked box is recorded as the web’s', async () => {
    // A product of its own, so the shared dress keeps its units for the other tests.
    const products = [{ _id: await fresh(), count: 1 }];
    const { consent: _ticked, ...spec } = payload({ products });
    const fromApp = await order(spec);
    expect(fromApp.statusCode, fromApp.body).toBe(200);
    const app = (await t.services.orders.getOrderRecord(fromApp.json().order.orderID))?.order;
    expect(app).toMatchObject({
      consentChannel: 'app',
      consentVersion: APP_CONSENT_VERSION,
      consentIp: ip,
      consentAt: now,
    });
    const fromWeb = await order(payload({ products }));
    expect(fromWeb.statusCode).toBe(200);
    const web = (await t.services.orders.getOrderRecord(fromWeb.json().order.orderID))?.order;
    expect(web).toMatchObject({ consentChannel: 'web', consentVersion: CONSENT_VERSION, consentIp: ip });
    // The site's box left empty is a refusal, never an app order.
    const unticked = await order(payload({ products, consent: false }));
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().field).toBe('consent');
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
    // A retry comes from the browser that sent the first request, with its device cookie.
    const cookie = 'shi-device=device-retry-parallel';
    const results = await Promise.all(Array.from({ length: 8 }, () => order(payload(), { key, cookie })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().order.orderID)).size).toBe(1);
    expect((await t.database.db.select().from(orders)).length).toBe(before + 1);
  });

  it('refuses an Idempotency-Key reused for a different order, and stores nothing new', async () => {
    const key = `test-key-${engine}-reused`;
    const id = await fresh();
    const cookie = 'shi-device=device-retry-reused';
    const first = await order(payload({ products: [{ _id: id, count: 1 }] }), { key, cookie });
    expect(first.statusCode).toBe(200);
    const before = (await t.database.db.select().from(orders)).length;
    // A true retry, even with other display values or key order, is the same order.
    const retry = await order(
      { summ: 1, ...payload({ products: [{ _id: id, count: 1 }] }) },
      { key, cookie },
    );
    expect(retry.json().order.orderID).toBe(first.json().order.orderID);
    for (const [patch, opts] of [
      [{ products: [{ _id: id, count: 2 }] }, {}],
      [{ getWay: 'delivery-sdek', cityID: 137, city: 'Санкт-Петербург', address: 'Невский, 1' }, {}],
      [{ fullName: 'Петров Пётр' }, {}],
      [{}, { draft: true }],
    ] as const) {
      const other = await order(payload({ products: [{ _id: id, count: 1 }], ...patch }), {
        key,
        cookie,
        ...opts,
      });
      expect(other.statusCode, JSON.stringify(patch)).toBe(409);
      expect(other.json()).toEqual({
        result: false,
        message:
          'Этот Idempotency-Key уже использован для другого заказа. Для нового заказа нужен новый ключ',
        field: 'Idempotency-Key',
      });
    }
    const en = await order(payload({ products: [{ _id: id, count: 3 }] }), { key, cookie, lang: 'en' });
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
    expect(view.json().data).toMatchObject({ orderID, status: 'paid', paid: true, total: 9_990 });
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
    // A BNPL decision holds the stock 60 minutes (DECISIONS 32).
    now = new Date(now.getTime() + 61 * 60_000);
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
    expect(buyer.json().data).toMatchObject({ orderID, status: 'paid', paid: true, total: 9_990 });
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
    // Six unpaid orders: each from its own shopper, within the caps of DECISIONS 32.
    let n = 0;
    const answer = async (patch: Record<string, unknown>, draft = false) => {
      n += 1;
      const who = payload({
        phone: `7990000000${n}`,
        products: [{ _id: await fresh(), count: 1 }],
        ...patch,
      });
      return (await order(who, { draft, ip: `10.199.0.${n}` })).json();
    };
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
      // The spec's percent, and what the code gives (without a cart cookie there is no sum yet).
      expect(ok).toEqual({
        result: true,
        message: 'Промокод успешно применен',
        data: { percent: 10, kind: 'percent', discount: null, freeDelivery: false },
      });
      const wrongPhone = (
        await t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=ANNA20&phone=79990000000' })
      ).json();
      expect(wrongPhone).toEqual({ result: false, message: 'Промокод недействителен' });
      const none = (
        await t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=NOPE&phone=1' })
      ).json();
      expect(none).toEqual({ result: false, message: 'Промокод недействителен' });
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

    it('judges free delivery on the goods after the promo discount (DECISIONS 33)', async () => {
      // 10,500 ₽ is over the 10,000 ₽ threshold; with 10 % off, 9,450 ₽ payable is under it.
      const id = await fresh(10_500_00);
      const courier = {
        products: [{ _id: id, count: 1 }],
        getWay: 'delivery-sdek',
        cityID: 137,
        address: 'Невский проспект, 10',
      };
      const withCode = await order(payload({ ...courier, promocode: 'WELCOME10' }));
      expect(withCode.statusCode).toBe(200);
      const priced = (await t.services.orders.getOrderRecord(withCode.json().order.orderID))?.order;
      expect(priced).toMatchObject({ goodsTotal: 10_500_00, promoDiscount: 1_050_00 });
      expect(priced?.deliveryPrice).toBeGreaterThan(0);
      expect(priced?.total).toBe(9_450_00 + (priced?.deliveryPrice ?? 0));
      const without = await order(payload(courier));
      const free = (await t.services.orders.getOrderRecord(without.json().order.orderID))?.order;
      expect(free).toMatchObject({ deliveryPrice: 0, total: 10_500_00 });
    });

    it('opens a phone-bound code only for a shopper signed in with that phone, not for the phone typed', async () => {
      const bound = '79991234567';
      const products = [{ _id: await fresh(), count: 1 }];
      const proveFirst =
        'Этот промокод привязан к номеру телефона. Чтобы применить его, войдите в личный кабинет по этому номеру';
      // A guest typing the bound phone proves nothing: told to sign in with it.
      const guest = await order(payload({ products, phone: bound, promocode: 'ANNA20' }));
      expect(guest.statusCode).toBe(409);
      expect(guest.json()).toEqual({ result: false, message: proveFirst, field: 'promocode' });
      const guestCheck = await t.app.inject({
        method: 'GET',
        url: `/api/promocodes/check?code=ANNA20&phone=${bound}`,
        remoteAddress: ip,
      });
      expect(guestCheck.json()).toEqual({ result: false, message: proveFirst });

      // Signed in by a code sent to that phone: the code applies, whatever phone the form names.
      const init = await t.app.inject({ method: 'GET', url: '/api/auth/init', remoteAddress: ip });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/auth/get-code',
        remoteAddress: ip,
        headers: { 'init-token': init.json().data },
        payload: { phone: bound },
      });
      expect(sent.statusCode).toBe(200);
      const [sms] = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, bound)))
        .orderBy(desc(outbox.id))
        .limit(1);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-code',
        remoteAddress: ip,
        payload: { phone: bound, code: String(sms?.payload.code) },
      });
      expect(signedIn.statusCode).toBe(200);
      const authorization = `Bearer ${signedIn.json().data.token}`;
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/promocodes/check?code=ANNA20&phone=${bound}`,
        remoteAddress: ip,
        headers: { authorization },
      });
      expect(check.json()).toMatchObject({ result: true, data: { percent: 20 } });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/payment',
        remoteAddress: ip,
        headers: { authorization },
        payload: payload({ products, promocode: 'ANNA20' }),
      });
      expect(placed.statusCode).toBe(200);
      const record = await t.services.orders.getOrderRecord(placed.json().order.orderID);
      expect(record?.order).toMatchObject({ promoCode: 'ANNA20', promoDiscount: 1_998_00 });
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
  describe('what one client’s unpaid orders hold (DECISIONS 32)', () => {
    /** A fresh product with `units` in stock of size S. */
    const plenty = async (units: number, price = 1_000_00) => {
      const [category] = await t.database.db.query.categories.findMany({ limit: 1 });
      const g = await insertProductGroup(t.database.db, { categorySlug: category?.slug ?? '', price }, [
        { size: 'S', stock: units },
      ]);
      return `${g.id}-S`;
    };
    const orderCount = async () => (await t.database.db.select().from(orders)).length;
    const deviceCookie = (res: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat(res.headers['set-cookie'] as string[] | string)
        .find((c) => c.startsWith('shi-device='))
        ?.split(';')[0];

    it('holds stock 20 minutes for online payment and 60 for a BNPL decision', async () => {
      const id = await plenty(10);
      const minutes = async (res: { json: () => { order: { orderID: number } } }) => {
        const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
        return ((record?.order.expiresAt.getTime() ?? 0) - (record?.order.createdAt.getTime() ?? 0)) / 60_000;
      };
      const product = { products: [{ _id: id, count: 1 }] };
      expect(await minutes(await order(payload(product)))).toBe(20);
      expect(
        await minutes(await order(payload({ ...product, payment: 'dolyame' }), { ip: '10.200.0.1' })),
      ).toBe(60);
    });

    it('lets one phone hold at most 3 unpaid orders; paying one frees a place', async () => {
      const id = await plenty(10);
      const placed = [];
      for (let i = 0; i < 3; i++) {
        const res = await order(payload({ products: [{ _id: id, count: 1 }] }), { ip: `10.201.0.${i + 1}` });
        expect(res.statusCode).toBe(200);
        placed.push(res);
      }
      const before = await orderCount();
      const refused = await order(payload({ products: [{ _id: id, count: 1 }] }), { ip: '10.201.0.9' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        result: false,
        message:
          'Уже есть 3 неоплаченных заказа на этот телефон. Оплатите или отмените один из них, чтобы оформить новый',
        field: 'products',
      });
      const en = await order(payload({ products: [{ _id: id, count: 1 }] }), {
        ip: '10.201.0.9',
        lang: 'en',
      });
      expect(en.json().message).toBe(
        'There are already 3 unpaid orders for this phone. Pay or cancel one of them to place a new one',
      );
      expect(await orderCount()).toBe(before);
      expect(await stock(id)).toBe(7);
      await payInSandbox(placed[0]?.json().url, 'pay');
      const after = await order(payload({ products: [{ _id: id, count: 1 }] }), { ip: '10.201.0.9' });
      expect(after.statusCode).toBe(200);
    });

    it('lets one browser hold at most 3 unpaid orders, whatever the phones and addresses', async () => {
      const id = await plenty(10);
      const first = await order(payload({ phone: '79970000001', products: [{ _id: id, count: 1 }] }), {
        ip: '10.202.0.1',
      });
      const device = deviceCookie(first);
      expect(device).toMatch(/^shi-device=[\w-]{16,64}$/);
      expect(String(first.headers['set-cookie'])).toMatch(
        /shi-device=[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
      );
      for (const n of [2, 3]) {
        const res = await order(payload({ phone: `7997000000${n}`, products: [{ _id: id, count: 1 }] }), {
          ip: `10.202.0.${n}`,
          cookie: device,
        });
        expect(res.statusCode).toBe(200);
        // A browser that has its id keeps it.
        expect(deviceCookie(res)).toBeUndefined();
      }
      const refused = await order(payload({ phone: '79970000004', products: [{ _id: id, count: 1 }] }), {
        ip: '10.202.0.4',
        cookie: device,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Уже есть 3 неоплаченных заказа с этого устройства/);
    });

    it('lets one address hold at most 10 unpaid orders, whatever the phones and browsers', async () => {
      const id = await plenty(20);
      for (let i = 0; i < 10; i++) {
        const res = await order(
          payload({ phone: `7996${String(i).padStart(7, '0')}`, products: [{ _id: id, count: 1 }] }),
          { ip: '10.203.0.1' },
        );
        expect(res.statusCode).toBe(200);
      }
      const refused = await order(payload({ phone: '79961111111', products: [{ _id: id, count: 1 }] }), {
        ip: '10.203.0.1',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Уже есть 10 неоплаченных заказа с этого адреса/);
      expect(await stock(id)).toBe(10);
      // Pre-orders take no stock: they are not capped.
      const preorder = await order(
        payload({ phone: '79961111111', products: [{ _id: `${pre}-S`, count: 1 }] }),
        {
          ip: '10.203.0.1',
        },
      );
      expect(preorder.statusCode).toBe(200);
    });

    it('lets one client hold at most 10 units of one variant in its unpaid orders', async () => {
      const id = await plenty(50);
      expect((await order(payload({ products: [{ _id: id, count: 6 }] }))).statusCode).toBe(200);
      const refused = await order(payload({ products: [{ _id: id, count: 5 }] }), { ip: '10.204.0.2' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().field).toBe('products');
      expect(refused.json().message).toMatch(/не больше 10 шт\. одного размера, осталось 4$/);
      expect(await stock(id)).toBe(44);
      expect(
        (await order(payload({ products: [{ _id: id, count: 4 }] }), { ip: '10.204.0.2' })).statusCode,
      ).toBe(200);
      // One order of more than 10 is refused too.
      const big = await order(payload({ phone: '79950000001', products: [{ _id: id, count: 11 }] }), {
        ip: '10.204.0.3',
      });
      expect(big.statusCode).toBe(409);
    });

    it('lets a try-on order hold at most 10 items', async () => {
      const a = await plenty(20);
      const b = await plenty(20);
      const tryOn = (counts: [number, number]) =>
        order(
          payload({
            getWay: 'moscow-try',
            address: 'Тверская улица, 7',
            room: '5',
            deliveryDate: '2026-11-21',
            deliveryTime: '12:00-14:00',
            products: [
              { _id: a, count: counts[0] },
              { _id: b, count: counts[1] },
            ],
          }),
        );
      const refused = await tryOn([6, 5]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        result: false,
        message: 'В заказ с примеркой можно положить не больше 10 вещей',
        field: 'products',
      });
      expect(await stock(a)).toBe(20);
      expect((await tryOn([5, 5])).statusCode).toBe(200);
    });

    it('never lets concurrent orders of one phone pass the cap together', async () => {
      const id = await plenty(20);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          order(payload({ products: [{ _id: id, count: 1 }] }), { ip: `10.205.0.${i + 1}` }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
      expect(await stock(id)).toBe(17);
    });

    it('keeps the stock of paid orders until staff ship or cancel them: the expiry leaves them alone', async () => {
      const id = await plenty(10);
      const res = await order(payload({ products: [{ _id: id, count: 3 }] }));
      await payInSandbox(res.json().url, 'pay');
      now = new Date(now.getTime() + 24 * 60 * 60_000);
      try {
        await t.services.orders.expireOverdue();
      } finally {
        now = new Date('2026-11-20T09:00:00Z');
      }
      const record = await t.services.orders.getOrderRecord(res.json().order.orderID);
      expect(record?.order.status).toBe('paid');
      expect(await stock(id)).toBe(7);
    });
  });

  it('stores and takes payment for an order above 21.47 M ₽ (64-bit money)', async () => {
    const [category] = await t.database.db.query.categories.findMany({ limit: 1 });
    const g = await insertProductGroup(
      t.database.db,
      { categorySlug: category?.slug ?? '', price: 15_000_000_00 },
      [{ size: 'S', stock: 3 }],
    );
    const res = await order(payload({ products: [{ _id: `${g.id}-S`, count: 2 }] }));
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID;
    const record = await t.services.orders.getOrderRecord(number);
    expect(record?.order).toMatchObject({ goodsTotal: 30_000_000_00, total: 30_000_000_00 });
    expect(record?.lines[0]?.price).toBe(15_000_000_00);
    expect((await payInSandbox(res.json().url, 'pay')).statusCode).toBe(200);
    expect((await t.services.orders.getOrderRecord(number))?.order.status).toBe('paid');
  });

  it('answers one neutral refusal for every invalid promo code, in checks and in orders', async () => {
    await t.database.db.insert(promoCodes).values([
      { code: 'GONE', percent: 10, endsAt: new Date('2026-01-01T00:00:00Z') },
      { code: 'OFF', percent: 10, active: false },
      { code: 'SPENT', percent: 10, usageLimit: 1, usedCount: 1 },
    ]);
    const check = (code: string, lang = 'ru') =>
      t.app.inject({
        method: 'GET',
        url: `/api/promocodes/check?code=${code}&phone=79990000000`,
        headers: { 'accept-language': lang },
        remoteAddress: '10.210.0.1',
      });
    for (const code of ['NOPE', 'GONE', 'OFF', 'SPENT', 'ANNA20']) {
      expect((await check(code)).json(), code).toEqual({ result: false, message: 'Промокод недействителен' });
      expect((await check(code, 'en')).json(), code).toEqual({
        result: false,
        message: 'The promo code is not valid',
      });
    }
    for (const code of ['NOPE', 'SPENT', 'ANNA20']) {
      const res = await order(payload({ promocode: code }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ result: false, message: 'Промокод недействителен', field: 'promocode' });
    }
  });

  it('limits the promo-code checks of one address', async () => {
    const check = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/promocodes/check?code=GUESS1&phone=7999', remoteAddress: ip });
    for (let i = 0; i < 30; i++) expect((await check('10.211.0.1')).statusCode).toBe(200);
    const refused = await check('10.211.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Слишком много попыток ввести промокод. Попробуйте позже');
    expect((await check('10.211.0.2')).statusCode).toBe(200);
  });

  it('refuses an Idempotency-Key replayed from another browser and gives it no access to the order', async () => {
    const id = await fresh();
    const mine = 'shi-device=device-aaaaaaaaaaaaaaaa';
    const body = payload({ products: [{ _id: id, count: 1 }] });
    const key = `test-key-${engine}-stolen`;
    const first = await order(body, { key, cookie: mine, ip: '10.212.0.1' });
    expect(first.statusCode).toBe(200);
    const before = await (async () => (await t.database.db.select().from(orders)).length)();
    // The same browser retrying from another network: the first answer and its cookie.
    const retry = await order(body, { key, cookie: mine, ip: '10.212.0.2' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.orderID).toBe(first.json().order.orderID);
    expect(String(retry.headers['set-cookie'])).toContain('shi-orders=');
    for (const cookie of ['shi-device=device-bbbbbbbbbbbbbbbb', undefined]) {
      const other = await order(body, { key, cookie, ip: '10.212.0.1' });
      expect(other.statusCode).toBe(409);
      expect(other.json().field).toBe('Idempotency-Key');
      expect(String(other.headers['set-cookie'] ?? '')).not.toContain('shi-orders=');
      expect(other.body).not.toContain(String(first.json().order.orderID));
    }
    // A first request without the device cookie belongs to the cookie its answer set.
    const bare = `test-key-${engine}-bare`;
    const body2 = payload({ products: [{ _id: id, count: 1 }] });
    const made = await order(body2, { key: bare, ip: '10.212.0.3' });
    expect(made.statusCode).toBe(200);
    const device = String(made.headers['set-cookie'])
      .split(/,(?=\s*shi-)/)
      .map((c) => c.trim().split(';')[0] ?? '')
      .find((c) => c.startsWith('shi-device='));
    expect(device).toBeTruthy();
    expect((await order(body2, { key: bare, ip: '10.212.0.4' })).statusCode).toBe(409);
    const again = await order(body2, { key: bare, cookie: device, ip: '10.212.0.4' });
    expect(again.json().order.orderID).toBe(made.json().order.orderID);
    expect(await (async () => (await t.database.db.select().from(orders)).length)()).toBe(before + 1);
  });

  it('never repeats a stored answer to a request without the device cookie, even from the same address', async () => {
    const body = payload({ products: [{ _id: await fresh(), count: 1 }] });
    const key = `test-key-${engine}-same-address`;
    const first = await order(body, { key, ip: '10.212.0.5' });
    expect(first.statusCode).toBe(200);
    // Another client behind the same address (CGNAT, an office) replays the key without a cookie.
    const replay = await order(body, { key, ip: '10.212.0.5' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ result: false, field: 'Idempotency-Key' });
    expect(String(replay.headers['set-cookie'] ?? '')).not.toContain('shi-orders=');
    expect(replay.body).not.toContain(String(first.json().order.orderID));
    // A failed answer gives the browser its device id too, so a retry after it is bound to it.
    const failed = await order(payload({ products: [{ _id: `${dress}-L`, count: 1 }] }), { key: `${key}-2` });
    expect(failed.statusCode).toBe(409);
    expect(String(failed.headers['set-cookie'])).toMatch(
      /shi-device=[\w-]{16,}; Path=\/; Max-Age=\d+; HttpOnly/,
    );
  });

  it('answers the payment result with the server’s state, and not found to a browser without access', async () => {
    const state = (number: number, opts: { cookie?: string; key?: string; lang?: string } = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/orders/payment-state?orderID=${number}${opts.key ? `&key=${opts.key}` : ''}`,
        headers: {
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.lang ? { 'accept-language': opts.lang } : {}),
        },
      });
    const id = await fresh();
    const res = await order(payload({ products: [{ _id: id, count: 1 }] }));
    const number = res.json().order.orderID as number;
    const cookie = cookieOf(res);
    expect((await state(number, { cookie })).json()).toEqual({
      result: true,
      data: { orderID: number, state: 'pending' },
    });
    const paid = await payInSandbox(res.json().url, 'pay');
    expect((await state(number, { cookie })).json().data.state).toBe('paid');
    // The payer's browser, with the key of the return address.
    const key = String(paid.json().url).match(/key=([\w-]+)/)?.[1];
    expect((await state(number, { key })).json().data.state).toBe('paid');
    const declined = await order(payload({ products: [{ _id: id, count: 1 }] }));
    await payInSandbox(declined.json().url, 'decline');
    expect(
      (await state(declined.json().order.orderID, { cookie: cookieOf(declined) })).json().data.state,
    ).toBe('failed');
    // Without access, and for a number that does not exist: the same neutral answer.
    const stranger = await state(number);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ result: false, message: 'Заказ не найден' });
    expect((await state(1_999_999_999, { cookie })).json()).toEqual(stranger.json());
    expect((await state(number, { key: 'x'.repeat(32) })).statusCode).toBe(404);
    expect((await state(number, { lang: 'en' })).json().message).toBe('Order not found');
  });

  it('keeps one pending cart reminder per phone, also under concurrent sign-ups', async () => {
    const add = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification/add',
        payload: { phone: '79994443322', products: [`${dress}-S`] },
        remoteAddress: ip,
      });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => add(`10.213.0.${i + 1}`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.phone, '79994443322'));
    expect(rows).toHaveLength(1);
  });

  it('limits cart reminder sign-ups per address and per phone', async () => {
    const add = (phone: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification/add',
        payload: { phone, products: [] },
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i++) {
      expect((await add(`7993${String(i).padStart(7, '0')}`, '10.214.0.1')).statusCode).toBe(200);
    }
    const refused = await add('79931111111', '10.214.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Слишком много запросов на напоминание. Попробуйте позже');
    expect(await t.database.db.$count(cartReminders, eq(cartReminders.phone, '79931111111'))).toBe(0);
    for (let i = 0; i < 5; i++) expect((await add('79932222222', `10.215.0.${i + 1}`)).statusCode).toBe(200);
    expect((await add('79932222222', '10.215.0.9')).statusCode).toBe(429);
  });
});
