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
import { startTbankFake, type TbankFake } from '../../tests/fakes/tbank-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

// Two-stage card payments through T-Bank (docs/decisions/0036-sbp-and-two-stage-payments.md): the
// delivery methods the settings name pay with PayType T; the hold pays the order, the hand-over to
// the carrier confirms it once with the final receipt, and a cancellation releases the hold.
describe.each(engines)('two-stage card payments through T-Bank on %s', (engine) => {
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
    const providers = createProviders(
      config,
      { outbox: createDbOutbox(database.db), db: database.db },
      { timeoutMs: 2_000 },
    );
    services = createServices({ db: database.db, providers, clock: () => now });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    const docs = buildSettings();
    // Courier delivery by the carrier is two-stage; pickup from the shop stays one-stage.
    docs.main.payments.twoStage = ['delivery-sdek'];
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
    fake.failure = null;
  });
  const variant = async (price: number) => {
    const g = await insertProductGroup(database.db, { categorySlug: category, price }, [
      { size: 'S', stock: 10 },
    ]);
    return `${g.id}-S`;
  };
  const courier = {
    getWay: 'delivery-sdek',
    cityID: 137,
    city: 'Санкт-Петербург',
    address: 'Невский проспект, 10',
  };
  const place = async (body: Record<string, unknown> = courier) =>
    app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: `10.7.0.${shopper}`,
      payload: {
        getWay: 'self',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone,
        email: 'anna@example.ru',
        consent: true,
        products: [{ _id: await variant(5_990_00), count: 1 }],
        ...body,
      },
    });
  const notify = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/payment/notify/tbank', payload });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  const eventsOf = async (number: number) =>
    database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
  const step = async (number: number, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/steps`,
      headers: manager.headers,
      payload: { version: (await orderOf(number))?.version, ...body },
    });
  /** The shopper pays on the bank's page: the bank holds the money and sends its signed notice. */
  const payInBank = async (bankId: string) => {
    const payment = fake.payments.get(bankId);
    if (payment) payment.status = 'AUTHORIZED';
    expect((await notify(fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
  };
  /** A two-stage order the shopper has paid: the bank holds its money. */
  const held = async () => {
    const res = await place();
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    const bankId = String((await orderOf(number))?.paymentId).replace('tbank-', '');
    await payInBank(bankId);
    return { number, bankId };
  };

  it('holds the money of a two-stage delivery method and pays the order on the hold', async () => {
    const res = await place();
    const number = res.json().order.orderID as number;
    expect((await orderOf(number))?.paymentTwoStage).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'Init').at(-1)?.body.PayType).toBe('T');
    const bankId = String((await orderOf(number))?.paymentId).replace('tbank-', '');
    await payInBank(bankId);
    expect(fake.payments.get(bankId)?.status).toBe('AUTHORIZED');
    expect((await orderOf(number))?.status).toBe('paid');
    // A replayed hold notice changes nothing; a forged one is refused.
    expect((await notify(fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await notify({ ...fake.notification(bankId, 'AUTHORIZED'), Amount: 100 })).statusCode).toBe(401);
    expect((await eventsOf(number)).filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('a one-stage order’s hold notice changes nothing; only CONFIRMED pays it', async () => {
    const res = await place({ getWay: 'self' });
    const number = res.json().order.orderID as number;
    expect(fake.calls.filter((c) => c.method === 'Init').at(-1)?.body.PayType).toBe('O');
    const bankId = String((await orderOf(number))?.paymentId).replace('tbank-', '');
    expect((await notify(fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('confirms the held money once, with the final receipt, when the parcel goes to the carrier', async () => {
    const { number, bankId } = await held();
    const total = (await orderOf(number))?.total;
    expect((await step(number, { from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
    // Confirming the order is not the hand-over: the money stays held.
    expect(fake.payments.get(bankId)?.confirms).toHaveLength(0);
    const shipped = await step(number, { from: 'confirmed', to: 'shipped', trackingNumber: 'CDEK-100200' });
    expect(shipped.statusCode).toBe(200);
    const confirms = fake.payments.get(bankId)?.confirms ?? [];
    expect(confirms).toHaveLength(1);
    const confirm = confirms[0] as { Amount: number; Receipt: { Items: { Amount: number }[] } };
    expect(confirm.Amount).toBe(total);
    expect(confirm.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(total);
    expect(fake.payments.get(bankId)?.status).toBe('CONFIRMED');
    expect((await orderOf(number))?.paymentCapturedAt).toBeInstanceOf(Date);
    expect((await eventsOf(number)).some((e) => /held payment was confirmed/.test(e.cause))).toBe(true);
    // Delivered, and any later ask: never a second Confirm.
    expect((await step(number, { from: 'shipped', to: 'delivered' })).statusCode).toBe(200);
    expect(await services.orders.capturePayment(number)).toBe('already');
    expect(fake.payments.get(bankId)?.confirms).toHaveLength(1);
  });

  it('two asks at once confirm once', async () => {
    const { number, bankId } = await held();
    const outcomes = await Promise.all([
      services.orders.capturePayment(number),
      services.orders.capturePayment(number),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'captured']);
    expect(fake.payments.get(bankId)?.confirms).toHaveLength(1);
  });

  it('a bank refusing Confirm is recorded for the staff, and a later ask confirms', async () => {
    const { number, bankId } = await held();
    expect((await step(number, { from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
    fake.failure = 'error';
    const shipped = await step(number, { from: 'confirmed', to: 'shipped', trackingNumber: 'CDEK-100300' });
    // The hand-over stands; the payment waits for the staff.
    expect(shipped.statusCode).toBe(200);
    expect((await orderOf(number))?.paymentCapturedAt).toBeNull();
    expect((await eventsOf(number)).some((e) => /could not be committed/.test(e.cause))).toBe(true);
    expect(fake.payments.get(bankId)?.status).toBe('AUTHORIZED');
    fake.failure = null;
    expect(await services.orders.capturePayment(number)).toBe('captured');
    expect(fake.payments.get(bankId)?.status).toBe('CONFIRMED');
  });

  it('cancelling an order whose money is held releases the hold with its refund receipt', async () => {
    const { number, bankId } = await held();
    const total = (await orderOf(number))?.total;
    const res = await step(number, { from: 'paid', to: 'cancelled', reason: 'customer asked' });
    expect(res.statusCode).toBe(200);
    const cancel = fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body as {
      PaymentId: string;
      Amount: number;
      Receipt: { Items: { Amount: number }[] };
    };
    expect(cancel).toMatchObject({ PaymentId: bankId, Amount: total });
    expect(cancel.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(total);
    expect(fake.payments.get(bankId)?.status).toBe('REVERSED');
    expect(fake.payments.get(bankId)?.confirms).toHaveLength(0);
    // Nothing held is left to confirm.
    expect(await services.orders.capturePayment(number)).toBe('failed');
    expect(fake.payments.get(bankId)?.confirms).toHaveLength(0);
  });
});
