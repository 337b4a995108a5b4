import { describe, expect, it } from 'vitest';
import { emptyGuestForm } from '../../../core/checkout/checkout.rules.ts';
import { cartTotals } from '../../../core/delivery/delivery.rules.ts';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';
import {
  dolyameCreateSchema,
  orderPayloadSchema,
  tinkoffCreateSchema,
} from '../../../core/orders/orders.schemas.ts';
import {
  buildDolyameRequest,
  buildOrderPayload,
  buildTinkoffRequest,
  type OrderDraft,
  splitFullName,
} from './order-payload.ts';
import { parseOrderResult } from './result-query.ts';

const form = {
  ...emptyGuestForm,
  fullName: 'Иванова Анна Сергеевна',
  phone: '79991234567',
  email: ' anna@example.ru ',
  comment: 'Позвоните за час',
  cityText: 'Санкт-Петербург',
  city: { code: 137, name: 'Санкт-Петербург', countryCode: 'RU' },
  address: 'Невский проспект, 10',
  room: '5',
};

function buildDraft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    locale: 'ru',
    currency: 'RUB',
    getWay: 'delivery-sdek',
    payment: 'online',
    form,
    pvz: null,
    quote: { status: 'ready', price: 500_00, periodMin: 2, periodMax: 4, maxDate: '2026-12-01' },
    lines: [{ id: 'scarf', name: 'Шарф «Зима» "камел"', price: 7_990_00, count: 1 }],
    totals: cartTotals({
      way: 'delivery-sdek',
      goods: 7_990_00,
      charge: { price: 500_00, free: false },
      promoDiscount: 799_00,
    }),
    promo: { code: 'welcome10', percent: 10, phone: '79991234567' },
    key: 'attempt-0001',
    months: 3,
    payerPhone: '',
    ...overrides,
  };
}

describe('the order payload (checkout.md §3)', () => {
  it('carries the confirmed city, the address and the promo code of a courier order, as the server reads it', () => {
    const payload = buildOrderPayload(buildDraft());
    expect(orderPayloadSchema.parse(payload)).toMatchObject({
      deliveryMethod: 'delivery-sdek',
      payment: 'online',
      email: 'anna@example.ru',
      city: 'Санкт-Петербург',
      cityID: 137,
      country: 'Russia',
      countryId: 1,
      address: 'Невский проспект, 10',
      room: '5',
      products: [{ variantId: 'scarf', count: 1 }],
      promocode: 'welcome10',
      consent: true,
      key: 'attempt-0001',
    });
    expect(payload).toMatchObject({
      getWay: 'delivery-sdek',
      products: [{ _id: 'scarf', count: 1 }],
      summ: 7_990_00,
      deliveryPrice: 500_00,
      promocodeDiscount: 10,
      promocodeDiscountPrice: 799_00,
      deliveryMaxDate: '2026-12-01',
    });
  });

  it('names the pickup point and takes the city from it', () => {
    const pvz = {
      code: 'MSK42',
      carrier: 'sdek',
      name: 'СДЭК на Тверской',
      type: 'PVZ',
      location: {
        address: 'ул. Тверская, 7',
        addressFull: '125009, Москва, ул. Тверская, 7',
        city: 'Москва',
        cityCode: 44,
        countryCode: 'RU',
        postalCode: '125009',
        latitude: 55.76,
        longitude: 37.61,
      },
      workTime: '',
      phones: [],
      nearestMetro: null,
      note: null,
    } satisfies PickupPoint;
    const sent = buildOrderPayload(buildDraft({ getWay: 'self-sdek', pvz }));
    expect(sent).toMatchObject({ getWay: 'self-sdek', pvzID: 'MSK42' });
    const payload = orderPayloadSchema.parse(sent);
    expect(payload).toMatchObject({
      deliveryMethod: 'self-sdek',
      pickupPointId: 'MSK42',
      pvz: 'Москва, ул. Тверская, 7, MSK42',
      cityID: 44,
      city: 'Москва',
      postal: '125009',
    });
  });

  it('sends the Moscow defaults, the date, the slot and the ring-road side for Moscow delivery', () => {
    const payload = buildOrderPayload(
      buildDraft({
        getWay: 'moscow',
        form: { ...form, date: '2026-11-25', time: '14:00-17:00' },
        quote: {
          status: 'ready',
          price: 900_00,
          periodMin: null,
          periodMax: null,
          maxDate: null,
          outMKAD: true,
        },
      }),
    );
    expect(orderPayloadSchema.parse(payload)).toMatchObject({
      city: 'Москва',
      cityID: 44,
      postal: '101000',
      countryId: 1,
      deliveryDate: '2026-11-25',
      deliveryTime: '14:00-17:00',
    });
    expect(payload).toMatchObject({ outMKAD: true, deliveryMaxDate: '2026-11-25' });
  });

  it('sends no promo code with fitting, where goods are paid at the fitting', () => {
    const payload = buildOrderPayload(
      buildDraft({ getWay: 'moscow-try', form: { ...form, date: '2026-11-25' } }),
    );
    expect(payload.promocode).toBeUndefined();
  });

  it('sends a city abroad by its country code from the English edition', () => {
    const payload = buildOrderPayload(
      buildDraft({
        locale: 'en',
        currency: 'USD',
        form: { ...form, city: { code: 0, name: 'Dubai', countryCode: 'AE' }, cityText: 'Dubai' },
      }),
    );
    expect(orderPayloadSchema.parse(payload)).toMatchObject({
      city: 'Dubai',
      countryCode: 'AE',
      currency: 'USD',
    });
    expect(payload.cityID).toBeUndefined();
  });

  it('carries the instalment term, the payer of pay-by-another-person and the phone payment', () => {
    expect(buildOrderPayload(buildDraft({ payment: 'tinkoff', months: 6 }))).toMatchObject({
      tinkoffCreditType: 'installment',
      instalmentMonths: 6,
    });
    const other = buildOrderPayload(buildDraft({ payment: 'other_pay', payerPhone: '79161234567' }));
    expect(orderPayloadSchema.parse(other)).toMatchObject({
      payment: 'other_pay',
      payerPhone: '79161234567',
    });
    expect(buildOrderPayload(buildDraft({ payment: 'hepay' }))).toMatchObject({
      hePayMode: true,
      hePayPhone: '79991234567',
    });
  });
});

describe('the instalment and BNPL starts (checkout.md §7)', () => {
  it('asks for the chosen term by its promo code and strips quotes from item names', () => {
    const request = tinkoffCreateSchema.parse(buildTinkoffRequest(17, buildDraft({ months: 4 })));
    expect(request).toMatchObject({ orderNumber: 17, promoCode: 'installment_0_0_4_4,5' });
    expect(request.items).toEqual([{ name: 'Шарф Зима камел', price: 7_990_00, quantity: 1 }]);
    expect(request.values).toEqual({
      contact: {
        fio: { lastName: 'Иванова', firstName: 'Анна', middleName: 'Сергеевна' },
        mobilePhone: '79991234567',
        email: 'anna@example.ru',
      },
    });
  });

  it('sends Dolyame the goods after the promo code, the delivery and the client', () => {
    const request = dolyameCreateSchema.parse(buildDolyameRequest(18, buildDraft({ payment: 'dolyame' })));
    expect(request).toMatchObject({
      orderID: 18,
      productsSumm: 7_191_00,
      deliverySumm: 500_00,
      promocodeDiscountPercent: 10,
      clientInfo: { firstName: 'Анна', lastName: 'Иванова', phone: '79991234567' },
    });
  });

  it('splits a name of one word without inventing the rest', () => {
    expect(splitFullName('Анна')).toEqual({ lastName: 'Анна', firstName: '', middleName: '' });
  });
});

describe('the payment return (checkout.md §2, §4)', () => {
  it('reads success case-insensitively and treats any other value as failure', () => {
    expect(parseOrderResult(new URLSearchParams('success=TRUE&orderID=12'))).toEqual({
      orderID: 12,
      success: true,
      key: null,
    });
    expect(parseOrderResult(new URLSearchParams('success=false&orderID=12'))?.success).toBe(false);
    expect(parseOrderResult(new URLSearchParams('success=yes&orderID=12'))?.success).toBe(false);
  });

  it('keeps the status key of the return address, and drops a malformed one', () => {
    const key = 'Ab_-0123456789abcdefXYZ';
    expect(parseOrderResult(new URLSearchParams(`success=true&orderID=12&key=${key}`))?.key).toBe(key);
    expect(parseOrderResult(new URLSearchParams('success=true&orderID=12&key=short'))?.key).toBeNull();
    expect(
      parseOrderResult(
        new URLSearchParams(`success=true&orderID=12&key=${encodeURIComponent('<x>'.repeat(8))}`),
      )?.key,
    ).toBeNull();
  });

  it('is no return without a valid order number', () => {
    expect(parseOrderResult(new URLSearchParams('success=true'))).toBeNull();
    expect(parseOrderResult(new URLSearchParams('success=true&orderID=abc'))).toBeNull();
    expect(parseOrderResult(new URLSearchParams('orderID=12'))).toBeNull();
  });
});
