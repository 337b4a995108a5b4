import { describe, expect, it } from 'vitest';
import { buildPaymentReceipt, DEFAULT_RECEIPT_SETTINGS, planLinesRefund } from './payment-receipt.rules.ts';

const base = { email: 'anna@example.ru', phone: '79991234567', promoDiscount: 0, deliveryPrice: 0 };
const sum = (items: { amount: number }[]) => items.reduce((s, i) => s + i.amount, 0);

describe('the 54-FZ receipt of a payment (DECISIONS 36)', () => {
  it('spreads the promo discount over the lines it applies to, splitting a line whose sum does not divide', () => {
    const receipt = buildPaymentReceipt(
      {
        ...base,
        goodsPayable: 1_000_00 + 999_99 * 3,
        promoDiscount: 100_01,
        deliveryPrice: 350_00,
        lines: [
          { name: 'Сумка', count: 1, price: 1_000_00, oldPrice: 1_500_00 },
          { name: 'Носки', count: 3, price: 999_99, oldPrice: null },
        ],
      },
      { taxation: 'osn', vat: 'vat22' },
    );
    expect(receipt.taxation).toBe('osn');
    expect(sum(receipt.items)).toBe(1_000_00 + 999_99 * 3 - 100_01 + 350_00);
    for (const i of receipt.items) expect(i.price * i.quantity).toBe(i.amount);
    expect(receipt.items[0]).toMatchObject({ name: 'Сумка', price: 1_000_00, quantity: 1, vat: 'vat22' });
    expect(receipt.items.filter((i) => i.name === 'Носки').map((i) => i.quantity)).toEqual([2, 1]);
    expect(receipt.items.at(-1)).toMatchObject({
      name: 'Доставка',
      amount: 350_00,
      paymentObject: 'service',
    });
  });

  it('gives each line its product’s VAT rate and delivery the shop’s; everything is a full prepayment', () => {
    const receipt = buildPaymentReceipt(
      {
        ...base,
        goodsPayable: 3_000_00 + 2_000_00,
        deliveryPrice: 400_00,
        lines: [
          { name: 'Пальто', count: 1, price: 3_000_00, oldPrice: null, vatRate: 'vat10' },
          { name: 'Шарф', count: 1, price: 2_000_00, oldPrice: null },
        ],
      },
      { taxation: 'osn', vat: 'vat22' },
    );
    expect(receipt.items.map((i) => [i.name, i.vat, i.paymentMethod, i.paymentObject])).toEqual([
      ['Пальто', 'vat10', 'full_prepayment', 'commodity'],
      ['Шарф', 'vat22', 'full_prepayment', 'commodity'],
      ['Доставка', 'vat22', 'full_prepayment', 'service'],
    ]);
  });

  it('carries only the delivery of a try-on order, whose goods are paid on fitting', () => {
    const receipt = buildPaymentReceipt(
      {
        ...base,
        goodsPayable: 0,
        deliveryPrice: 500_00,
        lines: [{ name: 'Платье', count: 1, price: 9_990_00, oldPrice: null }],
      },
      DEFAULT_RECEIPT_SETTINGS,
    );
    expect(receipt.items).toEqual([
      {
        name: 'Доставка',
        price: 500_00,
        quantity: 1,
        amount: 500_00,
        vat: 'none',
        paymentObject: 'service',
        paymentMethod: 'full_prepayment',
      },
    ]);
  });

  it('gives each refunded unit with a code its own item carrying it; the rest as before, the line’s rounding on its last unit', () => {
    // 10 000 kopecks over 3 units: 3 333, 3 333, 3 334.
    const order = {
      ...base,
      goodsPayable: 10_000,
      lines: [
        { id: 7, name: 'Платье', count: 3, price: 10_000 / 3, oldPrice: null, vatRate: 'vat20' as const },
      ],
    };
    const settings = { taxation: 'osn', vat: 'vat22' } as const;
    // One unit refunded earlier; now the two left, one of them with its code.
    const plan = planLinesRefund(
      order,
      new Map([[7, 1]]),
      [{ orderLineId: 7, units: 2 }],
      settings,
      0,
      'full_payment',
      new Map([[7, ['c2']]]),
    );
    expect(plan.receipt.items.map((i) => [i.price, i.quantity, i.paymentObject, i.markCode])).toEqual([
      [3_333, 1, 'goods_with_marking_code', 'c2'],
      [3_334, 1, 'commodity', undefined],
    ]);
    expect(plan.goods).toBe(6_667);
    expect(sum(plan.receipt.items)).toBe(plan.goods);
    // Without codes, the same units as one unmarked refund.
    const plain = planLinesRefund(order, new Map([[7, 1]]), [{ orderLineId: 7, units: 2 }], settings, 0);
    expect(plain.receipt.items.map((i) => [i.price, i.quantity, i.paymentObject])).toEqual([
      [3_333, 1, 'commodity'],
      [3_334, 1, 'commodity'],
    ]);
  });
});
