import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { useTbankShop } from '../../tests/support/payment-shop.ts';
import { buildApp } from '../app.ts';

// SBP through T-Bank (docs/decisions/0036-sbp-and-two-stage-payments.md): Init with the receipt, then
// GetQr for the payment's SBP link; notifications, polling and refunds as for cards.
describe.each(engines)('SBP payments through T-Bank on %s', (engine) => {
  const shop = useTbankShop(engine, {
    env: { PAYMENTS_SBP: 'tbank' },
    timeoutMs: 2_000,
    // Switched on in the Russian edition only.
    settings: (docs) => {
      docs.main.payments.sbp = ['ru'];
    },
    order: { payment: 'sbp' },
    product: { price: 3_490_00, count: 2 },
  });
  const { place, notify, orderOf, eventsOf } = shop;
  const placed = () => shop.placedInBank();
  const stateOf = async (number: number, cookie: string) =>
    (
      await shop.app.inject({
        method: 'GET',
        url: `/api/orders/payment-state?orderID=${number}`,
        headers: { cookie },
      })
    ).json().data.state;

  it('starts with Init and its receipt, then GetQr: the answer carries the payment’s SBP link', async () => {
    const { res, number, bankId } = await placed();
    const order = await orderOf(number);
    expect(order?.status).toBe('awaiting_payment');
    expect(order?.payment).toBe('sbp');
    expect(res.json().url).toBe(`${shop.fake.url}/sbp/${bankId}`);
    const init = shop.fake.calls.filter((c) => c.method === 'Init').at(-1)?.body as {
      Amount: number;
      PayType: string;
      Receipt: { Items: { Amount: number }[] };
    };
    expect(init.Amount).toBe(order?.total);
    expect(init.PayType).toBe('O');
    expect(init.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(order?.total);
    const qr = shop.fake.calls.filter((c) => c.method === 'GetQr').at(-1)?.body;
    // Signed as every call (the fake refuses a wrong token), for the payment Init made.
    expect(qr).toMatchObject({ TerminalKey: shop.fake.terminalKey, PaymentId: bankId, DataType: 'PAYLOAD' });
    expect(qr?.Token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the bank’s signed notice pays the order once; the checkout’s polling then reads paid', async () => {
    const { number, bankId, cookie } = await placed();
    expect(await stateOf(number, cookie)).toBe('pending');
    // The shopper pays in the bank app: the fake notifies the shop.
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    const first = await notify(shop.fake.notification(bankId, 'CONFIRMED'));
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    expect(await stateOf(number, cookie)).toBe('paid');
    // A replay is answered OK and changes nothing.
    const replay = await notify(shop.fake.notification(bankId, 'CONFIRMED'));
    expect(replay.body).toBe('OK');
    const paid = await eventsOf(number);
    expect(paid.filter((e) => e.toStatus === 'paid' && e.fromStatus !== 'paid')).toHaveLength(1);
  });

  it('refuses a forged notice and ignores a signed one of another amount', async () => {
    const { number, bankId } = await placed();
    const forged = { ...shop.fake.notification(bankId, 'CONFIRMED'), Amount: 1 };
    expect((await notify(forged)).statusCode).toBe(401);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    const order = await orderOf(number);
    const wrong = shop.fake.notification(bankId, 'CONFIRMED', { Amount: (order?.total ?? 0) - 100 });
    expect((await notify(wrong)).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    const events = await eventsOf(number);
    expect(events.some((e) => /does not match the total/.test(e.cause))).toBe(true);
  });

  it('asks the bank for a payment whose notice never came', async () => {
    const { number, bankId } = await placed();
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    shop.now = new Date(shop.now.getTime() + 5 * 60_000);
    expect(await shop.services.orders.checkAwaitingPayments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('paid');
    // The late notice is a duplicate.
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('a terminal without SBP: a clear 503, the bank’s payment closed, the order can be started again', async () => {
    shop.fake.qrFailure = true;
    const res = await place({}, 'en');
    // SBP is off in the English edition: refused before anything is stored.
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('payment');
    const before = shop.fake.calls.length;
    const ru = await place({}, 'ru');
    expect(ru.statusCode).toBe(503);
    expect(ru.json().message).toBe(
      'Не удалось начать оплату через СБП. Выберите другой способ или попробуйте позже',
    );
    const calls = shop.fake.calls.slice(before).map((c) => c.method);
    expect(calls).toEqual(['Init', 'GetQr', 'Cancel']);
    const initId = [...shop.fake.payments.values()].at(-1)?.paymentId ?? '';
    expect(shop.fake.payments.get(initId)?.status).toBe('CANCELED');
  });
});

describe.each(engines)('SBP on the sandbox on %s', (engine) => {
  const apps: { database: TestDatabase; app: Awaited<ReturnType<typeof buildApp>>; services: Services }[] =
    [];
  /** A shop with SBP switched on in Russian; `sbp` is its PAYMENTS_SBP. */
  async function shop(sbp?: 'sandbox') {
    const database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      ...(sbp ? { PAYMENTS_SBP: sbp } : {}),
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services = createServices({
      db: database.db,
      providers,
      clock: () => new Date('2026-11-20T09:00:00Z'),
    });
    const app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    const docs = buildSettings();
    docs.main.payments.sbp = ['ru'];
    await insertSettings(database.db, docs);
    const category = (await insertCategory(database.db)).slug;
    const g = await insertProductGroup(database.db, { categorySlug: category, price: 2_000_00 }, [
      { size: 'S', stock: 10 },
    ]);
    apps.push({ database, app, services });
    const place = (payment: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment',
        payload: {
          getWay: 'self',
          payment,
          fullName: 'Иванова Анна',
          phone: '79990001122',
          email: 'anna@example.ru',
          consent: true,
          products: [{ _id: `${g.id}-S`, count: 1 }],
        },
      });
    return { services, place };
  }
  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.destroy();
    }
  });

  it('is not taken while PAYMENTS_SBP is unset, whatever the settings say', async () => {
    const { services, place } = await shop();
    expect(services.payments.kinds).not.toContain('sbp');
    const res = await place('sbp');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('payment');
    expect((await place('online')).statusCode).toBe(200);
  });

  it('with PAYMENTS_SBP=sandbox opens the sandbox’s page as the SBP link', async () => {
    const { services, place } = await shop('sandbox');
    const res = await place('sbp');
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/sandbox\/pay\/[\w-]+$/);
    expect((await services.payments.sandboxSession(url.split('/').pop() ?? ''))?.kind).toBe('sbp');
  });
});

describe('SBP configuration', () => {
  it('needs the T-Bank terminal when PAYMENTS_SBP=tbank, naming the variables', () => {
    expect(() =>
      loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_PROVIDER: 'sandbox', PAYMENTS_SBP: 'tbank' }),
    ).toThrow(/TBANK_TERMINAL_KEY: must be set when PAYMENTS_SBP=tbank/);
  });
});
