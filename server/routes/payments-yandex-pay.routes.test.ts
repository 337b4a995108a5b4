import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orders, paymentNotifications } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { startYandexPayFake } from '../../tests/fakes/yandex-pay-fake.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { paymentTestEnv as baseEnv, usePaymentShop } from '../../tests/support/payment-shop.ts';

/** Yandex Pay's address: the callback URL entered in its cabinet, then `/v1/webhook` as Yandex adds it. */
const CALLBACK_URL = '/api/payment/notify/yandex-pay';
const WEBHOOK_URL = `${CALLBACK_URL}/v1/webhook`;

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
  const shop = usePaymentShop(engine, {
    fake: () => startYandexPayFake(),
    env: (fake) => ({
      PAYMENTS_SPLIT: 'yandex-pay',
      YANDEX_PAY_MERCHANT_ID: fake.merchantId,
      YANDEX_PAY_API_KEY: fake.apiKey,
      YANDEX_PAY_API_URL: fake.apiUrl,
      YANDEX_PAY_JWKS_URL: fake.jwksUrl,
    }),
    config: (config) => ({
      ...config,
      yandexPay: config.yandexPay && { ...config.yandexPay, jwksCooldownMs: 0 },
    }),
    reset: (fake) => {
      fake.delayMs = 0;
      fake.failure = null;
    },
    order: { payment: 'split' },
    product: { price: 4_990_00, count: 2 },
  });
  const { place, orderOf, paidEvents } = shop;
  const webhook = (token: string, url = WEBHOOK_URL) =>
    shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: token,
    });
  const placed = async () => (await shop.placed()).number;

  it('creates the Yandex Pay order with the receipt’s cart and sends the shopper to its page', async () => {
    const res = await place();
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    expect(res.json().url).toBe(`${shop.fake.url}/pay/${number}`);
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'yandex-pay' });
    const create = shop.fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/orders')).at(-1);
    expect(create?.headers.authorization).toBe(`Api-Key ${shop.fake.apiKey}`);
    expect(create?.body).toMatchObject({
      orderId: String(number),
      currencyCode: 'RUB',
      cart: { total: { amount: ((order?.total ?? 0) / 100).toFixed(2) } },
      redirectUrls: { onSuccess: expect.stringMatching(/^http:\/\/localhost:3000\/\?success=true/) },
    });
  });

  it('routes each kind to its provider; payment by phone only where a provider takes it', async () => {
    expect(shop.services.payments.kinds).toEqual(['card', 'split', 'instalment', 'bnpl', 'phone']);
    const tbankOnly = createProviders(
      loadConfig({ ...baseEnv, PAYMENTS_PROVIDER: 'tbank', TBANK_TERMINAL_KEY: 'T', TBANK_PASSWORD: 'p' }),
      { outbox: createDbOutbox(shop.db), db: shop.db },
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
    shop.fake.settle(String(number), 'CAPTURED');
    const token = await shop.fake.webhook(String(number));
    const first = await webhook(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success' });
    expect((await orderOf(number))?.status).toBe('paid');
    expect((await webhook(token)).statusCode).toBe(200);
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
    const notices = await shop.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.provider).toBe('yandex-pay');
  });

  it('takes the webhook at the callback URL itself as at its /v1/webhook alias', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    const forged = await webhook(await shop.fake.webhook(String(number), { foreignKey: true }), CALLBACK_URL);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      status: 'fail',
      reasonCode: 'UNAUTHORIZED',
      reason: 'Invalid webhook token',
    });
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    const res = await webhook(await shop.fake.webhook(String(number)), CALLBACK_URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('sends the sandbox’s signed notice of a card payment to the sandbox, beside Yandex Pay', async () => {
    const res = await place({ payment: 'online' });
    const number = res.json().order.orderID as number;
    const token = String(res.json().url).split('/').pop();
    const paid = await shop.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${token}`,
      payload: { decision: 'pay' },
    });
    expect(paid.statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
    const [notice] = await shop.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notice?.provider).toBe('sandbox');
  });

  it('refuses a forged, foreign-merchant or expired webhook and changes nothing', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    const forged = await webhook(await shop.fake.webhook(String(number), { foreignKey: true }));
    expect(forged.statusCode).toBe(401);
    expect(
      (await webhook(await shop.fake.webhook(String(number), { merchantId: 'someone-else' }))).statusCode,
    ).toBe(401);
    expect((await webhook(await shop.fake.webhook(String(number), { expiresIn: -60 }))).statusCode).toBe(401);
    const genuine = await shop.fake.webhook(String(number));
    const [h, p] = genuine.split('.');
    expect((await webhook(`${h}.${p}.${'A'.repeat(86)}`)).statusCode).toBe(401);
    expect((await webhook('not a token')).statusCode).toBe(401);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('treats the webhook as a hint: a claimed capture the API does not confirm changes nothing', async () => {
    const number = await placed();
    const res = await webhook(await shop.fake.webhook(String(number), { paymentStatus: 'CAPTURED' }));
    expect(res.statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('does not pay an order whose captured amount differs', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    const held = shop.fake.orders.get(String(number));
    if (held) held.amount = 100;
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('fails the order on a failed payment, and a late capture notice of it is a duplicate', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'FAILED');
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('reads the keys again when Yandex rotates them', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    const reads = shop.fake.jwksReads;
    await shop.fake.rotate();
    const res = await webhook(await shop.fake.webhook(String(number)));
    expect(res.statusCode).toBe(200);
    expect(shop.fake.jwksReads).toBeGreaterThan(reads);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('asks Yandex for orders whose webhook never came, and applies them once', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    shop.now = new Date('2026-11-20T09:04:00Z');
    expect(await shop.services.orders.checkAwaitingPayments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('paid');
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
  });

  it('refunds a cancelled paid order in full with v1: orderAmount after the refund is zero, no cart left', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    await webhook(await shop.fake.webhook(String(number)));
    const order = await orderOf(number);
    expect(order?.status).toBe('paid');
    const res = await shop.step(number, { from: 'paid', to: 'cancelled', reason: 'customer asked' });
    expect(res.statusCode).toBe(200);
    const refunds = shop.fake.calls.filter((c) => c.path === `/api/merchant/v1/orders/${number}/refund`);
    expect(refunds).toHaveLength(1);
    const body = refunds[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      orderAmount: '0.00',
      refundAmount: ((order?.total ?? 0) / 100).toFixed(2),
    });
    expect(String(body.externalOperationId).length).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('targetCart');
    expect(body).not.toHaveProperty('cart');
    expect(shop.fake.orders.get(String(number))?.paymentStatus).toBe('REFUNDED');
  });

  it('closes the Yandex order of an order that expires unpaid with rollback', async () => {
    const number = await placed();
    shop.now = new Date('2026-11-27T10:00:00Z');
    expect(await shop.services.orders.expireOverdue()).toBeGreaterThan(0);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    expect(shop.fake.calls.some((c) => c.path === `/api/merchant/v1/orders/${number}/rollback`)).toBe(true);
    expect(shop.fake.calls.some((c) => c.path === `/api/merchant/v1/orders/${number}/cancel`)).toBe(false);
    expect(shop.fake.orders.get(String(number))?.paymentStatus).toBe('FAILED');
  });

  it('pays the order on a genuine webhook after an ignored one of another amount', async () => {
    const number = await placed();
    shop.fake.settle(String(number), 'CAPTURED');
    const held = shop.fake.orders.get(String(number));
    const amount = held?.amount ?? 0;
    if (held) held.amount = 100;
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    if (held) held.amount = amount;
    expect((await webhook(await shop.fake.webhook(String(number)))).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('tells the shopper in their language when Yandex Pay is slow, and the order can be paid later', async () => {
    shop.fake.delayMs = 1_500;
    const started = Date.now();
    const res = await place({}, 'ru');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Платёжный сервис/);
    shop.fake.delayMs = 0;
  });

  it('tells the shopper when Yandex Pay fails, and nothing is left half-started', async () => {
    shop.fake.failure = 'http500';
    const res = await place({}, 'ru');
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    shop.fake.failure = null;
    const rows = await shop.db.select().from(orders).where(eq(orders.phone, shop.phone));
    for (const row of rows) expect(row.paymentId ?? '').not.toMatch(/^claim-/);
  });
});
