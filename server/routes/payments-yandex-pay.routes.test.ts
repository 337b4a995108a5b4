import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orderEvents, orders, paymentNotifications } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { startYandexPayFake, type YandexPayFake } from '../../tests/fakes/yandex-pay-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';
import { YANDEX_PAY_WEBHOOK_PATH } from './payments-yandex-pay.routes.ts';

const baseEnv = {
  DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
};

describe('per-method payment configuration', () => {
  it('stops start-up naming each missing Yandex Pay variable', () => {
    expect(() => loadConfig({ ...baseEnv, PAYMENTS_SPLIT: 'yandex-pay' })).toThrow(
      /YANDEX_PAY_MERCHANT_ID: must be set when PAYMENTS_SPLIT=yandex-pay[\s\S]*YANDEX_PAY_API_KEY/,
    );
    expect(() => loadConfig({ ...baseEnv, PAYMENTS_CARD: 'tbank' })).toThrow(
      /TBANK_TERMINAL_KEY: must be set when PAYMENTS_CARD=tbank/,
    );
    expect(() =>
      loadConfig({
        ...baseEnv,
        PAYMENTS_CARD: 'off',
        PAYMENTS_SPLIT: 'off',
        PAYMENTS_INSTALMENT: 'off',
        PAYMENTS_BNPL: 'off',
      }),
    ).toThrow(/every payment method is off/);
  });

  it('keeps PAYMENTS_PROVIDER as the shorthand: tbank takes cards and switches the rest off', () => {
    const tbank = loadConfig({
      ...baseEnv,
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: 'T',
      TBANK_PASSWORD: 'p',
    });
    expect(tbank.payments).toEqual({
      card: 'tbank',
      sbp: 'off',
      split: 'off',
      instalment: 'off',
      bnpl: 'off',
    });
    expect(tbank.providers.payments).toBe('tbank');
    const mixed = loadConfig({
      ...baseEnv,
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: 'T',
      TBANK_PASSWORD: 'p',
      PAYMENTS_BNPL: 'sandbox',
    });
    expect(mixed.payments.bnpl).toBe('sandbox');
    // A method on the sandbox counts as a sandbox for the public-shop checks.
    expect(mixed.providers.payments).toBe('sandbox');
    // SBP is opt-in whatever the shorthand (docs/decisions/0036-sbp-and-two-stage-payments.md).
    expect(loadConfig(baseEnv).payments).toEqual({
      card: 'sandbox',
      sbp: 'off',
      split: 'sandbox',
      instalment: 'sandbox',
      bnpl: 'sandbox',
    });
  });

  it('refuses a sandbox method on a public shop, naming its variable', () => {
    expect(() =>
      loadConfig({
        ...baseEnv,
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://shop.example.ru',
        AUTH_SECRET: 'x'.repeat(40),
        PAYMENT_SANDBOX_SECRET: 'y'.repeat(40),
        SMS_PROVIDER: 'smsru',
        EMAIL_PROVIDER: 'smtp',
        PAYMENTS_CARD: 'tbank',
        TBANK_TERMINAL_KEY: 'T',
        TBANK_PASSWORD: 'p',
        PAYMENTS_SPLIT: 'sandbox',
      }),
    ).toThrow(/PAYMENTS_SPLIT: the sandbox must not serve a public shop/);
  });
});

describe.each(engines)('Yandex Pay and Split beside sandbox cards on %s', (engine) => {
  let fake: YandexPayFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    fake = await startYandexPayFake();
    database = await createTestDatabase(engine);
    const config = loadConfig({
      ...baseEnv,
      PAYMENTS_SPLIT: 'yandex-pay',
      YANDEX_PAY_MERCHANT_ID: fake.merchantId,
      YANDEX_PAY_API_KEY: fake.apiKey,
      YANDEX_PAY_API_URL: fake.apiUrl,
      YANDEX_PAY_JWKS_URL: fake.jwksUrl,
    });
    const providers = createProviders(
      { ...config, yandexPay: config.yandexPay && { ...config.yandexPay, jwksCooldownMs: 0 } },
      { outbox: createDbOutbox(database.db), db: database.db },
      { timeoutMs: 500 },
    );
    services = createServices({ db: database.db, providers, clock: () => now });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
    category = (await insertCategory(database.db)).slug;
    manager = await insertStaff(database.db, { role: 'manager' });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await fake.close();
  });

  let shopper = 0;
  let phone = '';
  beforeEach(() => {
    shopper += 1;
    phone = `7996${String(shopper).padStart(7, '0')}`;
    now = new Date('2026-11-20T09:00:00Z');
    fake.delayMs = 0;
    fake.failure = null;
  });
  const variant = async (price: number) => {
    const g = await insertProductGroup(database.db, { categorySlug: category, price }, [
      { size: 'S', stock: 10 },
    ]);
    return `${g.id}-S`;
  };
  const place = async (body: Record<string, unknown> = {}, lang?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.8.0.${shopper}`,
      headers: lang ? { 'accept-language': lang } : {},
      payload: {
        getWay: 'self',
        payment: 'split',
        fullName: 'Иванова Анна',
        phone,
        email: 'anna@example.ru',
        consent: true,
        products: [{ _id: await variant(4_990_00), count: 2 }],
        ...body,
      },
    });
  const webhook = (token: string) =>
    app.inject({
      method: 'POST',
      url: YANDEX_PAY_WEBHOOK_PATH,
      headers: { 'content-type': 'application/octet-stream' },
      payload: token,
    });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  const placed = async () => {
    const res = await place();
    expect(res.statusCode).toBe(200);
    return res.json().order.orderID as number;
  };
  const paidEvents = async (number: number) =>
    (await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number))).filter(
      (e) => e.toStatus === 'paid',
    ).length;

  it('creates the Yandex Pay order with the receipt’s cart and sends the shopper to its page', async () => {
    const res = await place();
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    expect(res.json().url).toBe(`${fake.url}/pay/${number}`);
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'yandex-pay' });
    const create = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/orders')).at(-1);
    expect(create?.headers.authorization).toBe(`Api-Key ${fake.apiKey}`);
    expect(create?.body).toMatchObject({
      orderId: String(number),
      currencyCode: 'RUB',
      cart: { total: { amount: ((order?.total ?? 0) / 100).toFixed(2) } },
      redirectUrls: { onSuccess: expect.stringMatching(/^http:\/\/localhost:3000\/\?success=true/) },
    });
  });

  it('routes each kind to its provider; payment by phone only where a provider takes it', async () => {
    expect(services.payments.kinds).toEqual(['card', 'split', 'instalment', 'bnpl', 'phone']);
    const tbankOnly = createProviders(
      loadConfig({ ...baseEnv, PAYMENTS_PROVIDER: 'tbank', TBANK_TERMINAL_KEY: 'T', TBANK_PASSWORD: 'p' }),
      { outbox: createDbOutbox(database.db), db: database.db },
    );
    expect(tbankOnly.payments.provider.kinds).toEqual(['card']);
    expect(tbankOnly.payments.sandbox).toBeNull();
    await expect(
      tbankOnly.payments.provider.startPayment({
        orderNumber: 1,
        kind: 'phone',
        amount: 100_00,
        lines: [],
        successUrl: '/ok',
        failUrl: '/fail',
      }),
    ).rejects.toMatchObject({ field: 'payment' });
  });

  it('still takes cards on the sandbox beside it', async () => {
    const res = await place({ payment: 'online' });
    expect(res.statusCode).toBe(200);
    expect((await orderOf(res.json().order.orderID))?.paymentProvider).toBe('sandbox');
  });

  it('pays the order once on a signed webhook, re-reading the order, and a replay changes nothing', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    const token = await fake.webhook(String(number));
    const first = await webhook(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success' });
    expect((await orderOf(number))?.status).toBe('paid');
    expect((await webhook(token)).statusCode).toBe(200);
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
    const notices = await database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.provider).toBe('yandex-pay');
  });

  it('refuses a forged, foreign-merchant or expired webhook and changes nothing', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    const forged = await webhook(await fake.webhook(String(number), { foreignKey: true }));
    expect(forged.statusCode).toBe(401);
    expect(
      (await webhook(await fake.webhook(String(number), { merchantId: 'someone-else' }))).statusCode,
    ).toBe(401);
    expect((await webhook(await fake.webhook(String(number), { expiresIn: -60 }))).statusCode).toBe(401);
    const genuine = await fake.webhook(String(number));
    const [h, p] = genuine.split('.');
    expect((await webhook(`${h}.${p}.${'A'.repeat(86)}`)).statusCode).toBe(401);
    expect((await webhook('not a token')).statusCode).toBe(401);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('treats the webhook as a hint: a claimed capture the API does not confirm changes nothing', async () => {
    const number = await placed();
    const res = await webhook(await fake.webhook(String(number), { paymentStatus: 'CAPTURED' }));
    expect(res.statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('does not pay an order whose captured amount differs', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    const held = fake.orders.get(String(number));
    if (held) held.amount = 100;
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('fails the order on a failed payment, and a late capture notice of it is a duplicate', async () => {
    const number = await placed();
    fake.settle(String(number), 'FAILED');
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('reads the keys again when Yandex rotates them', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    const reads = fake.jwksReads;
    await fake.rotate();
    const res = await webhook(await fake.webhook(String(number)));
    expect(res.statusCode).toBe(200);
    expect(fake.jwksReads).toBeGreaterThan(reads);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('asks Yandex for orders whose webhook never came, and applies them once', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    now = new Date('2026-11-20T09:04:00Z');
    expect(await services.orders.checkAwaitingPayments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('paid');
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
  });

  it('refunds a cancelled paid order in full with v1: orderAmount after the refund is zero, no cart left', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    await webhook(await fake.webhook(String(number)));
    const order = await orderOf(number);
    expect(order?.status).toBe('paid');
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: manager.headers,
      payload: { version: order?.version, from: 'paid', to: 'cancelled', reason: 'customer asked' },
    });
    expect(res.statusCode).toBe(200);
    const refunds = fake.calls.filter((c) => c.path === `/api/merchant/v1/orders/${number}/refund`);
    expect(refunds).toHaveLength(1);
    const body = refunds[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      orderAmount: '0.00',
      refundAmount: ((order?.total ?? 0) / 100).toFixed(2),
    });
    expect(String(body.externalOperationId).length).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('targetCart');
    expect(body).not.toHaveProperty('cart');
    expect(fake.orders.get(String(number))?.paymentStatus).toBe('REFUNDED');
  });

  it('closes the Yandex order of an order that expires unpaid with rollback', async () => {
    const number = await placed();
    now = new Date('2026-11-27T10:00:00Z');
    expect(await services.orders.expireOverdue()).toBeGreaterThan(0);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    expect(fake.calls.some((c) => c.path === `/api/merchant/v1/orders/${number}/rollback`)).toBe(true);
    expect(fake.calls.some((c) => c.path === `/api/merchant/v1/orders/${number}/cancel`)).toBe(false);
    expect(fake.orders.get(String(number))?.paymentStatus).toBe('FAILED');
  });

  it('pays the order on a genuine webhook after an ignored one of another amount', async () => {
    const number = await placed();
    fake.settle(String(number), 'CAPTURED');
    const held = fake.orders.get(String(number));
    const amount = held?.amount ?? 0;
    if (held) held.amount = 100;
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    if (held) held.amount = amount;
    expect((await webhook(await fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('tells the shopper in their language when Yandex Pay is slow, and the order can be paid later', async () => {
    fake.delayMs = 1_500;
    const started = Date.now();
    const res = await place({}, 'ru');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Платёжный сервис/);
    fake.delayMs = 0;
  });

  it('tells the shopper when Yandex Pay fails, and nothing is left half-started', async () => {
    fake.failure = 'http500';
    const res = await place({}, 'ru');
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    fake.failure = null;
    const rows = await database.db.select().from(orders).where(eq(orders.phone, phone));
    for (const row of rows) expect(row.paymentId ?? '').not.toMatch(/^claim-/);
  });
});
