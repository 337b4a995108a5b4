import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import {
  auditLog,
  categories,
  orderEvents,
  orderLines,
  orders,
  productGroups,
  shipments,
} from '../../core/db/schema/index.ts';
import { deliveryMessages } from '../../core/delivery/delivery.messages.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox, listOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { type InsertedStaff, insertStaff } from '../../tests/factories/staff.ts';
import { type BoxberryFake, startBoxberryFake } from '../../tests/fakes/boxberry-fake.ts';
import { type CdekFake, startCdekFake } from '../../tests/fakes/cdek-fake.ts';
import { type DhlFake, startDhlFake } from '../../tests/fakes/dhl-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

const SECRET = 'cdek-webhook-secret-0123456789abcdef';

describe.each(engines)('real carriers through the shop on %s', (engine) => {
  let cdek: CdekFake;
  let boxberry: BoxberryFake;
  let dhl: DhlFake;
  let database: TestDatabase;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let manager: InsertedStaff;
  let category: string;

  beforeAll(async () => {
    [cdek, boxberry, dhl] = await Promise.all([startCdekFake(), startBoxberryFake(), startDhlFake()]);
    database = await createTestDatabase(engine);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
      LOG_LEVEL: 'silent',
      CDEK_PROVIDER: 'cdek',
      CDEK_CLIENT_ID: cdek.clientId,
      CDEK_CLIENT_SECRET: cdek.clientSecret,
      CDEK_API_URL: cdek.apiUrl,
      CDEK_SHIPMENT_POINT: 'MSK2181',
      CDEK_WEBHOOK_SECRET: SECRET,
      BOXBERRY_PROVIDER: 'boxberry',
      BOXBERRY_TOKEN: boxberry.token,
      BOXBERRY_API_URL: boxberry.apiUrl,
      DHL_PROVIDER: 'dhl',
      DHL_API_KEY: dhl.apiKey,
      DHL_API_SECRET: dhl.apiSecret,
      DHL_ACCOUNT_NUMBER: dhl.accountNumber,
      DHL_API_URL: dhl.apiUrl,
      DHL_SHIPPER_COMPANY: 'Северная линия',
      DHL_SHIPPER_ADDRESS: 'ul. Tverskaya, 1',
      DHL_SHIPPER_POSTAL_CODE: '125009',
      DHL_SHIPPER_PHONE: '+74950000000',
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    services = createServices({ db: database.db, providers, clock: () => new Date() });
    app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    await insertSettings(database.db);
    category = (await insertCategory(database.db)).slug;
    manager = await insertStaff(database.db, { role: 'manager' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await Promise.all([cdek?.close(), boxberry?.close(), dhl?.close()]);
  });
  beforeEach(() => {
    for (const fake of [cdek, boxberry, dhl]) {
      fake.delayMs = 0;
      fake.hang = [];
      fake.failure = null;
    }
    cdek.numberAfterReads = 0;
  });

  let phones = 0;
  async function paidOrder(overrides: Record<string, unknown> = {}, delivery: Record<string, unknown> = {}) {
    const group = await insertProductGroup(database.db, { categorySlug: category, price: 4_990_00 }, [
      { size: 'S', stock: 5 },
    ]);
    phones += 1;
    const phone = `7995${String(phones).padStart(7, '0')}`;
    const { order } = await insertPlacedOrder(database.db, {
      lines: [{ variantId: `${group.id}-S`, groupId: group.id, price: 4_990_00, count: 2 }],
      phone,
      getWay: 'self-sdek',
      ...overrides,
      delivery: {
        city: 'Санкт-Петербург',
        cityID: 137,
        country: 'Россия',
        countryId: 1,
        countryCode: 'RU',
        address: '',
        room: '',
        postal: '190000',
        pvzID: 'SPB101',
        pvz: 'Санкт-Петербург, ул. Пробная, 1',
        deliveryDate: null,
        deliveryTime: null,
        deliveryMaxDate: null,
        outMKAD: null,
        ...delivery,
      },
    });
    return { number: order.number, phone };
  }
  const handOver = (number: number, version = 0) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/hand-over`,
      headers: manager.headers,
      payload: { version },
    });
  const webhook = (payload: unknown, secret = SECRET) =>
    app.inject({ method: 'POST', url: `/api/carriers/cdek/status/${secret}`, payload: payload as object });
  const orderOf = async (number: number) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0];
  const parcelOf = async (number: number) =>
    (await database.db.select().from(shipments).where(eq(shipments.orderNumber, number)))[0];
  const eventsOf = async (number: number) =>
    (await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number))).map(
      (e) => e.toStatus,
    );
  const cdekOrderOf = (number: number) =>
    [...cdek.orders.values()].find((o) => o.body.number === String(number));

  it('hands a CDEK pickup order to CDEK from the back office, and its tracking reaches the buyer’s order page', async () => {
    const { number, phone } = await paidOrder();
    const res = await handOver(number);
    expect(res.statusCode).toBe(200);
    const registered = cdekOrderOf(number);
    expect(registered?.body).toMatchObject({
      type: 1,
      tariff_code: 136,
      shipment_point: 'MSK2181',
      delivery_point: 'SPB101',
      recipient: { name: 'Иванова Анна', phones: [{ number: `+${phone}` }] },
      packages: [{ weight: 1200, items: [{ amount: 2, cost: 4990, payment: { value: 0 } }] }],
    });
    const tracking = registered?.cdekNumber;
    expect(res.json().order).toMatchObject({ status: 'shipped', trackingNumber: tracking, version: 1 });
    expect(await parcelOf(number)).toMatchObject({
      carrier: 'sdek',
      carrierId: registered?.uuid,
      trackingNumber: tracking,
    });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(number)));
    expect(entry).toMatchObject({
      action: 'order.shipped',
      after: {
        status: 'shipped',
        trackingNumber: tracking,
        parcel: { carrier: 'sdek', carrierId: registered?.uuid },
      },
    });
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/order-status',
      payload: { orderID: number, contact: phone },
      remoteAddress: '10.7.0.1',
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toMatchObject({
      status: 'shipped',
      tracking: { carrier: 'sdek', number: tracking, url: expect.stringContaining(String(tracking)) },
    });
    // The buyer's message about the step carries the number and the carrier's tracking link (DECISIONS 37).
    await services.jobs.runDue();
    const mail = (await listOutbox(database.db, { channel: 'email', recipient: 'guest@example.ru' })).find(
      (m) => String(m.payload.subject).includes(`№${number} передан`),
    );
    expect(String(mail?.payload.text)).toContain(`https://www.cdek.ru/ru/tracking/?order_id=${tracking}`);
    expect(String(mail?.payload.html)).toContain(
      `href="https://www.cdek.ru/ru/tracking/?order_id=${tracking}"`,
    );
  });

  it('registers nothing for a stale screen or a second press, and one parcel per order', async () => {
    const { number } = await paidOrder();
    const stale = await handOver(number, 3);
    expect(stale.statusCode).toBe(409);
    expect(cdekOrderOf(number)).toBeUndefined();
    expect((await handOver(number)).statusCode).toBe(200);
    const again = await handOver(number, 1);
    expect(again.statusCode).toBe(409);
    expect([...cdek.orders.values()].filter((o) => o.body.number === String(number))).toHaveLength(1);
    // A method without a carrier is refused before any call.
    const own = await paidOrder({ getWay: 'self' });
    const calls = cdek.calls.length;
    expect((await handOver(own.number)).statusCode).toBe(409);
    expect(cdek.calls.length).toBe(calls);
  });

  it('hands a selection over in one action: each order registered or refused with its reason, and a retry sends only what is left', async () => {
    const one = await paidOrder();
    const two = await paidOrder({ getWay: 'self-boxberry' }, { pvzID: '010001', pvz: 'Санкт-Петербург 1' });
    const nameless = await paidOrder({ fullName: '' });
    const bulk = (orders: { number: number; version: number }[]) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/orders/hand-over',
        headers: manager.headers,
        payload: { orders },
      });
    const first = await bulk([
      { number: one.number, version: 0 },
      { number: two.number, version: 0 },
      { number: nameless.number, version: 0 },
    ]);
    expect(first.statusCode).toBe(200);
    const results = first.json().results;
    expect(results).toEqual([
      {
        number: one.number,
        outcome: 'shipped',
        trackingNumber: cdekOrderOf(one.number)?.cdekNumber,
        version: 1,
      },
      expect.objectContaining({ number: two.number, outcome: 'shipped', version: 1 }),
      {
        number: nameless.number,
        outcome: 'refused',
        message: 'СДЭК не принял отправление: «v2_field_is_empty recipient»',
      },
    ]);
    expect((await orderOf(one.number))?.status).toBe('shipped');
    expect((await orderOf(nameless.number))?.status).toBe('paid');
    // The same selection again: the shipped ones are refused as already shipped, nothing is registered twice.
    const parcels = cdek.orders.size;
    const again = await bulk([
      { number: one.number, version: 1 },
      { number: nameless.number, version: 0 },
    ]);
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'refused']);
    expect(cdek.orders.size).toBe(parcels);
    // Nothing to hand over, or too many at once, is bad input.
    expect((await bulk([])).statusCode).toBe(400);
    expect(
      (await bulk(Array.from({ length: 51 }, (_, i) => ({ number: 10_001 + i, version: 0 })))).statusCode,
    ).toBe(400);
  });

  it('prints a CDEK parcel’s waybill and label from the order: asked of CDEK once, kept with the parcel', async () => {
    const { number } = await paidOrder();
    const docs = (url: string) => app.inject({ method: 'GET', url, headers: manager.headers });
    expect((await docs(`/api/admin/orders/${number}/documents`)).json().kinds).toEqual([]);
    expect((await handOver(number)).statusCode).toBe(200);
    expect((await docs(`/api/admin/orders/${number}/documents`)).json().kinds).toEqual(['label', 'waybill']);
    cdek.printAfterReads = 0;
    const waybill = await docs(`/api/admin/orders/${number}/documents/waybill`);
    expect(waybill.statusCode).toBe(200);
    expect(waybill.headers['content-type']).toBe('application/pdf');
    expect(waybill.body).toMatch(/^%PDF-1\.4\n% CDEK orders/);
    const asked = cdek.prints.size;
    expect((await docs(`/api/admin/orders/${number}/documents/waybill`)).body).toBe(waybill.body);
    expect(cdek.prints.size).toBe(asked);
    expect((await parcelOf(number))?.documents.map((d) => d.kind)).toEqual(['waybill']);
    // CDEK makes no customs invoice.
    expect((await docs(`/api/admin/orders/${number}/documents/invoice`)).statusCode).toBe(404);
    cdek.printAfterReads = 1;
  });

  it('books a CDEK courier for the day’s parcels from the shop’s address and phone, and says why CDEK refused one', async () => {
    const day = new Date(cdek.now() + 86_400_000).toISOString().slice(0, 10);
    const book = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/carriers/sdek/pickup',
        headers: manager.headers,
        payload: {
          date: day,
          from: '10:00',
          to: '15:00',
          contactName: 'Склад',
          parcels: 4,
          weightKg: 2.4,
          ...payload,
        },
      });
    const booked = await book({ comment: 'Вход со двора' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().pickup).toMatchObject({ number: expect.stringMatching(/^7\d{6}$/), date: day });
    const [sent] = [...cdek.intakes.values()].map((i) => i.body);
    const contacts = (await services.settings.getShopSettings()).contacts;
    expect(sent).toMatchObject({
      intake_date: day,
      name: 'Одежда, мест: 4',
      weight: 2400,
      from_location: { code: 44, address: contacts.address.ru },
      sender: { name: 'Склад', phones: [{ number: `+${contacts.phone.replace(/\D/g, '')}` }] },
      comment: 'Вход со двора',
    });
    const [log] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'carrier.pickup'));
    expect(log?.after).toMatchObject({ number: booked.json().pickup.number });

    const past = await book({ date: '2020-01-01' });
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe(
      'СДЭК не принял вызов курьера: «v2_intake_date_invalid intake_date is in the past»',
    );
    const backwards = await book({ from: '15:00', to: '10:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('to');
  });

  it('quotes the carrier’s own words when it refuses a parcel, in a Russian sentence', async () => {
    const { number } = await paidOrder({ fullName: '' });
    const refused = await handOver(number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('СДЭК не принял отправление: «v2_field_is_empty recipient»');
    expect(await parcelOf(number)).toBeUndefined();
  });

  it('reports a carrier that fails, leaves the order as it was, and succeeds on a retry', async () => {
    const { number } = await paidOrder(
      { getWay: 'delivery-sdek' },
      { address: 'Невский пр., 1', room: '5', pvzID: null, pvz: null },
    );
    cdek.failure = 'unavailable';
    const failed = await handOver(number);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(
      'СДЭК сейчас не отвечает или занят: попробуйте передать заказ ещё раз через несколько минут',
    );
    expect(await orderOf(number)).toMatchObject({ status: 'paid', trackingNumber: null, version: 0 });
    expect(await parcelOf(number)).toBeUndefined();
    cdek.failure = null;
    expect((await handOver(number)).statusCode).toBe(200);
    expect(cdekOrderOf(number)?.body).toMatchObject({
      tariff_code: 137,
      to_location: { code: 137, address: 'Невский пр., 1, 5', postal_code: '190000' },
    });
  });

  it('waits for a CDEK number that comes late, then ships with the same CDEK order', async () => {
    const { number } = await paidOrder();
    cdek.numberAfterReads = 1;
    const early = await handOver(number);
    expect(early.statusCode).toBe(503);
    expect(early.json().message).toMatch(/трек-номер/);
    expect((await orderOf(number))?.status).toBe('paid');
    const later = await handOver(number);
    expect(later.statusCode).toBe(200);
    expect([...cdek.orders.values()].filter((o) => o.body.number === String(number))).toHaveLength(1);
    expect(later.json().order.trackingNumber).toBe(cdekOrderOf(number)?.cdekNumber);
  });

  it('hands Boxberry and DHL orders to their carriers', async () => {
    const box = await paidOrder({ getWay: 'self-boxberry' }, { pvzID: '010001', pvz: 'Санкт-Петербург 1' });
    const boxed = await handOver(box.number);
    expect(boxed.statusCode).toBe(200);
    const parcel = [...boxberry.parcels.values()].find((p) => p.sdata.order_id === String(box.number));
    expect(parcel?.sdata).toMatchObject({ vid: 1, shop: { name: '010001' } });
    expect(boxed.json().order.trackingNumber).toBe(parcel?.track);

    const abroad = await paidOrder(
      { getWay: 'delivery-sdek', locale: 'en' },
      {
        city: 'Berlin',
        cityID: null,
        country: 'Germany',
        countryCode: 'DE',
        postal: '10115',
        address: 'Invalidenstraße 1',
        pvzID: null,
        pvz: null,
      },
    );
    // Clothing abroad goes with its customs data: without it, staff are told what to complete and
    // DHL is not asked (it would refuse a dutiable parcel without its export declaration).
    const incomplete = await handOver(abroad.number);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toMatch(
      /^Для отправки за границу укажите код ТН ВЭД и страну производства/,
    );
    expect(dhl.calls.filter((c) => c.path === '/shipments')).toHaveLength(0);
    expect(await parcelOf(abroad.number)).toBeUndefined();
    // The category gives the HS code; the product its own country of manufacture.
    await database.db
      .update(categories)
      .set({ hsCode: '620442', originCountry: 'RU' })
      .where(eq(categories.slug, category));
    const [line] = await database.db
      .select({ groupId: orderLines.groupId })
      .from(orderLines)
      .where(eq(orderLines.orderNumber, abroad.number));
    await database.db
      .update(productGroups)
      .set({ originCountry: 'TR' })
      .where(eq(productGroups.id, line?.groupId ?? ''));
    const sent = await handOver(abroad.number);
    expect(sent.statusCode).toBe(200);
    const waybill = sent.json().order.trackingNumber as string;
    expect(dhl.shipments.get(waybill)?.body).toMatchObject({
      customerDetails: {
        receiverDetails: {
          postalAddress: { countryCode: 'DE', cityName: 'Berlin' },
          contactInformation: { phone: `+${abroad.phone}` },
        },
      },
      content: {
        isCustomsDeclarable: true,
        exportDeclaration: {
          invoice: { number: String(abroad.number) },
          lineItems: [
            {
              number: 1,
              quantity: { value: 2 },
              commodityCodes: [{ typeCode: 'outbound', value: '620442' }],
              manufacturerCountry: 'TR',
            },
          ],
        },
      },
    });
    const dhlParcel = await parcelOf(abroad.number);
    expect(dhlParcel).toMatchObject({ carrier: 'dhl', trackingNumber: waybill });
    // DHL's label and commercial invoice are kept with the parcel for printing.
    expect(dhlParcel?.documents.map((d) => d.kind)).toEqual(['label', 'invoice']);
  });

  it('takes CDEK’s status from CDEK: forged, unknown and replayed webhooks change nothing', async () => {
    const { number } = await paidOrder();
    expect((await handOver(number)).statusCode).toBe(200);
    const uuid = cdekOrderOf(number)?.uuid as string;
    const before = await eventsOf(number);

    // A wrong secret: no such route.
    expect(
      (await webhook(cdek.webhook(uuid, 'DELIVERED'), 'guessed-secret-guessed-secret-00')).statusCode,
    ).toBe(404);
    // The right secret with a status CDEK does not report: CDEK is asked, and says CREATED.
    const forged = await webhook(cdek.webhook(uuid, 'DELIVERED'));
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('shipped');
    // Unknown parcels and malformed bodies are acknowledged and ignored.
    expect(
      (await webhook(cdek.webhook('00000000-0000-0000-0000-000000000000', 'DELIVERED'))).statusCode,
    ).toBe(200);
    expect((await webhook({ hello: 'world' })).statusCode).toBe(200);
    expect(await eventsOf(number)).toEqual(before);

    // The parcel reaches the pickup point: CDEK says so, the webhook moves the order once.
    cdek.addStatus(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2030-01-10T10:00:00+0300');
    cdek.addStatus(uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2030-01-12T12:00:00+0300');
    const arrived = cdek.webhook(uuid, 'ACCEPTED_AT_PICK_UP_POINT', '2030-01-12T12:00:00+0300');
    expect((await webhook(arrived)).statusCode).toBe(200);
    expect((await orderOf(number))?.status).toBe('ready_for_pickup');
    expect(await parcelOf(number)).toMatchObject({ statusCode: 'ACCEPTED_AT_PICK_UP_POINT' });
    const afterArrival = await eventsOf(number);
    expect(afterArrival).toEqual([...before, 'ready_for_pickup']);
    const cause = (
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number))
    ).at(-1)?.cause;
    expect(cause).toContain('ACCEPTED_AT_PICK_UP_POINT (webhook)');
    // Replayed, and an older status arriving late: nothing more.
    expect((await webhook(arrived)).statusCode).toBe(200);
    expect(
      (await webhook(cdek.webhook(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2030-01-10T10:00:00+0300')))
        .statusCode,
    ).toBe(200);
    expect(await eventsOf(number)).toEqual(afterArrival);
    // CDEK itself answering an older state (a lagging replica) changes nothing either.
    const lagging = await services.shipments.applyState(
      'sdek',
      uuid,
      {
        stage: 'handed_over',
        code: 'RECEIVED_AT_SHIPMENT_WAREHOUSE',
        at: new Date('2030-01-10T07:00:00Z'),
        trackingNumber: null,
      },
      'poll',
    );
    expect(lagging).toBe('unchanged');
    expect(await parcelOf(number)).toMatchObject({ statusCode: 'ACCEPTED_AT_PICK_UP_POINT' });
  });

  it('polls open parcels when no webhook comes, and moves delivered orders', async () => {
    const { number } = await paidOrder();
    expect((await handOver(number)).statusCode).toBe(200);
    const uuid = cdekOrderOf(number)?.uuid as string;
    cdek.addStatus(uuid, 'DELIVERED', '2030-02-01T15:00:00+0300');
    const result = await services.shipments.pollOpen(500);
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect((await orderOf(number))?.status).toBe('delivered');
    expect(await eventsOf(number)).toEqual(['paid', 'shipped', 'delivered']);
    // A delivered parcel is not asked about again.
    const reads = cdek.calls.filter((c) => c.path === `/orders/${uuid}`).length;
    await services.shipments.pollOpen(500);
    expect(cdek.calls.filter((c) => c.path === `/orders/${uuid}`).length).toBe(reads);
  });

  it('answers the spec’s text within the deadline when a carrier is slow or failing, never a hung checkout', async () => {
    const impossible = deliveryMessages.impossible.ru;
    // Warm the city look-ups, as the checkout's city field does before a price is asked.
    expect((await app.inject({ method: 'GET', url: '/api/sdek/offices?city_code=270' })).json().result).toBe(
      true,
    );
    cdek.hang = ['/calculator'];
    let started = Date.now();
    const slow = await app.inject({ method: 'GET', url: '/api/sdek/price?receiverCityId=270&weight=1200' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(slow.json()).toEqual({ result: false, message: impossible });

    cdek.hang = [];
    cdek.failure = 'http500';
    const broken = await app.inject({
      method: 'GET',
      url: '/api/checkout/check-delivery?code=270&weight=600',
    });
    expect(broken.json()).toEqual({ result: false, message: impossible });
    // Points of a city never looked up before: nothing kept to fall back on, a temporary 503.
    const points = await app.inject({ method: 'GET', url: '/api/sdek/offices?city_code=1178' });
    expect(points.statusCode).toBe(503);
    expect(points.json().message).toBe('Служба доставки не ответила вовремя. Попробуйте ещё раз');
    cdek.failure = null;

    boxberry.hang = ['DeliveryCosts'];
    started = Date.now();
    const box = await app.inject({ method: 'GET', url: '/api/boxberry/price?city_code=44&weight=1200' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(box.json()).toEqual({ result: false, message: impossible });

    dhl.hang = ['/rates'];
    started = Date.now();
    const abroad = await app.inject({
      method: 'POST',
      url: '/api/count-delivery/dhl',
      payload: { country: 'DE', city: 'Berlin', weight: 1200 },
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(abroad.json()).toEqual({ result: false, message: impossible });
    dhl.hang = [];
    const priced = await app.inject({
      method: 'POST',
      url: '/api/count-delivery/dhl',
      payload: { country: 'DE', city: 'Berlin', weight: 1200 },
    });
    expect(priced.json()).toMatchObject({
      result: true,
      // Roubles on the wire (DECISIONS 28): 6 300,25 ₽.
      data: { price: 6_300.25, currency: 'RUB', periodMin: 3, periodMax: 3 },
    });
  });
});
