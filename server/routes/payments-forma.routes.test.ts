import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orderEvents, orders } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { type FormaFake, startFormaFake } from '../../tests/fakes/forma-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

const baseEnv = {
  DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
};

describe('Forma configuration', () => {
  it('stops start-up naming each missing Forma variable', () => {
    expect(() => loadConfig({ ...baseEnv, PAYMENTS_INSTALMENT: 'forma', FORMA_SHOP_ID: 's' })).toThrow(
      /FORMA_SHOWCASE_ID: must be set when PAYMENTS_INSTALMENT=forma[\s\S]*FORMA_PASSWORD/,
    );
  });
});

describe.each(engines)('T-Bank instalment through Forma on %s', (engine) => {
  let fake: FormaFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    fake = await startFormaFake();
    database = await createTestDatabase(engine);
    const config = loadConfig({
      ...baseEnv,
      PAYMENTS_INSTALMENT: 'forma',
      FORMA_SHOP_ID: fake.shopId,
      FORMA_SHOWCASE_ID: fake.showcaseId,
      FORMA_PASSWORD: fake.password,
      FORMA_API_URL: fake.apiUrl,
    });
    const providers = createProviders(
      config,
      { outbox: createDbOutbox(database.db), db: database.db },
      { timeoutMs: 500 },
    );
    services = createServices({ db: database.db, providers, clock: () => now });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    const docs = buildSettings();
    docs.main.payments = { ...docs.main.payments, tinkoff: true };
    await insertSettings(database.db, docs);
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
    phone = `7995${String(shopper).padStart(7, '0')}`;
    now = new Date('2026-11-20T09:00:00Z');
    fake.delayMs = 0;
    fake.failure = null;
  });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  /** The order (payment `tinkoff`), then the instalment form for the term's promo code. */
  const apply = async (promoCode = 'installment_0_0_6_6,5', lang = 'ru') => {
    const g = await insertProductGroup(
      database.db,
      { categorySlug: category, price: 7_990_00, name: { ru: 'Платье «Осень» "midi"', en: 'Dress' } },
      [{ size: 'S', stock: 10 }],
    );
    const placed = await app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.7.0.${shopper}`,
      headers: { 'accept-language': lang },
      payload: {
        getWay: 'self',
        payment: 'tinkoff',
        fullName: 'Иванова Анна',
        phone,
        email: 'anna@example.ru',
        consent: true,
        products: [{ _id: `${g.id}-S`, count: 2 }],
      },
    });
    expect(placed.statusCode).toBe(200);
    const number = placed.json().order.orderID as number;
    const cookie = String(placed.headers['set-cookie']).split(';')[0] ?? '';
    const started = await app.inject({
      method: 'POST',
      url: '/api/payment/create-tinkoff-order',
      headers: { cookie, 'accept-language': lang },
      payload: { orderNumber: number, promoCode },
    });
    return { number, started };
  };
  const webhook = (number: number, body: object = { id: 'x', status: 'signed' }) =>
    app.inject({ method: 'POST', url: `/api/payment/notify/forma/${number}`, payload: body });
  const paidEvents = async (number: number) =>
    (await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number))).filter(
      (e) => e.toStatus === 'paid',
    ).length;

  it('creates the application with the term’s promo code, the receipt’s lines without quotes', async () => {
    const { number, started } = await apply('installment_0_0_4_4,5');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ result: true, data: `${fake.url}/form/${number}` });
    const order = await orderOf(number);
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentProvider: 'forma' });
    const create = fake.applications.get(String(number))?.create as {
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
    fake.decide(String(number), 'approved');
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    fake.decide(String(number), 'signed');
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
    expect(fake.applications.get(String(number))?.committed).toBe(true);
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await webhook(number)).statusCode).toBe(200);
    expect(await paidEvents(number)).toBe(1);
    const commits = fake.calls.filter((c) => c.path.endsWith(`/${number}/commit`));
    expect(commits).toHaveLength(1);
    expect(commits[0]?.authorization).toBe(
      `Basic ${Buffer.from(`${fake.showcaseId}:${fake.password}`).toString('base64')}`,
    );
  });

  it('takes the webhook only as a hint: a forged "signed" body changes nothing', async () => {
    const { number } = await apply();
    expect((await webhook(number, { id: 'forged', status: 'signed', committed: true })).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await webhook(999_999, { status: 'signed' })).statusCode).toBe(200);
  });

  it('fails the order when no bank gives the credit, and a later webhook changes nothing', async () => {
    const { number } = await apply();
    fake.decide(String(number), 'rejected');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('fails the order when the shopper cancels the application', async () => {
    const { number } = await apply();
    fake.decide(String(number), 'canceled');
    await webhook(number);
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('answers an error while Forma cannot be reached, so the webhook comes again, and nothing changes', async () => {
    const { number } = await apply();
    fake.decide(String(number), 'signed');
    fake.failure = 'http500';
    expect((await webhook(number)).statusCode).toBeGreaterThanOrEqual(500);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    fake.failure = null;
    expect((await webhook(number)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('asks Forma for applications whose webhook never came', async () => {
    const { number } = await apply();
    fake.decide(String(number), 'signed');
    now = new Date('2026-11-20T09:04:00Z');
    expect(await services.orders.checkAwaitingPayments()).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('paid');
    await webhook(number);
    expect(await paidEvents(number)).toBe(1);
  });

  it('returns the credit whole from the back office by cancelling the application', async () => {
    const { number } = await apply();
    fake.decide(String(number), 'signed');
    await webhook(number);
    const order = await orderOf(number);
    expect(order?.status).toBe('paid');
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: manager.headers,
      payload: { version: order?.version, from: 'paid', to: 'cancelled', reason: 'customer asked' },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.calls.filter((c) => c.path.endsWith(`/${number}/cancel`))).toHaveLength(1);
    expect(fake.applications.get(String(number))?.status).toBe('canceled');
  });

  it('tells the shopper in their language when Forma is slow, and the form can be opened again', async () => {
    fake.delayMs = 1_500;
    const started = Date.now();
    const { number, started: res } = await apply('installment_0_0_3_4', 'ru');
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Платёжный сервис/);
    fake.delayMs = 0;
    expect((await orderOf(number))?.paymentId).toBeNull();
  });
});
