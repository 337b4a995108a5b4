import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import type { MainSettings } from '../../core/content/settings.schemas.ts';
import {
  orderLines,
  outbox,
  returnLines,
  returns,
  settings,
  variantProducts,
} from '../../core/db/schema/index.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { type CdekFake, startCdekFake } from '../../tests/fakes/cdek-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

/**
 * Exchanges handed to the order's carrier and returns from the buyer's chosen CDEK point
 * (docs/product/returns.md), against the CDEK fake speaking CDEK's protocol.
 */
describe.each(engines)('exchange parcels and return points with CDEK on %s', (engine) => {
  let cdek: CdekFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;
  const now = new Date('2026-11-21T09:00:00Z');
  let shopper = 0;

  beforeAll(async () => {
    cdek = await startCdekFake();
    database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      CDEK_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: cdek.clientId,
      CDEK_CLIENT_SECRET: cdek.clientSecret,
      CDEK_API_URL: cdek.apiUrl,
      CDEK_SHIPMENT_POINT: 'MSK2181',
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    services = createServices({ db: database.db, providers, clock: () => now });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
    // Exchanges go at once: the new size may be sent before the return arrives.
    const { _id, ...main } = buildSettings().main;
    const returnsSettings: MainSettings['returns'] = {
      windowDays: 14,
      deliveryPaidBy: 'buyer',
      exchangeShips: 'at_once',
    };
    await database.db
      .update(settings)
      .set({ data: { ...main, returns: returnsSettings } })
      .where(eq(settings.id, 'main'));
    category = (await insertCategory(database.db)).slug;
    manager = await insertStaff(database.db, { role: 'manager' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await cdek?.close();
  });
  beforeEach(() => {
    shopper += 1;
    cdek.failure = null;
    cdek.numberAfterReads = 0;
  });

  const phone = () => `7994${String(shopper).padStart(7, '0')}`;

  /** A delivered order of one dress in S (sizes S and M in stock), collected at a CDEK point in St Petersburg. */
  async function deliveredOrder(getWay = 'self-sdek') {
    const group = await insertProductGroup(database.db, { categorySlug: category, price: 4_990_00 }, [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 5 },
    ]);
    const { order } = await insertPlacedOrder(database.db, {
      lines: [{ variantId: `${group.id}-S`, groupId: group.id, price: 4_990_00, count: 1 }],
      status: 'delivered',
      phone: phone(),
      email: `exchange${shopper}@example.ru`,
      getWay,
      createdAt: new Date('2026-11-18T09:00:00Z'),
      delivery: {
        city: 'Санкт-Петербург',
        cityID: 137,
        country: 'Россия',
        countryId: 1,
        countryCode: 'RU',
        address: '',
        room: '',
        postal: '190000',
        pvzID: getWay === 'self-sdek' ? 'SPB101' : '',
        pvz: getWay === 'self-sdek' ? 'Санкт-Петербург, ул. Пробная, 1' : '',
        deliveryDate: null,
        deliveryTime: null,
        deliveryMaxDate: null,
        outMKAD: null,
      },
    });
    const [line] = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number));
    if (!line) throw new Error('no order line');
    return { number: order.number, lineId: line.id, groupId: group.id };
  }

  const ask = (body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/returns',
      remoteAddress: `10.78.0.${shopper % 250}`,
      payload: { contact: phone(), reason: 'size', ...body },
    });
  /** A return of the order's dress for size M, brought to the showroom. */
  async function exchange(orderNumber: number, lineId: number) {
    const res = await ask({
      orderID: orderNumber,
      method: 'showroom',
      lines: [{ lineId, quantity: 1, exchangeSize: 'M' }],
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.number as number;
  }
  const handOver = (number: number, version: number) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/returns/${number}/exchange-hand-over`,
      headers: manager.headers,
      payload: { version },
    });
  const linesOf = async (number: number) =>
    database.db.select().from(returnLines).where(eq(returnLines.returnNumber, number));
  const cdekOrdersNamed = (name: string) => [...cdek.orders.values()].filter((o) => o.body.number === name);

  it('hands an exchange’s new size to CDEK to the order’s point; the buyer gets its tracking link; a second press registers nothing', async () => {
    const { number: orderNumber, lineId, groupId } = await deliveredOrder();
    const ret = await exchange(orderNumber, lineId);

    const page = await app.inject({
      method: 'GET',
      url: `/api/admin/returns/${ret}`,
      headers: manager.headers,
    });
    expect(page.json()).toMatchObject({ canHandOverExchange: true, exchangeCarrierName: 'СДЭК' });

    const res = await handOver(ret, 0);
    expect(res.statusCode).toBe(200);
    const reference = `${orderNumber}-E${ret}`;
    const [registered] = cdekOrdersNamed(reference);
    const [sizeM] = await database.db
      .select({ barcode: variantProducts.barcode })
      .from(variantProducts)
      .where(eq(variantProducts.id, `${groupId}-M`));
    // The new size to the order's own point, with CDEK's pickup tariff, its barcode and the price paid.
    expect(registered?.body).toMatchObject({
      number: reference,
      tariff_code: 136,
      delivery_point: 'SPB101',
      shipment_point: 'MSK2181',
      recipient: { phones: [{ number: `+${phone()}` }] },
      packages: [{ items: [{ name: 'Платье, M', ware_key: sizeM?.barcode, amount: 1, cost: 4990 }] }],
    });
    const [line] = await linesOf(ret);
    expect(line).toMatchObject({
      exchangeStatus: 'shipped',
      exchangeCarrier: 'sdek',
      exchangeCarrierId: registered?.uuid,
      exchangeTracking: registered?.cdekNumber,
    });
    expect(res.json().return.version).toBe(1);
    expect(res.json().canHandOverExchange).toBe(false);

    // The buyer's message carries the tracking number and CDEK's tracking page.
    await services.jobs.runDue({ kinds: ['return-message'] });
    const mail = (await database.db.select().from(outbox)).find(
      (m) => m.channel === 'email' && JSON.stringify(m.payload).includes(`Обмен по возврату R${ret}`),
    );
    const text = JSON.stringify(mail?.payload);
    expect(text).toContain(`Трек-номер: ${registered?.cdekNumber}`);
    expect(text).toContain(`https://www.cdek.ru/ru/tracking/?order_id=${registered?.cdekNumber}`);

    // A second press (the fresh version or the old one) registers nothing new.
    const again = await handOver(ret, 1);
    expect(again.statusCode).toBe(409);
    expect((await handOver(ret, 0)).statusCode).toBe(409);
    expect(cdekOrdersNamed(reference)).toHaveLength(1);
    // Neither does typing a tracking number over the shipped parcel.
    const typed = await app.inject({
      method: 'POST',
      url: `/api/admin/returns/${ret}/exchange-shipped`,
      headers: manager.headers,
      payload: { version: 1, lineId: line?.id, tracking: '999' },
    });
    expect(typed.statusCode).toBe(409);
  });

  it('a CDEK refusal is told in Russian and changes nothing; the next press registers the parcel', async () => {
    const { number: orderNumber, lineId } = await deliveredOrder();
    const ret = await exchange(orderNumber, lineId);
    const reference = `${orderNumber}-E${ret}`;
    // CDEK already holds an order under this number, so it refuses the parcel with its own reason.
    cdek.orders.set('taken', {
      uuid: 'taken',
      body: { number: reference },
      cdekNumber: '1',
      statuses: [],
      numberHiddenReads: 0,
    });
    const refused = await handOver(ret, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^СДЭК не принял отправление: «.+»$/);
    const [before] = await linesOf(ret);
    expect(before).toMatchObject({
      exchangeStatus: 'to_ship',
      exchangeCarrier: null,
      exchangeCarrierId: null,
      exchangeTracking: null,
    });
    const [row] = await database.db.select().from(returns).where(eq(returns.number, ret));
    expect(row?.version).toBe(0);

    // A carrier that is down is told apart, in Russian too.
    cdek.orders.delete('taken');
    cdek.failure = 'unavailable';
    const down = await handOver(ret, 0);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^СДЭК сейчас не отвечает/);
    expect((await linesOf(ret))[0]?.exchangeCarrierId).toBeNull();

    cdek.failure = null;
    expect((await handOver(ret, 0)).statusCode).toBe(200);
    expect(cdekOrdersNamed(reference)).toHaveLength(1);
  });

  it('a CDEK number that comes late is read back on the next press, with no second parcel', async () => {
    const { number: orderNumber, lineId } = await deliveredOrder();
    const ret = await exchange(orderNumber, lineId);
    cdek.numberAfterReads = 1;
    const early = await handOver(ret, 0);
    expect(early.statusCode).toBe(503);
    expect(early.json().message).toMatch(/^СДЭК принял отправление, но ещё не дал трек-номер/);
    const [registered] = cdekOrdersNamed(`${orderNumber}-E${ret}`);
    expect((await linesOf(ret))[0]).toMatchObject({
      exchangeStatus: 'to_ship',
      exchangeCarrierId: registered?.uuid,
    });
    const later = await handOver(ret, 0);
    expect(later.statusCode).toBe(200);
    expect(cdekOrdersNamed(`${orderNumber}-E${ret}`)).toHaveLength(1);
    expect((await linesOf(ret))[0]).toMatchObject({
      exchangeStatus: 'shipped',
      exchangeTracking: registered?.cdekNumber,
    });
  });

  it('an order collected in the showroom keeps the typed tracking number', async () => {
    const { number: orderNumber, lineId } = await deliveredOrder('self');
    const ret = await exchange(orderNumber, lineId);
    const res = await handOver(ret, 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Этот способ доставки не передаётся перевозчику: укажите трек-номер обмена вручную',
    );
    const [line] = await linesOf(ret);
    const typed = await app.inject({
      method: 'POST',
      url: `/api/admin/returns/${ret}/exchange-shipped`,
      headers: manager.headers,
      payload: { version: 0, lineId: line?.id, tracking: 'RA123456789RU' },
    });
    expect(typed.statusCode).toBe(200);
    expect((await linesOf(ret))[0]).toMatchObject({
      exchangeStatus: 'shipped',
      exchangeTracking: 'RA123456789RU',
    });
  });

  it('a return goes from another CDEK point of the buyer’s city; a point of another city is refused', async () => {
    const { number: orderNumber, lineId } = await deliveredOrder();
    const options = await app.inject({
      method: 'POST',
      url: '/api/returns/options',
      remoteAddress: `10.78.0.${shopper % 250}`,
      payload: { orderID: orderNumber, contact: phone() },
    });
    const data = options.json().data;
    expect(data.pickupPoint).toBe('SPB101');
    expect(data.pickupPoints.map((p: { code: string }) => p.code)).toEqual(['SPB101', 'SPB102', 'SPB103']);

    const countReturns = async () =>
      (await database.db.select().from(returns).where(eq(returns.orderNumber, orderNumber))).length;
    const elsewhere = await ask({
      orderID: orderNumber,
      method: 'pickup_point',
      pickupPoint: 'MSK101',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      field: 'pickupPoint',
      message: 'Выберите пункт СДЭК из списка пунктов вашего города',
    });
    // A point is only for a return by pickup point.
    const courier = await ask({
      orderID: orderNumber,
      method: 'courier',
      pickupPoint: 'SPB102',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(courier.statusCode).toBe(400);
    expect(await countReturns()).toBe(0);

    const res = await ask({
      orderID: orderNumber,
      method: 'pickup_point',
      pickupPoint: 'SPB102',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const ret = res.json().data;
    const [registered] = cdekOrdersNamed(`R${ret.number}`);
    expect(registered?.body).toMatchObject({
      tariff_code: 136,
      shipment_point: 'SPB102',
      delivery_point: 'MSK2181',
    });
    expect(ret.code).toBe(registered?.cdekNumber);
    const [row] = await database.db.select().from(returns).where(eq(returns.number, ret.number));
    expect(row).toMatchObject({ pickupPoint: 'SPB102', carrierId: registered?.uuid });
  });
});
