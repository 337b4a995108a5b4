import { describe, expect, it } from 'vitest';
import { bulkPrice } from './catalogue-admin.rules.ts';

describe('bulk price changes', () => {
  it('sets a price, refusing one not below the old price', () => {
    expect(bulkPrice({ price: 500_00, oldPrice: null }, { kind: 'price-set', price: 450_00 })).toEqual({
      ok: true,
      price: 450_00,
      oldPrice: null,
    });
    expect(bulkPrice({ price: 500_00, oldPrice: 600_00 }, { kind: 'price-set', price: 600_00 })).toEqual({
      ok: false,
    });
  });
  it('moves a price by a percentage in whole roubles', () => {
    expect(
      bulkPrice({ price: 9_990_00, oldPrice: null }, { kind: 'price-percent', percent: -10, sale: false }),
    ).toEqual({ ok: true, price: 8_991_00, oldPrice: null });
    expect(
      bulkPrice({ price: 1_234_56, oldPrice: null }, { kind: 'price-percent', percent: 10, sale: false }),
    ).toEqual({ ok: true, price: 1_358_00, oldPrice: null });
  });
  it('keeps the price before as the old price of a sale, or the old price already shown', () => {
    expect(
      bulkPrice({ price: 1_000_00, oldPrice: null }, { kind: 'price-percent', percent: -20, sale: true }),
    ).toEqual({ ok: true, price: 800_00, oldPrice: 1_000_00 });
    expect(
      bulkPrice({ price: 1_000_00, oldPrice: 1_500_00 }, { kind: 'price-percent', percent: -20, sale: true }),
    ).toEqual({ ok: true, price: 800_00, oldPrice: 1_500_00 });
  });
  it('refuses a rise that reaches the old price and a price out of range', () => {
    expect(
      bulkPrice({ price: 1_000_00, oldPrice: 1_100_00 }, { kind: 'price-percent', percent: 10, sale: false }),
    ).toEqual({ ok: false });
    expect(
      bulkPrice({ price: 1_00, oldPrice: null }, { kind: 'price-percent', percent: -90, sale: false }),
    ).toEqual({
      ok: false,
    });
  });
});
