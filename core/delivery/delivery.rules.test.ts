import { describe, expect, it } from 'vitest';
import { addDays, earliestDeliveryDate, isIsoDate, moscowDate } from './dates.rules.ts';
import {
  availableGetWays,
  cartTotals,
  type DeliverySettings,
  deliveryCharge,
  goodsAfterPromo,
  isFreeDelivery,
  moscowDeliveryPrice,
  resolveGetWay,
  sumForFreeDelivery,
} from './delivery.rules.ts';

const settings: DeliverySettings = {
  freeDeliveryMin: 15_000_00,
  englishDisabledGetWays: ['self-boxberry', 'moscow-try'],
  moscowDeliveryPrice: 500_00,
  moscowDeliveryOutMkadPrice: 900_00,
  moscowTryDeliveryPrice: 700_00,
  moscowTryDeliveryOutMkadPrice: 1200_00,
};

describe('availableGetWays', () => {
  it('lists all six methods in Russian', () => {
    expect(availableGetWays(settings, 'ru')).toEqual([
      'delivery-sdek',
      'self-sdek',
      'self-boxberry',
      'moscow',
      'moscow-try',
      'self',
    ]);
  });

  it('hides the English-disabled methods in English only', () => {
    expect(availableGetWays(settings, 'en')).toEqual(['delivery-sdek', 'self-sdek', 'moscow', 'self']);
  });

  it('hides moscow-try when its price is not configured', () => {
    const ways = availableGetWays({ ...settings, moscowTryDeliveryPrice: null }, 'ru');
    expect(ways).not.toContain('moscow-try');
    expect(ways).toHaveLength(5);
  });
});

describe('resolveGetWay', () => {
  it('defaults to delivery-sdek and refuses hidden or unknown methods', () => {
    const en = availableGetWays(settings, 'en');
    expect(resolveGetWay(undefined, en)).toBe('delivery-sdek');
    expect(resolveGetWay('moscow-try', en)).toBe('delivery-sdek');
    expect(resolveGetWay('drone', en)).toBe('delivery-sdek');
    expect(resolveGetWay('self', en)).toBe('self');
    expect(resolveGetWay('moscow', ['self', 'moscow'])).toBe('moscow');
    expect(resolveGetWay('x', ['self', 'moscow'])).toBe('self');
  });
});

describe('free delivery', () => {
  it('starts exactly at the threshold, in Russian only, and is off at 0', () => {
    expect(isFreeDelivery(14_999_99, settings.freeDeliveryMin, 'ru')).toBe(false);
    expect(isFreeDelivery(15_000_00, settings.freeDeliveryMin, 'ru')).toBe(true);
    expect(isFreeDelivery(90_000_00, settings.freeDeliveryMin, 'en')).toBe(false);
    expect(isFreeDelivery(90_000_00, 0, 'ru')).toBe(false);
  });

  it('tells what is left to spend', () => {
    expect(sumForFreeDelivery(10_000_00, 15_000_00, 'ru')).toBe(5_000_00);
    expect(sumForFreeDelivery(20_000_00, 15_000_00, 'ru')).toBe(0);
    expect(sumForFreeDelivery(10_000_00, 15_000_00, 'en')).toBe(0);
    expect(sumForFreeDelivery(10_000_00, 0, 'ru')).toBe(0);
  });

  it('counts what is left from the goods after the promo discount (DECISIONS 33)', () => {
    expect(goodsAfterPromo(15_990_00, 1_599_00)).toBe(14_391_00);
    expect(sumForFreeDelivery(goodsAfterPromo(15_990_00, 1_599_00), 15_000_00, 'ru')).toBe(609_00);
    expect(goodsAfterPromo(100_00, 500_00)).toBe(0);
  });
});

describe('deliveryCharge', () => {
  const charge = (
    way: Parameters<typeof deliveryCharge>[0]['way'],
    goods: number,
    quoted: number | null,
    locale: 'ru' | 'en' = 'ru',
    promoDiscount = 0,
  ) => deliveryCharge({ way, goods, promoDiscount, quoted, settings, locale });

  it('makes carrier delivery free from the threshold, even before the quote', () => {
    expect(charge('delivery-sdek', 20_000_00, 450_00)).toEqual({ price: 0, free: true });
    expect(charge('self-sdek', 20_000_00, null)).toEqual({ price: 0, free: true });
    expect(charge('self-boxberry', 5_000_00, 290_00)).toEqual({ price: 290_00, free: false });
    expect(charge('delivery-sdek', 5_000_00, null)).toBeNull();
  });

  it('judges the threshold on the goods after the promo discount (DECISIONS 33)', () => {
    // 15,990 ₽ with 10 % off is 14,391 ₽ payable: under the 15,000 ₽ threshold.
    expect(charge('delivery-sdek', 15_990_00, 450_00, 'ru', 1_599_00)).toEqual({
      price: 450_00,
      free: false,
    });
    expect(charge('self-sdek', 15_990_00, 290_00, 'ru', 1_599_00)).toEqual({ price: 290_00, free: false });
    expect(charge('delivery-sdek', 16_700_00, 450_00, 'ru', 1_670_00)).toEqual({ price: 0, free: true });
  });

  it('never makes English delivery free', () => {
    expect(charge('delivery-sdek', 90_000_00, 3_100_00, 'en')).toEqual({ price: 3_100_00, free: false });
  });

  it('always charges Moscow methods, above the threshold too', () => {
    expect(charge('moscow', 90_000_00, 500_00)).toEqual({ price: 500_00, free: false });
    expect(charge('moscow-try', 90_000_00, 1200_00)).toEqual({ price: 1200_00, free: false });
    expect(charge('moscow', 90_000_00, null)).toBeNull();
  });

  it('keeps self pickup free', () => {
    expect(charge('self', 1_00, null)).toEqual({ price: 0, free: true });
  });
});

describe('moscowDeliveryPrice', () => {
  it('picks the price by method and side of the ring road', () => {
    expect(moscowDeliveryPrice('moscow', false, settings)).toBe(500_00);
    expect(moscowDeliveryPrice('moscow', true, settings)).toBe(900_00);
    expect(moscowDeliveryPrice('moscow-try', false, settings)).toBe(700_00);
    expect(moscowDeliveryPrice('moscow-try', true, settings)).toBe(1200_00);
  });

  it('falls back to the inside price when no outside price is set, and refuses an unset moscow-try', () => {
    expect(
      moscowDeliveryPrice('moscow-try', true, { ...settings, moscowTryDeliveryOutMkadPrice: null }),
    ).toBe(700_00);
    expect(
      moscowDeliveryPrice('moscow-try', false, { ...settings, moscowTryDeliveryPrice: null }),
    ).toBeNull();
  });
});

describe('cartTotals', () => {
  it('adds delivery and subtracts the promo discount', () => {
    const totals = cartTotals({
      way: 'delivery-sdek',
      goods: 10_000_00,
      charge: { price: 450_00, free: false },
      promoDiscount: 1_000_00,
    });
    expect(totals).toEqual({
      goods: 10_000_00,
      goodsPayable: 10_000_00,
      delivery: 450_00,
      freeDelivery: false,
      promoDiscount: 1_000_00,
      total: 9_450_00,
    });
  });

  it('makes the goods sum zero with moscow-try: only delivery is paid', () => {
    const totals = cartTotals({
      way: 'moscow-try',
      goods: 30_000_00,
      charge: { price: 700_00, free: false },
      promoDiscount: 500_00,
    });
    expect(totals.goodsPayable).toBe(0);
    expect(totals.promoDiscount).toBe(0);
    expect(totals.total).toBe(700_00);
  });

  it('shows an unknown delivery as null and totals the goods alone', () => {
    const totals = cartTotals({ way: 'delivery-sdek', goods: 7_990_00, charge: null });
    expect(totals.delivery).toBeNull();
    expect(totals.total).toBe(7_990_00);
  });

  it('never goes below zero', () => {
    expect(
      cartTotals({ way: 'self', goods: 100_00, charge: { price: 0, free: true }, promoDiscount: 500_00 })
        .total,
    ).toBe(0);
  });
});

describe('Moscow dates', () => {
  it('takes tomorrow in Moscow as the earliest delivery date', () => {
    // 23:30 Moscow on 22 November is 20:30 UTC.
    expect(earliestDeliveryDate(new Date('2026-11-22T20:30:00Z'))).toBe('2026-11-23');
    // 00:30 Moscow on 23 November is still 22 November in UTC.
    expect(earliestDeliveryDate(new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-24');
    expect(moscowDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it('adds days across months and years and checks real days', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });
});
