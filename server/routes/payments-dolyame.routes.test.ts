import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { createDolyamePayments } from '../../core/providers/payments/dolyame-payments.ts';
import { startDolyameFake } from '../../tests/fakes/dolyame-fake.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { paymentTestEnv as baseEnv, usePaymentShop } from '../../tests/support/payment-shop.ts';
import { useFake } from '../../tests/support/use-fake.ts';

describe('Dolyame configuration and mutual TLS', () => {
  const fake = useFake(startDolyameFake);

  it('stops start-up naming each missing Dolyame variable', () => {
    expect(() => loadConfig({ ...baseEnv, PAYMENTS_BNPL: 'dolyame', DOLYAME_LOGIN: 'l' })).toThrow(
      /DOLYAME_PASSWORD: must be set when PAYMENTS_BNPL=dolyame[\s\S]*DOLYAME_CERT_PATH[\s\S]*DOLYAME_KEY_PATH/,
    );
  });

  it('is refused by Dolyame without the shop’s client certificate', async () => {
    const stranger = createDolyamePayments({
      login: fake.login,
      password: fake.password,
      certPath: fake.foreignCertPath,
      keyPath: fake.foreignKeyPath,
      caPath: fake.caPath,
      apiUrl: fake.apiUrl,
      publicUrl: 'http://localhost:3000',
    });
    await expect(
      stranger.provider.startPayment({
        orderNumber: 1,
        kind: 'bnpl',
        amount: 100_00,
        lines: [{ name: 'Платье', count: 1, price: 100_00 }],
        successUrl: '/ok',
        failUrl: '/fail',
      }),
    ).rejects.toThrow(/HTTP 403/);
    expect(fake.orders.size).toBe(0);
    stranger.close();
  });
});

describe.each(engines)('Dolyame on %s', (engine) => {
  const shop = usePaymentShop(engine, {
    fake: () => startDolyameFake(),
    env: (fake) => ({
      PAYMENTS_BNPL: 'dolyame',
      DOLYAME_LOGIN: fake.login,
      DOLYAME_PASSWORD: fake.password,
      DOLYAME_CERT_PATH: fake.certPath,
      DOLYAME_KEY_PATH: fake.keyPath,
      DOLYAME_CA_PATH: fake.caPath,
      DOLYAME_API_URL: fake.apiUrl,
    }),
    reset: (fake) => {
      fake.delayMs = 0;
      fake.failure = null;
    },
    order: { payment: 'dolyame' },
    product: { price: 5_990_00, count: 3 },
  });
  const { orderOf, paidEvents } = shop;
  /** The order (payment `dolyame`), then Dolyame's order for it. */
  const start = async () => {
    const { number, cookie } = await shop.placed();
    const started = await shop.app.inject({
      method: 'POST',
      url: '/api/dolyame/create',
      headers: { cookie },
      payload: { orderID: number },
    });
    return { number, started };
  };
  const notify = (
    number: number | string,
    body: object = { status: 'completed' },
    prefix = '/api/payment/notify/dolyame',
  ) => shop.app.inject({ method: 'POST', url: `${prefix}/${number}`, payload: body });
  const step = (number: number, from: string, to: string) => shop.step(number, { from, to, reason: 'test' });

  it('creates the order over mutual TLS with the receipt’s lines and sends the shopper to its page', async () => {
    const { number, started } = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ result: true, data: `${shop.fake.url}/pay/${number}` });
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'dolyame' });
    const create = shop.fake.orders.get(String(number))?.create as {
      order: { amount: number; items: { price: number; quantity: number }[] };
      notification_url: string;
    };
    expect(Math.round(create.order.amount * 100)).toBe(order?.total);
    expect(create.notification_url).toBe(`http://localhost:3000/api/payment/notify/dolyame/${number}`);
  });

  it('pays once when the first part is held, re-reading the order; forged or replayed notices change nothing', async () => {
    const { number } = await start();
    expect((await notify(number, { status: 'wait_for_commit', amount: 1 })).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    shop.fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    await notify(number);
    expect((await orderOf(number))?.status).toBe('paid');
    expect(await paidEvents(number)).toBe(1);
  });

  it('answers 400 to an address naming no order the shop could have sent, and reads nothing', async () => {
    const { number } = await start();
    shop.fake.decide(String(number), 'wait_for_commit');
    const calls = shop.fake.calls.length;
    for (const path of ['2147483648', '99999999999', '0', 'abc', `${number}x`]) {
      const res = await notify(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ result: false, message: 'The address names no order of this shop' });
    }
    expect(
      (await shop.app.inject({ method: 'POST', url: '/api/payment/notify/dolyame', payload: {} })).statusCode,
    ).toBe(400);
    expect(shop.fake.calls.length).toBe(calls);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    // The order's own address, with or without a trailing slash, is read back and applied.
    expect((await notify(`${number}/`)).json()).toEqual({ result: true });
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('does not pay an order Dolyame holds another amount for', async () => {
    const { number } = await start();
    shop.fake.decide(String(number), 'wait_for_commit');
    const held = shop.fake.orders.get(String(number));
    if (held) held.amount = 100;
    await notify(number);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('fails the order when Dolyame rejects it', async () => {
    const { number } = await start();
    shop.fake.decide(String(number), 'rejected');
    await notify(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('commits the held order with its lines when the goods are handed over, and refunds with the receipt', async () => {
    const { number } = await start();
    shop.fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    expect((await step(number, 'paid', 'ready_for_pickup')).statusCode).toBe(200);
    expect(shop.fake.orders.get(String(number))?.status).toBe('wait_for_commit');
    expect((await step(number, 'ready_for_pickup', 'delivered')).statusCode).toBe(200);
    const held = shop.fake.orders.get(String(number));
    expect(held?.status).toBe('committed');
    const order = await orderOf(number);
    const commit = held?.commit as { amount: number; items: { price: number; quantity: number }[] };
    expect(Math.round(commit.amount * 100)).toBe(order?.total);
    const receipt = await shop.services.orders.paymentReceipt(number);
    const payments = shop.providers.payments.provider;
    const first = await payments.refund(`dolyame-${number}`, 5_990_00, 'refund-key-1', receipt ?? undefined);
    expect(first.status).toBe('succeeded');
    const again = await payments.refund(`dolyame-${number}`, 5_990_00, 'refund-key-1', receipt ?? undefined);
    expect(again).toEqual(first);
    expect(held?.refunded).toBe(5_990_00);
    const refund = shop.fake.calls.filter((c) => c.path.endsWith('/refund')).at(-1);
    expect(refund?.correlationId).toBe('refund-key-1');
    const body = (refund?.body ?? {}) as { returned_items?: { price: number; quantity: number }[] };
    const returned = body.returned_items;
    expect(returned?.length).toBeGreaterThan(0);
  });

  it('cancels a held order whole when a paid order is cancelled before hand-over', async () => {
    const { number } = await start();
    shop.fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    expect((await step(number, 'paid', 'cancelled')).statusCode).toBe(200);
    expect(shop.fake.orders.get(String(number))?.status).toBe('canceled');
  });

  it('tells the shopper when Dolyame is slow, and the order can be started again', async () => {
    shop.fake.delayMs = 1_500;
    const begun = Date.now();
    const { number, started } = await start();
    expect(Date.now() - begun).toBeLessThan(4_000);
    expect(started.statusCode).toBe(503);
    expect(started.json().message).toMatch(/Платёжный сервис/);
    shop.fake.delayMs = 0;
    expect((await orderOf(number))?.paymentId).toBeNull();
  });
});
