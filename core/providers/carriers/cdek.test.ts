import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type CdekFake, startCdekFake } from '../../../tests/fakes/cdek-fake.ts';
import type { ShipmentRequest } from './carrier-provider.ts';
import { CDEK_TARIFFS, cdekStage, createCdekCarrier } from './cdek.ts';

const fake: CdekFake = await startCdekFake();
afterAll(() => fake.close());

let clock = Date.now();
const errors: unknown[] = [];
function carrier(overrides: Partial<Parameters<typeof createCdekCarrier>[0]> = {}) {
  return createCdekCarrier({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiUrl: fake.apiUrl,
    shipmentPoint: 'MSK2181',
    readTimeoutMs: 2_000,
    now: () => clock,
    onError: (e) => errors.push(e),
    ...overrides,
  });
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.tokenRequests = 0;
  fake.tokenLifetimeS = 3600;
  fake.now = () => Date.now();
  fake.delayMs = 0;
  fake.hang = [];
  fake.failure = null;
  fake.numberAfterReads = 0;
  errors.length = 0;
  clock = Date.now();
});

const parcel = { weightGrams: 1200, valueKopecks: 500_000 };
const shipment = (orderNumber: number, mode: 'door' | 'pickup' = 'pickup'): ShipmentRequest => ({
  orderNumber,
  mode,
  recipient: { name: 'Анна Петрова', phone: '+79991234567', email: 'anna@example.com' },
  destination: {
    cityCode: 137,
    city: 'Санкт-Петербург',
    countryCode: 'RU',
    postalCode: '190000',
    address: 'Невский пр., 1, кв. 5',
    pickupPointCode: mode === 'pickup' ? 'SPB101' : null,
  },
  parcel,
  items: [{ sku: '4600000000017', name: 'Платье льняное, 44', price: 499_000, count: 1, weightGrams: 600 }],
});

describe('CDEK: the OAuth token', () => {
  it('is asked for once by concurrent callers with the documented form, then kept', async () => {
    const cdek = carrier();
    const [a, b, c] = await Promise.all([cdek.token(), cdek.token(), cdek.cityByCode(44)]);
    expect(a).toBe(b);
    expect(c?.name).toBe('Москва');
    expect(fake.tokenRequests).toBe(1);
    const tokenCall = fake.calls.find((call) => call.path === '/oauth/token');
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    const apiCall = fake.calls.find((call) => call.path === '/location/cities');
    expect(apiCall?.auth).toBe(`Bearer ${a}`);
    await cdek.cityByCode(137);
    expect(fake.tokenRequests).toBe(1);
  });

  it('is renewed shortly before it expires', async () => {
    const cdek = carrier();
    fake.tokenLifetimeS = 3600;
    const first = await cdek.token();
    clock += 3600_000 - 70_000;
    expect(await cdek.token()).toBe(first);
    clock += 20_000; // within the last minute of its life
    const second = await cdek.token();
    expect(second).not.toBe(first);
    expect(fake.tokenRequests).toBe(2);
  });

  it('survives a token the API refuses: one new token, the call repeated once', async () => {
    const cdek = carrier();
    const first = await cdek.token();
    fake.revokeTokens();
    const city = await cdek.cityByCode(270);
    expect(city?.name).toBe('Новосибирск');
    expect(fake.tokenRequests).toBe(2);
    const reads = fake.calls.filter((call) => call.path === '/location/cities');
    expect(reads.map((r) => r.auth)).toEqual([`Bearer ${first}`, `Bearer ${await cdek.token()}`]);
  });

  it('expires on the server before the shop expects: the refused call gets a new token', async () => {
    const cdek = carrier();
    fake.tokenLifetimeS = 1;
    await cdek.token();
    // A second and a little on the fake's clock: its token has expired there.
    const later = Date.now() + 1_100;
    fake.now = () => later;
    fake.tokenLifetimeS = 3600;
    clock -= 10_000; // the shop's clock still thinks the token is good
    expect((await cdek.cityByCode(137))?.name).toBe('Санкт-Петербург');
    expect(fake.tokenRequests).toBe(2);
  });

  it('refuses wrong credentials with an error, and asks again next time', async () => {
    const cdek = carrier({ clientSecret: 'wrong' });
    await expect(cdek.cityByCode(44)).rejects.toThrow(/client credentials/);
    await expect(cdek.token()).rejects.toThrow();
    expect(fake.tokenRequests).toBe(2);
  });
});

describe('CDEK: cities and pickup points', () => {
  it('suggests cities, looks them up by code and postal code, and keeps them', async () => {
    const cdek = carrier();
    const found = await cdek.suggestCities('Санкт', 5);
    expect(found).toEqual([
      expect.objectContaining({
        code: 137,
        name: 'Санкт-Петербург',
        countryCode: 'RU',
        region: 'Санкт-Петербург',
      }),
    ]);
    expect(fake.calls.find((c) => c.path === '/location/suggest/cities')?.query).toEqual({
      name: 'Санкт',
      country_code: 'RU',
    });
    expect((await cdek.cityByPostalCode('630000'))?.code).toBe(270);
    expect(fake.calls.find((c) => c.query.postal_code)?.query).toMatchObject({
      postal_code: '630000',
      country_codes: 'RU',
    });
    expect(await cdek.cityByCode(999)).toBeNull();
    expect(await cdek.cityByPostalCode('abc')).toBeNull();
    const before = fake.calls.length;
    await cdek.suggestCities('Санкт', 5);
    await cdek.cityByCode(137);
    await cdek.cityByCode(999);
    expect(fake.calls.length).toBe(before);
  });

  it('maps pickup points and keeps them for hours', async () => {
    const cdek = carrier();
    const points = await cdek.pickupPoints(44);
    expect(points).toHaveLength(3);
    expect(points[0]).toMatchObject({
      code: 'MSK101',
      carrier: 'sdek',
      type: 'PVZ',
      nearestMetro: 'Тверская',
      note: 'Вход со двора',
      location: { city: 'Москва', cityCode: 44, postalCode: '101000', address: 'ул. Пробная, 1' },
      phones: [{ number: '+74951234567' }],
    });
    expect(points[2]?.type).toBe('POSTAMAT');
    expect(fake.calls.find((c) => c.path === '/deliverypoints')?.query).toMatchObject({
      city_code: '44',
      type: 'ALL',
    });
    await cdek.pickupPoints(44);
    expect(fake.calls.filter((c) => c.path === '/deliverypoints')).toHaveLength(1);
    expect(await cdek.pickupPoints(1178)).toEqual([]);
  });

  it('serves the kept answer when the carrier fails after it expired', async () => {
    const cdek = carrier();
    await cdek.pickupPoints(137);
    clock += 7 * 60 * 60_000; // past the points' 6 hours (and the token's hour)
    fake.failure = 'http500';
    expect(await cdek.pickupPoints(137)).toHaveLength(3);
    expect(fake.calls.filter((c) => c.path === '/deliverypoints')).toHaveLength(2);
    fake.failure = null;
    await cdek.pickupPoints(137);
    expect(fake.calls.filter((c) => c.path === '/deliverypoints')).toHaveLength(3);
    await cdek.pickupPoints(137);
    expect(fake.calls.filter((c) => c.path === '/deliverypoints')).toHaveLength(3);
  });
});

describe('CDEK: tariffs', () => {
  it('prices door and pickup delivery with tariffs 137 and 136 as CDEK bills them: delivery and the insurance of the declared value', async () => {
    const cdek = carrier();
    const pickup = await cdek.quote({ fromCityCode: 44, toCityCode: 137, mode: 'pickup', parcel });
    const door = await cdek.quote({ fromCityCode: 44, toCityCode: 137, mode: 'door', parcel });
    // total_sum: delivery 650.50 ₽ (800.50 ₽ to the door) and 0.75 % of the declared value.
    const insurance = Math.round(parcel.valueKopecks * 0.0075);
    expect(pickup).toEqual({ price: 65_050 + insurance, periodMin: 3, periodMax: 4 });
    expect(door?.price).toBe(80_050 + insurance);
    const bodies = fake.calls.filter((c) => c.path === '/calculator/tariff').map((c) => c.body);
    const services = [{ code: 'INSURANCE', parameter: parcel.valueKopecks / 100 }];
    expect(bodies).toEqual([
      {
        type: 1,
        tariff_code: CDEK_TARIFFS.pickup,
        from_location: { code: 44 },
        to_location: { code: 137 },
        packages: [{ weight: 1200 }],
        services,
      },
      {
        type: 1,
        tariff_code: CDEK_TARIFFS.door,
        from_location: { code: 44 },
        to_location: { code: 137 },
        packages: [{ weight: 1200 }],
        services,
      },
    ]);
    // The request is the one CDEK's own plugin makes (tests/fixtures/cdek/).
    const plugin = JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../../../tests/fixtures/cdek/official-plugin-requests.json'),
        'utf8',
      ),
    );
    expect(Object.keys(bodies[0] as object).sort()).toEqual(
      Object.keys(plugin.tariffRequestWithInsurance).sort(),
    );
    await cdek.quote({ fromCityCode: 44, toCityCode: 137, mode: 'pickup', parcel });
    expect(fake.calls.filter((c) => c.path === '/calculator/tariff')).toHaveLength(2);
    // Another declared value is another price.
    await cdek.quote({
      fromCityCode: 44,
      toCityCode: 137,
      mode: 'pickup',
      parcel: { ...parcel, valueKopecks: 100_000 },
    });
    expect(fake.calls.filter((c) => c.path === '/calculator/tariff')).toHaveLength(3);
  });

  it('answers null where CDEK does not deliver, or when it fails or is slow', async () => {
    const cdek = carrier();
    expect(await cdek.quote({ fromCityCode: 44, toCityCode: 1178, mode: 'pickup', parcel })).toBeNull();
    expect(errors).toHaveLength(0);
    fake.failure = 'unavailable';
    expect(await cdek.quote({ fromCityCode: 44, toCityCode: 270, mode: 'door', parcel })).toBeNull();
    fake.failure = null;
    fake.hang = ['/calculator'];
    expect(await cdek.quote({ fromCityCode: 44, toCityCode: 270, mode: 'pickup', parcel })).toBeNull();
    // The fake never answers: an answer at all is the read deadline at work.
    expect(errors).toHaveLength(2);
    // A failure is not kept: the next quote asks again.
    fake.hang = [];
    expect(await cdek.quote({ fromCityCode: 44, toCityCode: 270, mode: 'door', parcel })).not.toBeNull();
  });
});

describe('CDEK: orders', () => {
  it('registers a pickup order from the shop’s drop-off point, with its items, and reads the CDEK number', async () => {
    const cdek = carrier();
    const created = await cdek.createShipment(shipment(20_001));
    expect(created.carrierId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.trackingNumber).toMatch(/^\d{10}$/);
    const order = fake.orders.get(created.carrierId);
    expect(order?.body).toMatchObject({
      type: 1,
      number: '20001',
      tariff_code: 136,
      shipment_point: 'MSK2181',
      delivery_point: 'SPB101',
      recipient: { name: 'Анна Петрова', phones: [{ number: '+79991234567' }], email: 'anna@example.com' },
      packages: [
        {
          number: '1',
          weight: 1200,
          items: [
            {
              name: 'Платье льняное, 44',
              ware_key: '4600000000017',
              payment: { value: 0 },
              cost: 4990,
              weight: 600,
              amount: 1,
            },
          ],
        },
      ],
    });
    expect(order?.body).not.toHaveProperty('to_location');
  });

  it('sends the phone as the shop keeps it (digits) in CDEK’s international form; the fake refuses another form', async () => {
    const request = shipment(20_010);
    const created = await carrier().createShipment({
      ...request,
      recipient: { ...request.recipient, phone: '79991234567' },
    });
    expect(fake.orders.get(created.carrierId)?.body).toMatchObject({
      recipient: { phones: [{ number: '+79991234567' }] },
    });
    // What the shop sent before this was fixed: digits without `+`.
    const token = await (
      await fetch(`${fake.apiUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=${fake.clientId}&client_secret=${fake.clientSecret}`,
      })
    ).json();
    const refused = await fetch(`${fake.apiUrl}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(fake.orders.get(created.carrierId)?.body as object),
        number: '20011',
        recipient: { name: 'Анна Петрова', phones: [{ number: '79991234567' }] },
      }),
    });
    const answer = await refused.json();
    expect(answer.requests[0]).toMatchObject({ state: 'INVALID' });
    expect(answer.requests[0].errors[0]).toMatchObject({ code: 'v2_field_is_invalid' });
  });

  it('prints a parcel’s waybill and barcode label as CDEK’s plugin does: asks, waits until READY, fetches the PDF', async () => {
    const waits: number[] = [];
    const cdek = carrier({ sleep: async (ms) => void waits.push(ms) });
    const created = await cdek.createShipment(shipment(20_020));
    const parcel = { carrierId: created.carrierId, trackingNumber: created.trackingNumber };
    const waybill = await cdek.printDocument?.(parcel, 'waybill');
    expect(waybill?.kind).toBe('waybill');
    expect(Buffer.from(waybill?.base64 ?? '', 'base64').toString()).toMatch(/^%PDF-1\.4\n% CDEK orders/);
    const label = await cdek.printDocument?.(parcel, 'label');
    expect(Buffer.from(label?.base64 ?? '', 'base64').toString()).toMatch(/% CDEK barcodes/);
    const asks = fake.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/print/'));
    expect(asks.map((c) => [c.path, c.body])).toEqual([
      ['/print/orders', { orders: [{ cdek_number: created.trackingNumber }], copy_count: 1 }],
      ['/print/barcodes', { orders: [{ cdek_number: created.trackingNumber }], format: 'A6' }],
    ]);
    // Each form was PROCESSING at the first look and READY at the second.
    expect(waits).toEqual([1_000, 1_000, 1_000, 1_000]);
    // A form that never becomes ready within the tries is refused, not waited on for ever.
    fake.printAfterReads = 100;
    await expect(cdek.printDocument?.(parcel, 'waybill')).rejects.toThrow(/not ready in time/);
    fake.printAfterReads = 1;
    // CDEK makes no customs invoice; an order it does not know is its refusal.
    await expect(cdek.printDocument?.(parcel, 'invoice')).rejects.toThrow(/no customs invoice/);
    await expect(
      cdek.printDocument?.(
        { carrierId: '00000000-0000-0000-0000-000000000000', trackingNumber: '999' },
        'label',
      ),
    ).rejects.toMatchObject({ httpStatus: 400, said: 'v2_entity_not_found orders' });
  });

  it('books a courier to collect the day’s parcels as CDEK’s plugin does, and reads its intake number', async () => {
    const tomorrow = new Date(fake.now() + 86_400_000).toISOString().slice(0, 10);
    const request = {
      date: tomorrow,
      from: '10:00',
      to: '15:00',
      cityCode: 44,
      address: 'ул. Тверская, 1',
      contact: { name: 'Склад Северной линии', phone: '74950000000' },
      parcels: 3,
      weightGrams: 1800,
      comment: 'Вход со двора',
    };
    const booked = await carrier().bookPickup?.(request);
    expect(booked?.number).toMatch(/^7\d{6}$/);
    expect(fake.intakes.get(booked?.carrierId ?? '')?.body).toEqual({
      intake_date: tomorrow,
      intake_time_from: '10:00',
      intake_time_to: '15:00',
      name: 'Одежда, мест: 3',
      weight: 1800,
      from_location: { code: 44, address: 'ул. Тверская, 1' },
      sender: { name: 'Склад Северной линии', phones: [{ number: '+74950000000' }] },
      need_call: false,
      comment: 'Вход со двора',
    });
    // A day gone by is CDEK's refusal, in its words.
    await expect(carrier().bookPickup?.({ ...request, date: '2020-01-01' })).rejects.toMatchObject({
      httpStatus: 400,
      said: 'v2_intake_date_invalid intake_date is in the past',
    });
  });

  it('registers a door order to the address with tariff 137', async () => {
    const created = await carrier().createShipment(shipment(20_002, 'door'));
    expect(fake.orders.get(created.carrierId)?.body).toMatchObject({
      tariff_code: 137,
      to_location: {
        code: 137,
        city: 'Санкт-Петербург',
        postal_code: '190000',
        country_code: 'RU',
        address: 'Невский пр., 1, кв. 5',
      },
    });
  });

  it('reports a refused order with CDEK’s reasons, and a number not yet assigned as null', async () => {
    const cdek = carrier();
    await cdek.createShipment(shipment(20_003));
    await expect(cdek.createShipment(shipment(20_003))).rejects.toThrow(/v2_number_duplicate/);
    await expect(
      carrier({ shipmentPoint: undefined as unknown as string }).createShipment(shipment(20_004)),
    ).rejects.toThrow(/shipment_point/);
    fake.numberAfterReads = 1;
    const later = await cdek.createShipment(shipment(20_005));
    expect(later.trackingNumber).toBeNull();
    expect((await cdek.shipmentState(later.carrierId))?.trackingNumber).toMatch(/^\d{10}$/);
  });

  it('registers a parcel under its own reference (an exchange) beside the order’s own', async () => {
    const cdek = carrier();
    await cdek.createShipment(shipment(20_030));
    const exchange = await cdek.createShipment({ ...shipment(20_030), reference: '20030-E5001' });
    expect(fake.orders.get(exchange.carrierId)?.body.number).toBe('20030-E5001');
    await expect(cdek.createShipment({ ...shipment(20_030), reference: '20030-E5001' })).rejects.toThrow(
      /v2_number_duplicate/,
    );
  });

  it('reads the latest status of an order, null for an unknown one', async () => {
    const cdek = carrier();
    const { carrierId } = await cdek.createShipment(shipment(20_006));
    expect((await cdek.shipmentState(carrierId))?.stage).toBe('registered');
    fake.addStatus(carrierId, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', '2030-01-10T10:00:00+0300');
    fake.addStatus(carrierId, 'ACCEPTED_AT_PICK_UP_POINT', '2030-01-12T12:00:00+0300');
    const state = await cdek.shipmentState(carrierId);
    expect(state).toMatchObject({ stage: 'at_pickup_point', code: 'ACCEPTED_AT_PICK_UP_POINT' });
    expect(state?.at?.toISOString()).toBe('2030-01-12T09:00:00.000Z');
    expect(await cdek.shipmentState('00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('maps the documented status codes', () => {
    expect(cdekStage('RECEIVED_AT_SHIPMENT_WAREHOUSE')).toBe('handed_over');
    expect(cdekStage('TAKEN_BY_COURIER')).toBe('handed_over');
    expect(cdekStage('ACCEPTED_AT_PICK_UP_POINT')).toBe('at_pickup_point');
    expect(cdekStage('DELIVERED')).toBe('delivered');
    expect(cdekStage('NOT_DELIVERED')).toBe('returned');
    expect(cdekStage('REMOVED')).toBe('other');
  });
});
