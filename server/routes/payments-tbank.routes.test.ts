import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { orderEvents, orders, paymentNotifications, promoCodes } from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { tbankToken } from '../../core/providers/payments/tbank-payments.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { startTbankFake, type TbankFake } from '../../tests/fakes/tbank-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

describe.each(engines)('card payments through T-Bank on %s', (engine) => {
  let fake: TbankFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    fake = await startTbankFake();
    database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      PAYMENTS_PROVIDER: 'tbank',
      TBANK_TERMINAL_KEY: fake.terminalKey,
      TBANK_PASSWORD: fake.password,
      TBANK_API_URL: fake.apiUrl,
    });
    // A short cut-off keeps the slow-bank case quick; the shop's own is 4 s (core/providers/timeout.ts).
    const providers = createProviders(
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
    await database.db.insert(promoCodes).values({ code: 'WELCOME10', percent: 10 });
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
    phone = `7997${String(shopper).padStart(7, '0')}`;
    now = new Date('2026-11-20T09:00:00Z');
    fake.delayMs = 0;
    fake.failure = null;
  });
  const variant = async (price: number, oldPrice?: number) => {
    const g = await insertProductGroup(database.db, { categorySlug: category, price, oldPrice }, [
      { size: 'S', stock: 10 },
    ]);
    return `${g.id}-S`;
  };
  const place = (body: Record<string, unknown>, lang?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.9.0.${shopper}`,
      headers: lang ? { 'accept-language': lang } : {},
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone,
        email: 'anna@example.ru',
        consent: true,
        ...body,
      },
    });
  const notify = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/payment/notify/tbank', payload });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  const placed = async () => {
    const res = await place({ products: [{ _id: await variant(4_990_00), count: 1 }] });
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    const bankId = String((await orderOf(number))?.paymentId).replace('tbank-', '');
    return { res, number, bankId };
  };

  it('opens the bank’s page with a receipt of the lines after the promo and delivery as its own item', async () => {
    const full = await variant(1_000_00);
    const sale = await variant(2_000_00, 2_500_00);
    const res = await place({
      products: [
        { _id: full, count: 3 },
        { _id: sale, count: 1 },
      ],
      promocode: 'WELCOME10',
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(new RegExp(`^${fake.url}/new/\\d+$`));
    const order = await orderOf(body.order.orderID);
    expect(order?.status).toBe('awaiting_payment');
    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body as {
      Amount: number;
      Receipt: {
        Items: { Name: string; Price: number; Quantity: number; Amount: number; PaymentObject: string }[];
      };
    };
    expect(init.Amount).toBe(order?.total);
    const items = init.Receipt.Items;
    expect(items.reduce((s, i) => s + i.Amount, 0)).toBe(order?.total);
    for (const i of items) expect(i.Price * i.Quantity).toBe(i.Amount);
    // 10 % off the full-price line only (300 ₽ over three units), the sale line at its price.
    expect(items.filter((i) => i.PaymentObject === 'commodity').map((i) => [i.Price, i.Quantity])).toEqual([
      [900_00, 3],
      [2_000_00, 1],
    ]);
    expect(order?.deliveryPrice).toBeGreaterThan(0);
    expect(items.at(-1)).toMatchObject({
      Name: 'Доставка',
      Amount: order?.deliveryPrice,
      PaymentObject: 'service',
    });
  });

  it('pays the order once on the bank’s signed notice, answering OK, and a replay changes nothing', async () => {
    const { number, bankId } = await placed();
    const notice = fake.notification(bankId, 'CONFIRMED');
    const first = await notify(notice);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    const replay = await notify(notice);
    expect(replay.body).toBe('OK');
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    const notices = await database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
  });

  it('refuses a forged notice and changes nothing', async () => {
    const { number, bankId } = await placed();
    const forged = { ...fake.notification(bankId, 'CONFIRMED'), Token: 'a'.repeat(64) };
    const res = await notify(forged);
    expect(res.statusCode).toBe(401);
    const otherPassword = fake.notification(bankId, 'CONFIRMED');
    const resigned = { ...otherPassword, Token: tbankToken(otherPassword, 'not-the-terminal-password') };
    expect((await notify(resigned)).statusCode).toBe(401);
    expect((await notify({ Status: 'CONFIRMED' })).statusCode).toBe(401);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('does not pay an order on a genuine notice of another amount', async () => {
    const { number, bankId } = await placed();
    const res = await notify(fake.notification(bankId, 'CONFIRMED', { Amount: 100 }));
    expect(res.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('leaves the id of an ignored notice (another amount) to the genuine notice that follows', async () => {
    const { number, bankId } = await placed();
    expect((await notify(fake.notification(bankId, 'CONFIRMED', { Amount: 100 }))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    const notices = await database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
  });

  it('answers 400 to a genuine notice whose OrderId names no order the shop could have sent', async () => {
    const { number, bankId } = await placed();
    for (const OrderId of ['99999999999', '2147483648', `99999999999-${'a'.repeat(8)}`, '']) {
      const res = await notify(fake.notification(bankId, 'CONFIRMED', { OrderId }));
      expect(res.statusCode, OrderId).toBe(400);
    }
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('answers OK to an intermediate state and fails the order on a rejection', async () => {
    const { number, bankId } = await placed();
    expect((await notify(fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(fake.notification(bankId, 'REJECTED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('asks the bank for payments whose notice never came, after a few minutes, and applies them once', async () => {
    const { number, bankId } = await placed();
    const payment = fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    expect(await services.orders.checkAwaitingPayments()).toBe(0);
    now = new Date('2026-11-20T09:04:00Z');
    expect(await services.orders.checkAwaitingPayments()).toBe(1);
    expect((await orderOf(number))?.status).toBe('paid');
    // The late notification is a duplicate of the polled state.
    expect((await notify(fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('refuses a method T-Bank does not take, naming the field, before anything is stored', async () => {
    const before = (await database.db.select().from(orders)).length;
    const res = await place({ products: [{ _id: await variant(4_990_00), count: 1 }], payment: 'dolyame' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'payment', message: 'Этот способ оплаты недоступен' });
    expect((await database.db.select().from(orders)).length).toBe(before);
  });

  it('keeps a paid order paid when a rejection of the same payment arrives after the confirmation', async () => {
    const { number, bankId } = await placed();
    expect((await notify(fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await notify(fake.notification(bankId, 'REJECTED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('closes the bank’s page of an order that expires unpaid', async () => {
    const { number, bankId } = await placed();
    now = new Date('2026-11-20T10:00:00Z');
    expect(await services.orders.expireOverdue()).toBeGreaterThan(0);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    expect(fake.payments.get(bankId)?.status).toBe('CANCELED');
  });

  it('tells the shopper in their language when the bank is slow, and keeps the order consistent', async () => {
    fake.delayMs = 1_500;
    const res = await place({ products: [{ _id: await variant(4_990_00), count: 1 }] }, 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/payment/i);
    fake.delayMs = 0;
  });

  it('refunds a cancelled paid order from the back office through the bank with its refund receipt', async () => {
    const { number, bankId } = await placed();
    const payment = fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    await notify(fake.notification(bankId, 'CONFIRMED'));
    const order = await orderOf(number);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: manager.headers,
      payload: { version: order?.version, from: 'paid', to: 'cancelled', reason: 'customer asked' },
    });
    expect(res.statusCode).toBe(200);
    const cancel = fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body as {
      PaymentId: string;
      Amount: number;
      Receipt: { Items: { Amount: number }[] };
    };
    expect(cancel).toMatchObject({ PaymentId: bankId, Amount: order?.total });
    expect(cancel.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(order?.total);
    expect(fake.payments.get(bankId)?.status).toBe('REFUNDED');
  });
});
