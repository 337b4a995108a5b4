import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type DhlFake, startDhlFake } from '../../../tests/fakes/dhl-fake.ts';
import type { ShipmentRequest } from './carrier-provider.ts';
import { createDhlCarrier, dhlStage } from './dhl.ts';

const fake: DhlFake = await startDhlFake();
afterAll(() => fake.close());

const errors: unknown[] = [];
function carrier(overrides: Partial<Parameters<typeof createDhlCarrier>[0]> = {}) {
  return createDhlCarrier({
    apiKey: fake.apiKey,
    apiSecret: fake.apiSecret,
    accountNumber: fake.accountNumber,
    apiUrl: fake.apiUrl,
    shipper: {
      companyName: 'Северная линия',
      phone: '+74950000000',
      addressLine1: 'ул. Тверская, 1',
      postalCode: '125009',
      cityName: 'Moscow',
    },
    readTimeoutMs: 2_000,
    clock: () => new Date('2030-01-01T09:00:00Z'),
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

describe('DHL: rates', () => {
  it('asks GET /rates from Moscow with the documented parameters and takes the cheapest rouble price', async () => {
    const dhl = carrier();
    const quote = await dhl.quote({ countryCode: 'de', city: 'Berlin', postalCode: '10115', parcel });
    expect(quote).toEqual({ price: (4500 + 2 * 900) * 100 + 25, periodMin: 3, periodMax: 3 });
    const call = fake.calls.find((c) => c.path === '/rates');
    expect(call?.query).toEqual({
      accountNumber: fake.accountNumber,
      originCountryCode: 'RU',
      originCityName: 'Moscow',
      originPostalCode: '125009',
      destinationCountryCode: 'DE',
      destinationCityName: 'Berlin',
      destinationPostalCode: '10115',
      weight: '1.2',
      length: '30',
      width: '20',
      height: '10',
      plannedShippingDate: '2030-01-02',
      isCustomsDeclarable: 'true',
      unitOfMeasurement: 'metric',
    });
    await dhl.quote({ countryCode: 'DE', city: 'Berlin', postalCode: '10115', parcel });
    expect(fake.calls.filter((c) => c.path === '/rates')).toHaveLength(1);
  });

  it('answers null for a route DHL does not serve, Russia, a heavy parcel, and when DHL fails or is slow', async () => {
    const dhl = carrier();
    expect(await dhl.quote({ countryCode: 'KP', city: 'Pyongyang', postalCode: null, parcel })).toBeNull();
    expect(await dhl.quote({ countryCode: 'RU', city: 'Moscow', postalCode: null, parcel })).toBeNull();
    expect(
      await dhl.quote({
        countryCode: 'DE',
        city: 'Berlin',
        postalCode: null,
        parcel: { weightGrams: 31_000, valueKopecks: 0 },
      }),
    ).toBeNull();
    expect(errors).toHaveLength(0);
    fake.hang = ['/rates'];
    expect(await dhl.quote({ countryCode: 'FR', city: 'Paris', postalCode: null, parcel })).toBeNull();
    // The fake never answers: an answer at all is the read deadline at work.
    fake.hang = [];
    fake.failure = 'http500';
    expect(await dhl.quote({ countryCode: 'US', city: 'Boston', postalCode: null, parcel })).toBeNull();
    fake.failure = null;
    expect(
      await carrier({ apiSecret: 'wrong' }).quote({
        countryCode: 'AE',
        city: 'Dubai',
        postalCode: null,
        parcel,
      }),
    ).toBeNull();
    expect(errors).toHaveLength(3);
  });

  it('suggests world cities from the offline list', async () => {
    expect((await carrier().suggestCities('Berl', 3))[0]).toMatchObject({
      name: 'Berlin',
      countryCode: 'DE',
    });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('DHL: shipments', () => {
  const request: ShipmentRequest = {
    orderNumber: 40_001,
    mode: 'door',
    recipient: { name: 'Jane Doe', phone: '+4930123456', email: 'jane@example.com' },
    destination: {
      cityCode: null,
      city: 'Berlin',
      countryCode: 'DE',
      postalCode: '10115',
      address: 'Invalidenstraße 1',
      pickupPointCode: null,
    },
    parcel,
    items: [{ sku: '4600000000017', name: 'Linen dress, 44', price: 499_000, count: 1, weightGrams: 600 }],
  };

  it('creates a shipment with POST /shipments and returns the waybill number', async () => {
    const created = await carrier().createShipment(request);
    expect(created.trackingNumber).toMatch(/^\d{10}$/);
    expect(fake.shipments.get(created.carrierId)?.body).toMatchObject({
      plannedShippingDateAndTime: '2030-01-02T12:00:00 GMT+03:00',
      productCode: 'P',
      accounts: [{ typeCode: 'shipper', number: fake.accountNumber }],
      customerReferences: [{ value: '40001', typeCode: 'CU' }],
      customerDetails: {
        shipperDetails: { postalAddress: { cityName: 'Moscow', countryCode: 'RU', postalCode: '125009' } },
        receiverDetails: {
          postalAddress: {
            cityName: 'Berlin',
            countryCode: 'DE',
            postalCode: '10115',
            addressLine1: 'Invalidenstraße 1',
          },
          contactInformation: { phone: '+4930123456', fullName: 'Jane Doe', email: 'jane@example.com' },
        },
      },
      content: {
        packages: [{ weight: 1.2, dimensions: { length: 30, width: 20, height: 10 } }],
        declaredValue: 4990,
        declaredValueCurrency: 'RUB',
        isCustomsDeclarable: true,
      },
    });
  });

  it('reports DHL’s refusal and reads tracking events', async () => {
    const dhl = carrier();
    await expect(
      dhl.createShipment({ ...request, destination: { ...request.destination, countryCode: 'KP' } }),
    ).rejects.toThrow(/Destination not served/);
    const { carrierId } = await dhl.createShipment(request);
    expect((await dhl.shipmentState(carrierId))?.stage).toBe('registered');
    fake.shipments
      .get(carrierId)
      ?.events.push(
        { date: '2030-01-02', time: '15:00:00', typeCode: 'PU' },
        { date: '2030-01-04', time: '11:00:00', typeCode: 'OK' },
      );
    expect(await dhl.shipmentState(carrierId)).toMatchObject({ stage: 'delivered', code: 'OK' });
    expect(await dhl.shipmentState('9999999999')).toBeNull();
    expect(dhlStage('PU')).toBe('handed_over');
  });
});
