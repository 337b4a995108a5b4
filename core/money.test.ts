import { describe, expect, it } from 'vitest';
import { convertFromRub, discountPercent, formatMoney, priceInCurrency } from './money.ts';

describe('convertFromRub (DECISIONS 7: round(priceRub / rate * 1.1))', () => {
  it('converts 12 990 ₽ at 92.5312 ₽/$ to $154', () => {
    // 12990 / 92.5312 * 1.1 = 154.42… → 154
    expect(convertFromRub(12_990_00, 'USD', 925_312)).toEqual({ amount: 154_00, currency: 'USD' });
  });

  it('rounds half up in whole units', () => {
    // 100 ₽ at 110 ₽ per unit: 100 / 110 * 1.1 = 1.0 exactly; 150 ₽ → 1.5 → 2
    expect(convertFromRub(100_00, 'EUR', 1_100_000).amount).toBe(1_00);
    expect(convertFromRub(150_00, 'EUR', 1_100_000).amount).toBe(2_00);
  });

  it('refuses fractional or negative kopecks and a zero rate', () => {
    expect(() => convertFromRub(1.5, 'USD', 925_312)).toThrow(RangeError);
    expect(() => convertFromRub(-1, 'USD', 925_312)).toThrow(RangeError);
    expect(() => convertFromRub(100, 'USD', 0)).toThrow(RangeError);
  });

  it('passes roubles through and needs a rate for foreign currencies', () => {
    expect(priceInCurrency(5_00, 'RUB', {})).toEqual({ amount: 5_00, currency: 'RUB' });
    expect(() => priceInCurrency(5_00, 'AED', {})).toThrow(/No AED rate/);
  });
});

describe('formatMoney', () => {
  it('puts the rouble sign after the number with non-breaking spaces', () => {
    expect(formatMoney({ amount: 12_990_00, currency: 'RUB' }, 'ru')).toBe('12\u00a0990\u00a0₽');
  });

  it('writes dollars and euros before the number and AED as letters (not ₹)', () => {
    expect(formatMoney({ amount: 154_00, currency: 'USD' }, 'en')).toBe('$154');
    expect(formatMoney({ amount: 1_139_00, currency: 'EUR' }, 'en')).toBe('€1,139');
    expect(formatMoney({ amount: 549_00, currency: 'AED' }, 'en')).toBe('AED\u00a0549');
  });

  it('shows kopecks only when there are any', () => {
    expect(formatMoney({ amount: 10_50, currency: 'RUB' }, 'ru')).toBe('10,50\u00a0₽');
  });
});

describe('discountPercent', () => {
  it('is the rounded share taken off the old price', () => {
    expect(discountPercent(7_990_00, 9_990_00)).toBe(20);
  });

  it('is 0 without an old price or when the old price is not higher', () => {
    expect(discountPercent(100, null)).toBe(0);
    expect(discountPercent(100, 100)).toBe(0);
  });
});
