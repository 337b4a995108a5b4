import { afterAll, describe, expect, it } from 'vitest';
import { type CdekFake, startCdekFake } from '../../../tests/fakes/cdek-fake.ts';
import type { ReturnShipmentRequest } from './carrier-provider.ts';
import { createCdekCarrier } from './cdek.ts';

// A buyer's return as a CDEK order to the shop's drop-off point (docs/product/returns.md,
// integrations.md §1: order create with the documented return tariffs 136 and 138).
const fake: CdekFake = await startCdekFake();
afterAll(() => fake.close());

const cdek = createCdekCarrier({
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  apiUrl: fake.apiUrl,
  shipmentPoint: 'MSK2181',
  readTimeoutMs: 2_000,
});

const request = (returnNumber: number, mode: 'pickup' | 'door'): ReturnShipmentRequest => ({
  returnNumber,
  orderNumber: 10_001,
  mode,
  sender: { name: 'Анна Петрова', phone: '+79991234567', email: 'anna@example.com' },
  shop: { name: 'Северная линия', phone: '+74951204567' },
  origin: {
    cityCode: 137,
    city: 'Санкт-Петербург',
    countryCode: 'RU',
    postalCode: '190000',
    address: 'Невский пр., 1, кв. 5',
    pickupPointCode: mode === 'pickup' ? 'SPB101' : null,
  },
  parcel: { weightGrams: 500, valueKopecks: 499_000 },
  items: [{ sku: '4600000000017', name: 'Платье льняное, 44', price: 499_000, count: 1, weightGrams: 500 }],
});

describe('CDEK: buyers’ returns', () => {
  it('registers a return from the buyer’s pickup point to the shop’s, the shop receiving, and gives its code', async () => {
    const made = await cdek.createReturnShipment?.(request(5_001, 'pickup'));
    expect(made?.carrierId).toMatch(/^[0-9a-f-]{36}$/);
    expect(made?.code).toMatch(/^\d{10}$/);
    expect(fake.orders.get(made?.carrierId ?? '')?.body).toMatchObject({
      type: 1,
      number: 'R5001',
      tariff_code: 136,
      shipment_point: 'SPB101',
      delivery_point: 'MSK2181',
      sender: { name: 'Анна Петрова', phones: [{ number: '+79991234567' }] },
      recipient: { name: 'Северная линия', phones: [{ number: '+74951204567' }] },
      packages: [{ items: [{ ware_key: '4600000000017', payment: { value: 0 }, cost: 4990, amount: 1 }] }],
    });
  });

  it('has a courier collect it at the buyer’s address with tariff 138', async () => {
    const made = await cdek.createReturnShipment?.(request(5_002, 'door'));
    const body = fake.orders.get(made?.carrierId ?? '')?.body;
    expect(body).toMatchObject({
      tariff_code: 138,
      from_location: { code: 137, address: 'Невский пр., 1, кв. 5', postal_code: '190000' },
      delivery_point: 'MSK2181',
    });
    expect(body).not.toHaveProperty('shipment_point');
  });

  it('never registers one return twice, and needs the point for a pickup-point return', async () => {
    await expect(cdek.createReturnShipment?.(request(5_001, 'pickup'))).rejects.toThrow(
      /v2_number_duplicate/,
    );
    await expect(
      cdek.createReturnShipment?.({
        ...request(5_003, 'pickup'),
        origin: { ...request(5_003, 'pickup').origin, pickupPointCode: null },
      }),
    ).rejects.toThrow(/needs the point/);
  });
});
