import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { insertProductGroup } from '../../tests/factories/catalogue.ts';
import { startFormaFake } from '../../tests/fakes/forma-fake.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { paymentTestEnv as baseEnv, usePaymentShop } from '../../tests/support/payment-shop.ts';

describe('Forma configuration', () => {
  it('stops start-up naming each missing Forma variable', () => {
    expect(() => loadConfig({ ...baseEnv, PAYMENTS_INSTALMENT: 'forma', FORMA_SHOP_ID: 's' })).toThrow(
      /FORMA_SHOWCASE_ID: must be set when PAYMENTS_INSTALMENT=forma[\s\S]*FORMA_PASSWORD/,
    );
  });
});

describe.each(engines)('T-Bank instalment through Forma on %s', (engine) => {
  const shop = usePaymentShop(engine, {
    fake: () => startFormaFake(),
    env: (fake) => ({
      PAYMENTS_INSTALMENT: 'forma',
      FORMA_SHOP_ID: fake.shopId,
      FORMA_SHOWCASE_ID: fake.showcaseId,
      FORMA_PASSWORD: fake.password,
      FORMA_API_URL: fake.apiUrl,
    }),
    settings: (docs) => {
      docs.main.payments = { ...docs.main.payments, tinkoff: true };
    },
    reset: (fake) => {
      fake.delayMs = 0;
      fake.failure = null;
    },
    order: { payment: 'tinkoff' },
  });
  const { orderOf, paidEvents } = shop;
  /** The order (payment `tinkoff`), then the instalment form for the term's promo code. */
  const apply = async (promoCode = 'installment_0_0_6_6,5', lang = 'ru') => {
    const g = await insertProductGroup(
      shop.db,
      { categorySlug: shop.category, price: 7_990_00, name: { ru: 'Платье «Осень» "midi"', en: 'Dress' } },
      [{ size: 'S', stock: 10 }],
    );
    const { number, cookie } = await shop.placed({ products: [{ _id: `${g.id}-S`, count: 2 }] }, lang);
    const started = await shop.app.inject({
      method: 'POST',
      url: '/api/payment/create-tinkoff-order',
      headers: { cookie, 'accept-language': lang },
      payload: { orderNumber: number, promoCode },
    });
    return { number, started };
  };
  const webhook = (number: number | string, body: object = { id: 'x', status: 'signed' }) =>
    shop.app.inject({ method: 'POST', url: `/api/payment/notify/forma/${number}`, payload: body });

  it('creates the application with the term’s promo code, the receipt’s lines without quotes', async () => {
    const { number, started } = await apply('installment_0_0_4_4,5');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ result: true, data: `${shop.fake.url}/form/${number}` });
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'forma' });
    const create = shop.fake.applications.get(String(number))?.create as {
      sum: number;
      promoCode: string;
      items: { name: string; price: number; quantity: number }[];
      webhookURL: string;
    };
    expect(create.promoCode).toBe('installment_0_0_4_4,5');
    expect(Math.round(create.sum * 100)).toBe(order?.total);
    expect(create.items[0]).toMatchObject({ name: expect.not.stringMatching(/["'«»]/), quantity: 2 });
    expect(create.items[0]?.name).toContain('Осень');
    expect(create.webhookURL).toBe(`http://localhost:3000/api/payment/notify/forma/${number}`);
  });

  it('waits while the bank approves, commits and pays once signed, once however often the webhook comes', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'approved');
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    shop.fake.decide(String(number), 'signed');
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
    expect(shop.fake.applications.get(String(number))?.committed).toBe(true);
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await webhook(number)).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
    const commits = shop.fake.calls.filter((c) => c.path.endsWith(`/${number}/commit`));
    expect(commits).toHaveLength(1);
    expect(commits[0]?.authorization).toBe(
      `Basic ${Buffer.from(`${shop.fake.showcaseId}:${shop.fake.password}`).toString('base64')}`,
    );
  });

  it('takes the webhook only as a hint: a forged "signed" body changes nothing', async () => {
    const { number } = await apply();
    expect((await webhook(number, { id: 'forged', status: 'signed', committed: true })).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await webhook(999_999, { status: 'signed' })).statusCode).toBe(200);
  });

  it('answers 400 to an address naming no order the shop could have sent, and reads nothing', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'signed');
    const calls = shop.fake.calls.length;
    for (const path of ['2147483648', '99999999999', 'abc', '-1']) {
      const res = await webhook(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ result: false, message: 'The address names no order of this shop' });
    }
    expect(shop.fake.calls.length).toBe(calls);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await webhook(number)).json()).toEqual({ result: true });
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('fails the order when no bank gives the credit, and a later webhook changes nothing', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'rejected');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('fails the order when the shopper cancels the application', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'canceled');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('answers an error while Forma cannot be reached, so the webhook comes again, and nothing changes', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'signed');
    shop.fake.failure = 'http500';
    expect((await webhook(number)).statusCode).toBeGreaterThanOrEqual(500);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    shop.fake.failure = null;
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('asks Forma for applications whose webhook never came', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'signed');
    shop.now = new Date('2026-11-20T09:04:00Z');
    expect(await shop.services.orders.checkAwaitingPayments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('paid');
    await webhook(number);
    expect(await paidEvents(number)).toBe(1);
  });

  it('returns the credit whole from the back office by cancelling the application', async () => {
    const { number } = await apply();
    shop.fake.decide(String(number), 'signed');
    await webhook(number);
    const order = await orderOf(number);
    expect(order?.status).toBe('paid');
    const res = await shop.step(number, { from: 'paid', to: 'cancelled', reason: 'customer asked' });
    expect(res.statusCode).toBe(200);
    expect(shop.fake.calls.filter((c) => c.path.endsWith(`/${number}/cancel`))).toHaveLength(1);
    expect(shop.fake.applications.get(String(number))?.status).toBe('canceled');
  });

  it('tells the shopper in their language when Forma is slow, and the form can be opened again', async () => {
    shop.fake.delayMs = 1_500;
    const started = Date.now();
    const { number, started: res } = await apply('installment_0_0_3_4', 'ru');
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Платёжный сервис/);
    shop.fake.delayMs = 0;
    expect((await orderOf(number))?.paymentId).toBeNull();
  });
});
