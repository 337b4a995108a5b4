import { describe, expect, it } from 'vitest';
import { convertFromRub } from '../money.ts';
import { displayTotals } from './display-totals.rules.ts';

// 92.5 ₽ per dollar, in ten-thousandths.
const rates = { USD: 92_5000, EUR: 100_0000, AED: 25_1800 };

describe('display totals (DECISIONS 7)', () => {
  it('passes roubles through', () => {
    const shown = displayTotals(
      {
        lines: [{ price: 7_990_00, count: 2 }],
        totals: { goodsPayable: 15_980_00, delivery: 500_00, promoDiscount: 1_598_00, total: 14_882_00 },
      },
      'RUB',
      rates,
    );
    expect(shown).toEqual({
      currency: 'RUB',
      lines: [15_980_00],
      goods: 15_980_00,
      goodsPayable: 15_980_00,
      delivery: 500_00,
      promoDiscount: 1_598_00,
      total: 14_882_00,
    });
  });

  it('converts each unit price, so the total is the sum of the lines and rows shown', () => {
    // Three lines whose separate roundings differ from rounding their rouble sum.
    const lines = [
      { price: 1_990_00, count: 5 },
      { price: 7_990_00, count: 1 },
      { price: 4_490_00, count: 2 },
    ];
    const goodsRub = lines.reduce((s, l) => s + l.price * l.count, 0);
    const shown = displayTotals(
      {
        lines,
        totals: { goodsPayable: goodsRub, delivery: 2_350_00, promoDiscount: 0, total: goodsRub + 2_350_00 },
      },
      'USD',
      rates,
    );
    const unit = (kopecks: number) => convertFromRub(kopecks, 'USD', rates.USD).amount;
    expect(shown.lines).toEqual([unit(1_990_00) * 5, unit(7_990_00), unit(4_490_00) * 2]);
    expect(shown.goods).toBe(shown.lines.reduce((a, b) => a + b, 0));
    expect(shown.delivery).toBe(unit(2_350_00));
    expect(shown.total).toBe(shown.goods + (shown.delivery ?? 0));
    // Whole dollars throughout (DECISIONS 7 rounds to whole units).
    for (const v of [...shown.lines, shown.goods, shown.total]) expect(v % 100).toBe(0);
    // Converting the rouble total would give another figure: that is the point of the rule.
    expect(unit(goodsRub)).not.toBe(shown.goods);
  });

  it('takes the promo discount off the shown goods, and keeps unknown delivery unknown', () => {
    const shown = displayTotals(
      {
        lines: [{ price: 10_000_00, count: 1 }],
        totals: { goodsPayable: 10_000_00, delivery: null, promoDiscount: 1_000_00, total: 9_000_00 },
      },
      'EUR',
      rates,
    );
    expect(shown).toMatchObject({ goods: 11000, delivery: null, promoDiscount: 1100, total: 9900 });
  });

  it('refuses a currency without a rate', () => {
    expect(() =>
      displayTotals(
        { lines: [], totals: { goodsPayable: 0, delivery: 0, promoDiscount: 0, total: 0 } },
        'USD',
        {},
      ),
    ).toThrow(RangeError);
  });
});
