import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type DhlFake, startDhlFake } from '../../../tests/fakes/dhl-fake.ts';
import { openApiSchemas } from '../../../tests/support/openapi.ts';
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
    items: [
      {
        sku: '4600000000017',
        name: 'Платье льняное, 44',
        price: 499_000,
        count: 1,
        weightGrams: 600,
        customs: { description: 'Linen dress', hsCode: '620444', originCountry: 'RU' },
      },
    ],
  };
  /** DHL's own published schema (tests/fixtures/dhl/), not the fake's reading of it. */
  const published = openApiSchemas('dhl/mydhl-api-2.7.0.yaml');

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
        description: 'Linen dress',
        exportDeclaration: {
          invoice: { number: '40001', date: '2030-01-02' },
          exportReasonType: 'permanent',
          lineItems: [
            {
              number: 1,
              description: 'Linen dress',
              price: 4990,
              quantity: { value: 1, unitOfMeasurement: 'PCS' },
              commodityCodes: [{ typeCode: 'outbound', value: '620444' }],
              manufacturerCountry: 'RU',
              weight: { netValue: 0.6, grossValue: 0.6 },
            },
          ],
        },
      },
    });
    // The body holds DHL's published schema, with nothing it does not know.
    const body = fake.calls.find((c) => c.path === '/shipments')?.body;
    expect(published.check('supermodelIoLogisticsExpressCreateShipmentRequest', body)).toEqual([]);
    // DHL's label and the commercial invoice it was asked to make come back as PDF documents.
    expect(created.documents?.map((d) => d.kind)).toEqual(['label', 'invoice']);
    expect(Buffer.from(created.documents?.[0]?.base64 ?? '', 'base64').toString()).toMatch(/^%PDF-/);
  });

  it('names a parcel with its own reference (an exchange) in the reference and the invoice', async () => {
    const created = await carrier().createShipment({ ...request, reference: '40001-E5001' });
    expect(fake.shipments.get(created.carrierId)?.body).toMatchObject({
      customerReferences: [{ value: '40001-E5001', typeCode: 'CU' }],
      content: { exportDeclaration: { invoice: { number: '40001-E5001' } } },
    });
    const body = fake.calls.filter((c) => c.path === '/shipments').at(-1)?.body;
    expect(published.check('supermodelIoLogisticsExpressCreateShipmentRequest', body)).toEqual([]);
  });

  it('sends phones in the international form and leaves out an e-mail the buyer did not give', async () => {
    const created = await carrier({
      shipper: {
        companyName: 'Северная линия',
        phone: '84950000000',
        addressLine1: 'ул. Тверская, 1',
        postalCode: '125009',
        cityName: 'Moscow',
      },
    }).createShipment({
      ...request,
      recipient: { name: 'Jane Doe', phone: '4930123456', email: '' },
      destination: { ...request.destination, postalCode: '' },
    });
    const body = fake.shipments.get(created.carrierId)?.body as {
      customerDetails: Record<string, { contactInformation: Record<string, string> }>;
    };
    expect(body.customerDetails.shipperDetails?.contactInformation.phone).toBe('+74950000000');
    expect(body.customerDetails.receiverDetails?.contactInformation).toEqual({
      phone: '+4930123456',
      companyName: 'Jane Doe',
      fullName: 'Jane Doe',
    });
  });

  it('the fake answers as DHL does: 422 for a dutiable shipment without its export declaration, or off the schema', async () => {
    const body = {
      plannedShippingDateAndTime: '2030-01-02T12:00:00 GMT+03:00',
      pickup: { isRequested: false },
      productCode: 'P',
      accounts: [{ typeCode: 'shipper', number: fake.accountNumber }],
      customerDetails: {
        shipperDetails: {
          postalAddress: {
            postalCode: '125009',
            cityName: 'Moscow',
            countryCode: 'RU',
            addressLine1: 'Tverskaya 1',
          },
          contactInformation: { phone: '+74950000000', companyName: 'Shop', fullName: 'Shop' },
        },
        receiverDetails: {
          postalAddress: {
            postalCode: '10115',
            cityName: 'Berlin',
            countryCode: 'DE',
            addressLine1: 'Street 1',
          },
          contactInformation: { phone: '+4930123456', companyName: 'Jane', fullName: 'Jane' },
        },
      },
      content: {
        packages: [{ weight: 1, dimensions: { length: 30, width: 20, height: 10 } }],
        isCustomsDeclarable: true,
        description: 'Clothing',
        incoterm: 'DAP',
        unitOfMeasurement: 'metric',
      },
    };
    const post = (value: unknown) =>
      fetch(`${fake.apiUrl}/shipments`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${fake.apiKey}:${fake.apiSecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(value),
      });
    // What the shop sent before: clothing declared dutiable, no export declaration.
    expect(published.check('supermodelIoLogisticsExpressCreateShipmentRequest', body)).toEqual([]);
    const refused = await post(body);
    expect(refused.status).toBe(422);
    const problem = await refused.json();
    expect(problem).toMatchObject({ status: '422', title: 'Validation error' });
    expect(problem.detail).toMatch(/^7121: exportDeclaration/);
    expect(published.check('supermodelIoLogisticsExpressErrorResponse', problem)).toEqual([]);
    // An empty e-mail is off DHL's schema (minLength 1): refused with the schema's path.
    const receiver = body.customerDetails.receiverDetails;
    const offSchema = await post({
      ...body,
      customerDetails: {
        ...body.customerDetails,
        receiverDetails: { ...receiver, contactInformation: { ...receiver.contactInformation, email: '' } },
      },
    });
    expect(offSchema.status).toBe(422);
    expect((await offSchema.json()).detail).toMatch(
      /#\/customerDetails\/receiverDetails\/contactInformation\/email/,
    );
  });

  it('refuses to send a line without its customs data, before asking DHL', async () => {
    await expect(
      carrier().createShipment({
        ...request,
        items: [
          {
            ...(request.items[0] as ShipmentRequest['items'][number]),
            customs: { description: 'Dress', hsCode: null, originCountry: 'RU' },
          },
        ],
      }),
    ).rejects.toThrow(/customs data missing/);
    expect(fake.calls.filter((c) => c.path === '/shipments')).toHaveLength(0);
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
