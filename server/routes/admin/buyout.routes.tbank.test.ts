import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/env.ts';
import { orderBuyouts, orderLines, orders } from '../../../core/db/schema/index.ts';
import { createProviders } from '../../../core/providers/index.ts';
import { createDbOutbox } from '../../../core/providers/outbox.ts';
import { createServices, type Services } from '../../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import { type InsertedStaff, insertStaff } from '../../../tests/factories/staff.ts';
import { startTbankFake, type TbankFake } from '../../../tests/fakes/tbank-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';

// The buyout's payment through T-Bank (integrations.md §3): Init carries the receipt of the kept lines
// only, and the bank's signed notice marks the buyout paid through the shop's notification endpoint.
describe.each(engines)('try-on buyout paid through T-Bank on %s', (engine) => {
  let fake: TbankFake;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  let services: Services;
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
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
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

  const variant = async (price: number) => {
    const g = await insertProductGroup(database.db, { categorySlug: category, price }, [
      { size: 'S', stock: 5 },
    ]);
    return { variantId: `${g.id}-S`, groupId: g.id, price };
  };

  it('sends the kept lines as the receipt and takes the bank’s notice as the payment', async () => {
    const coat = await variant(9_990_00);
    const socks = await variant(3_333_33);
    const dress = await variant(5_000_00);
    const belt = await variant(1_250_50);
    const { order } = await insertPlacedOrder(database.db, {
      lines: [coat, { ...socks, count: 3 }, dress, belt],
      getWay: 'moscow-try',
      status: 'shipped',
      goodsPayable: 0,
      deliveryPrice: 700_00,
      total: 700_00,
      paymentId: null,
    });
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.number}/buyout`,
      headers: manager.headers,
      payload: {
        orderVersion: 0,
        kept: [
          { lineId: lines[1]?.id, count: 2 },
          { lineId: lines[3]?.id, count: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const amount = 3_333_33 * 2 + 1_250_50;
    expect(res.json().buyout).toMatchObject({ mode: 'pay', amount, paymentState: 'pending' });
    expect(res.json().buyout.paymentUrl).toMatch(new RegExp(`^${fake.url}/new/`));

    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body ?? {};
    expect(init).toMatchObject({ Amount: amount });
    // Each attempt sends the bank an OrderId it has not seen: the order's number and a suffix.
    expect(init.OrderId).toMatch(new RegExp(`^${order.number}-[0-9a-f]{10}$`));
    const receipt = init.Receipt as {
      Items: { Name: string; Price: number; Quantity: number; Amount: number }[];
    };
    expect(receipt.Items.map((i) => [i.Price, i.Quantity, i.Amount])).toEqual([
      [3_333_33, 2, 6_666_66],
      [1_250_50, 1, 1_250_50],
    ]);
    expect(receipt.Items.some((i) => i.Name === 'Доставка')).toBe(false);

    const [buyout] = await database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    const bankId = buyout?.paymentId?.replace(/^tbank-/, '') ?? '';
    const payment = fake.payments.get(bankId);
    if (!payment) throw new Error('the fake has no such payment');
    payment.status = 'CONFIRMED';
    const notice = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/tbank',
      payload: fake.notification(bankId, 'CONFIRMED'),
    });
    expect(notice.statusCode).toBe(200);
    expect(notice.body).toBe('OK');
    const [paid] = await database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    expect(paid).toMatchObject({ status: 'paid', paymentState: 'paid' });
    const [closed] = await database.db.select().from(orders).where(eq(orders.number, order.number));
    expect(closed?.status).toBe('delivered');
  });

  it('asks the bank about a buyout link whose notice never came, and applies its answer once', async () => {
    const dress = await variant(4_500_00);
    const { order } = await insertPlacedOrder(database.db, {
      lines: [dress],
      getWay: 'moscow-try',
      status: 'shipped',
      goodsPayable: 0,
      deliveryPrice: 700_00,
      total: 700_00,
      paymentId: null,
    });
    const [line] = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number));
    await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.number}/buyout`,
      headers: manager.headers,
      payload: { orderVersion: 0, kept: [{ lineId: line?.id, count: 1 }] },
    });
    const [open] = await database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    const payment = fake.payments.get(open?.paymentId?.replace(/^tbank-/, '') ?? '');
    if (!payment) throw new Error('the fake has no such payment');
    // Paid at the bank, but the notice is lost.
    payment.status = 'CONFIRMED';
    expect(await services.buyout.checkOpenPayments()).toBe(0); // too early: the notice may still come
    now = new Date(now.getTime() + 5 * 60_000);
    await services.jobs.enqueue({
      kind: 'buyouts.check-payments',
      key: `check-${order.number}`,
      payload: {},
    });
    await services.jobs.runDue({ kinds: ['buyouts.check-payments'] });
    const [paid] = await database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    expect(paid).toMatchObject({ status: 'paid', paymentState: 'paid' });
    // The late notice is a duplicate.
    const late = await app.inject({
      method: 'POST',
      url: '/api/payment/notify/tbank',
      payload: fake.notification(payment.paymentId, 'CONFIRMED'),
    });
    expect(late.statusCode).toBe(200);
    expect(await services.buyout.checkOpenPayments()).toBe(0);
  });
});
