import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orderEvents, orders } from '../../core/db/schema/index.ts';
import { createProviders, type Providers } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createDolyamePayments } from '../../core/providers/payments/dolyame-payments.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { type DolyameFake, startDolyameFake } from '../../tests/fakes/dolyame-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

const baseEnv = {
  DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
};

describe('Dolyame configuration and mutual TLS', () => {
  let fake: DolyameFake;
  beforeAll(async () => {
    fake = await startDolyameFake();
  });
  afterAll(async () => {
    await fake.close();
  });

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
  let fake: DolyameFake;
  let database: TestDatabase;
  let services: Services;
  let providers: Providers;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    fake = await startDolyameFake();
    database = await createTestDatabase(engine);
    const config = loadConfig({
      ...baseEnv,
      PAYMENTS_BNPL: 'dolyame',
      DOLYAME_LOGIN: fake.login,
      DOLYAME_PASSWORD: fake.password,
      DOLYAME_CERT_PATH: fake.certPath,
      DOLYAME_KEY_PATH: fake.keyPath,
      DOLYAME_CA_PATH: fake.caPath,
      DOLYAME_API_URL: fake.apiUrl,
    });
    providers = createProviders(
      config,
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
    providers.payments.dolyame?.close();
    await database.destroy();
    await fake.close();
  });

  let shopper = 0;
  let phone = '';
  beforeEach(() => {
    shopper += 1;
    phone = `7994${String(shopper).padStart(7, '0')}`;
    now = new Date('2026-11-20T09:00:00Z');
    fake.delayMs = 0;
    fake.failure = null;
  });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  const start = async () => {
    const g = await insertProductGroup(database.db, { categorySlug: category, price: 5_990_00 }, [
      { size: 'S', stock: 10 },
    ]);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.6.0.${shopper}`,
      payload: {
        getWay: 'self',
        payment: 'dolyame',
        fullName: 'Иванова Анна',
        phone,
        email: 'anna@example.ru',
        consent: true,
        products: [{ _id: `${g.id}-S`, count: 3 }],
      },
    });
    expect(placed.statusCode).toBe(200);
    const number = placed.json().order.orderID as number;
    const cookie = String(placed.headers['set-cookie']).split(';')[0] ?? '';
    const started = await app.inject({
      method: 'POST',
      url: '/api/dolyame/create',
      headers: { cookie },
      payload: { orderID: number },
    });
    return { number, started };
  };
  const notify = (number: number, body: object = { status: 'completed' }) =>
    app.inject({ method: 'POST', url: `/api/payment/notify/dolyame/${number}`, payload: body });
  const step = async (number: number, from: string, to: string) => {
    const order = await orderOf(number);
    return app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: manager.headers,
      payload: { version: order?.version, from, to, reason: 'test' },
    });
  };

  it('creates the order over mutual TLS with the receipt’s lines and sends the shopper to its page', async () => {
    const { number, started } = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ result: true, data: `${fake.url}/pay/${number}` });
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'dolyame' });
    const create = fake.orders.get(String(number))?.create as {
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
    fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    await notify(number);
    expect((await orderOf(number))?.status).toBe('paid');
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('does not pay an order Dolyame holds another amount for', async () => {
    const { number } = await start();
    fake.decide(String(number), 'wait_for_commit');
    const held = fake.orders.get(String(number));
    if (held) held.amount = 100;
    await notify(number);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('fails the order when Dolyame rejects it', async () => {
    const { number } = await start();
    fake.decide(String(number), 'rejected');
    await notify(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('commits the held order with its lines when the goods are handed over, and refunds with the receipt', async () => {
    const { number } = await start();
    fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    expect((await step(number, 'paid', 'ready_for_pickup')).statusCode).toBe(200);
    expect(fake.orders.get(String(number))?.status).toBe('wait_for_commit');
    expect((await step(number, 'ready_for_pickup', 'delivered')).statusCode).toBe(200);
    const held = fake.orders.get(String(number));
    expect(held?.status).toBe('committed');
    const order = await orderOf(number);
    const commit = held?.commit as { amount: number; items: { price: number; quantity: number }[] };
    expect(Math.round(commit.amount * 100)).toBe(order?.total);
    const receipt = await services.orders.paymentReceipt(number);
    const payments = providers.payments.provider;
    const first = await payments.refund(`dolyame-${number}`, 5_990_00, 'refund-key-1', receipt ?? undefined);
    expect(first.status).toBe('succeeded');
    const again = await payments.refund(`dolyame-${number}`, 5_990_00, 'refund-key-1', receipt ?? undefined);
    expect(again).toEqual(first);
    expect(held?.refunded).toBe(5_990_00);
    const refund = fake.calls.filter((c) => c.path.endsWith('/refund')).at(-1);
    expect(refund?.correlationId).toBe('refund-key-1');
    const body = (refund?.body ?? {}) as { returned_items?: { price: number; quantity: number }[] };
    const returned = body.returned_items;
    expect(returned?.length).toBeGreaterThan(0);
  });

  it('cancels a held order whole when a paid order is cancelled before hand-over', async () => {
    const { number } = await start();
    fake.decide(String(number), 'wait_for_commit');
    await notify(number);
    expect((await step(number, 'paid', 'cancelled')).statusCode).toBe(200);
    expect(fake.orders.get(String(number))?.status).toBe('canceled');
  });

  it('tells the shopper when Dolyame is slow, and the order can be started again', async () => {
    fake.delayMs = 1_500;
    const begun = Date.now();
    const { number, started } = await start();
    expect(Date.now() - begun).toBeLessThan(4_000);
    expect(started.statusCode).toBe(503);
    expect(started.json().message).toMatch(/Платёжный сервис/);
    fake.delayMs = 0;
    expect((await orderOf(number))?.paymentId).toBeNull();
  });
});
