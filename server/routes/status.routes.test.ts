import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../core/db/schema/index.ts';
import { normalizeContact } from '../../core/orders/order-status.rules.ts';
import {
  ORDER_STATUS_LIMIT,
  ORDER_STATUS_PER_CLIENT_ORDER_LIMIT,
} from '../../core/orders/order-status.service.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe('order-status contact', () => {
  it('reads phones in any formatting, a Russian leading 8 as 7, and e-mails lower-cased', () => {
    expect(normalizeContact('+7 (999) 000-00-01')).toEqual({ phone: '79990000001' });
    expect(normalizeContact('8 999 000 00 01')).toEqual({ phone: '79990000001' });
    expect(normalizeContact(' Guest@Example.RU ')).toEqual({ email: 'guest@example.ru' });
    expect(normalizeContact('abc')).toBeNull();
  });
});

describe.each(engines)('order status lookup on %s', (engine) => {
  let t: TestApp;
  let shipped: number; // CDEK courier, shipped, with a tracking number
  let pickup: number; // Boxberry pickup point, paid, no tracking yet
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertSettings(t.database.db);
    const { slug } = await insertCategory(t.database.db);
    const group = await insertProductGroup(t.database.db, { categorySlug: slug, price: 9_990_00 });
    const variantId = `${group.id}-S`;
    const a = await insertPlacedOrder(t.database.db, {
      status: 'shipped',
      phone: '79990000001',
      email: 'Anna@Example.ru',
      trackingNumber: '1234567890',
      updatedAt: new Date('2026-11-21T10:00:00Z'),
      lines: [{ variantId, groupId: group.id }],
    });
    shipped = a.order.number;
    // Handed to CDEK: the parcel's own number is the one to follow.
    await t.database.db.insert(shipments).values({
      orderNumber: shipped,
      carrier: 'sdek',
      carrierId: 'uuid-1',
      trackingNumber: '1098765432',
      statusCode: 'TAKEN_BY_COURIER',
    });
    const b = await insertPlacedOrder(t.database.db, {
      status: 'paid',
      getWay: 'self-boxberry',
      phone: '79990000002',
      email: 'boris@example.ru',
      delivery: {
        city: 'Казань',
        cityID: 88,
        country: 'Россия',
        countryId: 1,
        countryCode: 'RU',
        address: '',
        room: '',
        postal: '',
        pvzID: '16001',
        pvz: 'Казань, ул. Баумана, 10',
        deliveryDate: null,
        deliveryTime: null,
        deliveryMaxDate: null,
        outMKAD: null,
      },
      lines: [{ variantId, groupId: group.id }],
    });
    pickup = b.order.number;
  });
  afterAll(async () => {
    await t.close();
  });

  // Each lookup comes from its own address unless a test says otherwise, so the per-address cap counts within a test.
  const lookup = (payload: object, remoteAddress = `10.1.0.${++ip}`, lang = 'ru') =>
    t.app.inject({ method: 'POST', url: `/api/order-status?lang=${lang}`, payload, remoteAddress });

  it('shows the state, the delivery and the tracking for the number and phone, and nothing else', async () => {
    const res = await lookup({ orderID: shipped, contact: '+7 (999) 000-00-01' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      result: true,
      data: {
        orderID: shipped,
        status: 'shipped',
        updatedAt: '2026-11-21T10:00:00.000Z',
        delivery: { getWay: 'delivery-sdek', city: 'Москва', pickupPoint: null, date: null, time: null },
        tracking: {
          carrier: 'sdek',
          number: '1098765432',
          url: 'https://www.cdek.ru/ru/tracking/?order_id=1098765432',
        },
      },
    });
    // No name, address, goods or sums reach the answer.
    const text = res.body;
    for (const secret of ['Иванова', 'Тверская', 'Anna@', '999000', 'total', 'price']) {
      expect(text).not.toContain(secret);
    }
  });

  it('takes the e-mail in any case, and the mobile app`s `phone` and `email` fields', async () => {
    const byEmail = await lookup({ orderID: shipped, contact: 'anna@EXAMPLE.ru' });
    expect(byEmail.json().data.status).toBe('shipped');
    const app = await lookup({ orderID: pickup, phone: '89990000002' });
    expect(app.json()).toMatchObject({
      result: true,
      data: {
        status: 'paid',
        delivery: { getWay: 'self-boxberry', city: 'Казань', pickupPoint: 'Казань, ул. Баумана, 10' },
        tracking: null,
      },
    });
    const appEmail = await lookup({ orderID: pickup, email: 'boris@example.ru' });
    expect(appEmail.statusCode).toBe(200);
  });

  it('refuses a wrong contact and a missing order alike, in the request`s language', async () => {
    const wrongPhone = await lookup({ orderID: shipped, contact: '79990000002' });
    const missing = await lookup({ orderID: 999_999, contact: '79990000001' });
    const wrongEmail = await lookup({ orderID: pickup, contact: 'anna@example.ru' });
    for (const res of [wrongPhone, missing, wrongEmail]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        result: false,
        message: 'Заказ с таким номером и телефоном или e-mail не найден',
      });
    }
    const en = await lookup({ orderID: shipped, contact: 'nobody@example.ru' }, undefined, 'en');
    expect(en.json().message).toBe('No order with this number and phone or e-mail was found');
  });

  it('names the field of malformed input', async () => {
    const noContact = await lookup({ orderID: shipped });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().field).toBe('contact');
    const badNumber = await lookup({ orderID: 'abc', contact: '79990000001' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().field).toBe('orderID');
  });

  it('stops one address after the limit, even for a right contact', async () => {
    const from = '10.2.0.1';
    for (let i = 0; i < ORDER_STATUS_LIMIT.limit; i++) {
      const res = await lookup({ orderID: 900_000 + i, contact: '79990000001' }, from);
      expect(res.statusCode).toBe(404);
    }
    const refused = await lookup({ orderID: pickup, contact: '79990000002' }, from);
    expect(refused.statusCode).toBe(429);
    const other = await lookup({ orderID: pickup, contact: '79990000002' });
    expect(other.statusCode).toBe(200);
  });

  it('stops the guesser of an order’s contact, never the order’s customer on another address or device', async () => {
    const target = pickup;
    const guesser = '10.3.0.1';
    const guess = (i: number) => `7999111${String(i).padStart(4, '0')}`;
    for (let i = 0; i < ORDER_STATUS_PER_CLIENT_ORDER_LIMIT.limit; i++) {
      expect((await lookup({ orderID: target, contact: guess(i) }, guesser)).statusCode).toBe(404);
    }
    // The guesser is refused, the right contact included.
    expect((await lookup({ orderID: target, contact: '79990000002' }, guesser)).statusCode).toBe(429);
    // Guesses from many addresses never hold the order itself.
    for (let i = 0; i < 30; i++) {
      expect((await lookup({ orderID: target, contact: guess(100 + i) })).statusCode).toBe(404);
    }
    expect((await lookup({ orderID: target, contact: '79990000002' })).statusCode).toBe(200);
    // A customer behind the guesser's address with the shop's device cookie is a client of their own.
    const sameAddress = await t.app.inject({
      method: 'POST',
      url: '/api/order-status?lang=ru',
      payload: { orderID: target, contact: '79990000002' },
      remoteAddress: guesser,
      headers: { cookie: 'shi-device=the-customers-own-browser' },
    });
    expect(sameAddress.statusCode).toBe(200);
  });
});
