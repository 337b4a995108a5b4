import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type BoxberryFake, startBoxberryFake } from '../../../tests/fakes/boxberry-fake.ts';
import { boxberryStage, createBoxberryCarrier } from './boxberry.ts';
import type { ShipmentRequest } from './carrier-provider.ts';
import { createSandboxCdek } from './sandbox-cdek.ts';

const fake: BoxberryFake = await startBoxberryFake();
afterAll(() => fake.close());

const errors: unknown[] = [];
function carrier(overrides: Partial<Parameters<typeof createBoxberryCarrier>[0]> = {}) {
  return createBoxberryCarrier({
    token: fake.token,
    apiUrl: fake.apiUrl,
    targetStart: '77961',
    cities: createSandboxCdek(),
    readTimeoutMs: 2_000,
    onError: (e) => errors.push(e),
    ...overrides,
  });
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.delayMs = 0;
  fake.hang = [];
  fake.failure = null;
  errors.length = 0;
});

const parcel = { weightGrams: 1200, valueKopecks: 500_000 };
const request = (orderNumber: number, mode: 'door' | 'pickup'): ShipmentRequest => ({
  orderNumber,
  mode,
  recipient: { name: 'Анна Петрова', phone: '+79991234567', email: 'anna@example.com' },
  destination: {
    cityCode: 137,
    city: 'Санкт-Петербург',
    countryCode: 'RU',
    postalCode: '190000',
    address: 'Невский пр., 1, кв. 5',
    pickupPointCode: mode === 'pickup' ? '010001' : null,
  },
  parcel,
  items: [{ sku: '4600000000017', name: 'Платье льняное, 44', price: 499_000, count: 2, weightGrams: 600 }],
});

describe('Boxberry: cities and points', () => {
  it('serves the shop’s cities Boxberry lists, matched by name and region', async () => {
    const boxberry = carrier();
    expect((await boxberry.cityByCode(137))?.name).toBe('Санкт-Петербург');
    expect(await boxberry.cityByCode(424)).toBeNull(); // Казань: not in the fake's list
    expect((await boxberry.suggestCities('Ново', 3)).map((c) => c.name)).toEqual(['Новосибирск']);
    expect(fake.calls.filter((c) => c.method === 'ListCities')).toHaveLength(1);
    expect(fake.calls[0]?.params).toMatchObject({ token: fake.token, CountryCode: '643' });
  });

  it('lists a city’s points with the shop’s city code, kept for hours', async () => {
    const boxberry = carrier();
    const points = await boxberry.pickupPoints(44);
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({
      code: '68001',
      carrier: 'boxberry',
      type: 'PVZ',
      nearestMetro: 'Арбатская',
      note: 'Вход с торца',
      workTime: 'пн-пт:10.00-20.00, сб:10.00-16.00',
      phones: [{ number: '8-800-222-80-00' }],
      location: {
        address: 'ул. Ящиков, д.1',
        cityCode: 44,
        postalCode: '101000',
        latitude: 55.71,
        longitude: 37.61,
      },
    });
    expect(points[1]?.type).toBe('POSTAMAT');
    expect(fake.calls.find((c) => c.method === 'ListPoints')?.params).toMatchObject({
      CityCode: '68',
      prepaid: '1',
    });
    await boxberry.pickupPoints(44);
    expect(fake.calls.filter((c) => c.method === 'ListPoints')).toHaveLength(1);
    // Истра: two namesakes, the one in Московская обл. has no points.
    expect(await boxberry.pickupPoints(1178)).toEqual([]);
    expect(fake.calls.at(-1)?.params.CityCode).toBe('1011');
  });

  it('fails loudly on a wrong token for lists (no silent empty checkout)', async () => {
    await expect(carrier({ token: 'wrong' }).pickupPoints(44)).rejects.toThrow(/Ключ интеграции/);
  });
});

describe('Boxberry: delivery cost', () => {
  it('prices a pickup to the city’s point and a door delivery to its postal code', async () => {
    const boxberry = carrier();
    const pickup = await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'pickup', parcel });
    expect(pickup).toEqual({ price: 28_050, periodMin: 5, periodMax: 5 });
    const costs = fake.calls.filter((c) => c.method === 'DeliveryCosts');
    expect(costs[0]?.params).toMatchObject({
      weight: '1200',
      target: '010001',
      ordersum: '5000',
      paysum: '0',
      sucrh: '1',
      targetstart: '77961',
    });
    const door = await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'door', parcel });
    expect(door?.price).toBe(40_050);
    expect(fake.calls.filter((c) => c.method === 'DeliveryCosts')[1]?.params.zip).toMatch(/^\d{6}$/);
    await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'pickup', parcel });
    expect(fake.calls.filter((c) => c.method === 'DeliveryCosts')).toHaveLength(2);
    // With the buyer's address, the courier price is asked for the buyer's own postal code, not
    // the city's first one.
    await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'door', parcel, postalCode: '194017' });
    expect(fake.calls.filter((c) => c.method === 'DeliveryCosts')[2]?.params.zip).toBe('194017');
    // A malformed one is not sent: the city's code stands in.
    await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'door', parcel, postalCode: '19A' });
    expect(fake.calls.filter((c) => c.method === 'DeliveryCosts')).toHaveLength(3);
  });

  it('answers null where it does not deliver, and when it fails or is slow', async () => {
    const boxberry = carrier();
    expect(await boxberry.quote({ fromCityCode: 44, toCityCode: 1178, mode: 'pickup', parcel })).toBeNull();
    expect(await boxberry.quote({ fromCityCode: 44, toCityCode: 424, mode: 'door', parcel })).toBeNull();
    expect(
      await boxberry.quote({
        fromCityCode: 44,
        toCityCode: 270,
        mode: 'door',
        parcel: { weightGrams: 40_000, valueKopecks: 0 },
      }),
    ).toBeNull();
    expect(errors).toHaveLength(0);
    fake.hang = ['DeliveryCosts'];
    expect(await boxberry.quote({ fromCityCode: 44, toCityCode: 270, mode: 'door', parcel })).toBeNull();
    // The fake never answers: an answer at all is the read deadline at work.
    fake.hang = [];
    fake.failure = 'http500';
    expect(await boxberry.quote({ fromCityCode: 44, toCityCode: 44, mode: 'door', parcel })).toBeNull();
    expect(errors).toHaveLength(2);
  });
});

describe('Boxberry: parcels', () => {
  it('creates a pickup parcel with ParselCreate and returns its track', async () => {
    const created = await carrier().createShipment(request(30_001, 'pickup'));
    expect(created.trackingNumber).toMatch(/^BB\d{9}$/);
    expect(created.carrierId).toBe(created.trackingNumber);
    const call = fake.calls.find((c) => c.method === 'ParselCreate');
    expect(call?.http).toBe('POST');
    expect(fake.parcels.get(created.carrierId)?.sdata).toMatchObject({
      order_id: '30001',
      price: 9980,
      payment_sum: 0,
      vid: 1,
      shop: { name: '010001', name1: '77961' },
      customer: { fio: 'Анна Петрова', phone: '+79991234567', email: 'anna@example.com' },
      items: [{ id: '4600000000017', name: 'Платье льняное, 44', price: 4990, quantity: 2 }],
      weights: { weight: 1200 },
    });
  });

  it('registers a parcel under its own reference (an exchange) beside the order’s own', async () => {
    const boxberry = carrier();
    await boxberry.createShipment(request(30_010, 'pickup'));
    const exchange = await boxberry.createShipment({
      ...request(30_010, 'pickup'),
      reference: '30010-E5001',
    });
    expect(fake.parcels.get(exchange.carrierId)?.sdata).toMatchObject({ order_id: '30010-E5001' });
  });

  it('creates a courier parcel to the address, and reports Boxberry’s refusal', async () => {
    const boxberry = carrier();
    const created = await boxberry.createShipment(request(30_002, 'door'));
    expect(fake.parcels.get(created.carrierId)?.sdata).toMatchObject({
      vid: 2,
      kurdost: { index: '190000', citi: 'Санкт-Петербург', addressp: 'Невский пр., 1, кв. 5' },
    });
    await expect(boxberry.createShipment(request(30_002, 'door'))).rejects.toThrow(/уже существует/);
  });

  it('reads a parcel’s statuses', async () => {
    const boxberry = carrier();
    const { carrierId } = await boxberry.createShipment(request(30_003, 'pickup'));
    expect((await boxberry.shipmentState(carrierId))?.stage).toBe('registered');
    fake.addStatus(carrierId, 'Принято к доставке', '2030-01-02T10:00:00');
    fake.addStatus(carrierId, 'Поступило в пункт выдачи', '2030-01-05T10:00:00');
    expect(await boxberry.shipmentState(carrierId)).toMatchObject({
      stage: 'at_pickup_point',
      trackingNumber: carrierId,
    });
    expect(await boxberry.shipmentState('BB000000000')).toBeNull();
    expect(boxberryStage('Выдано')).toBe('delivered');
  });
});
