import { describe, expect, it } from 'vitest';
import type { ReceiptOrder } from './payment-receipt.rules.ts';
import { buildSettlementReceipt } from './settlement-receipt.rules.ts';

const settings = { taxation: 'osn', vat: 'vat22' } as const;

function order(over: Partial<ReceiptOrder> = {}): ReceiptOrder {
  return {
    email: 'anna@example.ru',
    phone: '79991234567',
    goodsPayable: 1_000_00,
    promoDiscount: 0,
    deliveryPrice: 0,
    lines: [{ name: 'Платье', count: 3, price: 1_000_00 / 3, oldPrice: null, vatRate: 'vat20' }],
    ...over,
  };
}

describe('the settlement receipt (docs/product/receipts.md)', () => {
  it('is one item per marked unit with its code, the line’s amount spread to the kopeck', () => {
    const receipt = buildSettlementReceipt(
      order({
        goodsPayable: 10_000,
        lines: [{ name: 'Платье', count: 3, price: 3_334, oldPrice: null, vatRate: 'vat20' }],
        promoDiscount: 2,
      }),
      settings,
      [['c1', 'c2', 'c3']],
    );
    expect(receipt.items).toEqual([
      expect.objectContaining({ price: 3_332, quantity: 1, markCode: 'c1', vat: 'vat20' }),
      expect.objectContaining({ price: 3_332, quantity: 1, markCode: 'c2' }),
      expect.objectContaining({ price: 3_334, quantity: 1, markCode: 'c3' }),
    ]);
    expect(receipt.items.every((i) => i.paymentObject === 'goods_with_marking_code')).toBe(true);
    expect(receipt.payments).toEqual({ electronic: 0, advancePayment: 9_998 });
  });

  it('says full payment everywhere, keeps unmarked lines whole and delivery a service at the shop’s rate', () => {
    const receipt = buildSettlementReceipt(
      order({
        goodsPayable: 5_000_00,
        deliveryPrice: 500_00,
        lines: [
          { name: 'Шарф', count: 2, price: 1_500_00, oldPrice: null },
          { name: 'Пальто', count: 1, price: 2_000_00, oldPrice: null, vatRate: 'vat10' },
        ],
      }),
      settings,
      [undefined, ['код']],
    );
    expect(
      receipt.items.map((i) => [i.name, i.quantity, i.amount, i.vat, i.paymentObject, i.markCode]),
    ).toEqual([
      ['Шарф', 2, 3_000_00, 'vat22', 'commodity', undefined],
      ['Пальто', 1, 2_000_00, 'vat10', 'goods_with_marking_code', 'код'],
      ['Доставка', 1, 500_00, 'vat22', 'service', undefined],
    ]);
    expect(receipt.items.every((i) => i.paymentMethod === 'full_payment')).toBe(true);
    expect(receipt.payments?.advancePayment).toBe(5_500_00);
    expect(receipt.taxation).toBe('osn');
  });

  it('a marked line short of codes carries the rest as plain units, still adding up', () => {
    const receipt = buildSettlementReceipt(
      order({ goodsPayable: 1_001, lines: [{ name: 'Носки', count: 3, price: 1_001 / 3, oldPrice: null }] }),
      settings,
      [['only']],
    );
    expect(receipt.items.map((i) => [i.quantity, i.price, i.markCode])).toEqual([
      [1, 333, 'only'],
      [2, 334, undefined],
    ]);
    expect(receipt.items.reduce((s, i) => s + i.amount, 0)).toBe(1_001);
  });

  it('leaves out the units and delivery refunded before the hand-over, setting off the prepayment still held', () => {
    const receipt = buildSettlementReceipt(
      order({
        goodsPayable: 10_002,
        deliveryPrice: 500,
        lines: [{ name: 'Платье', count: 3, price: 3_334, oldPrice: null, vatRate: 'vat20' }],
        promoDiscount: 2,
      }),
      settings,
      [['c1', 'c2']],
      { units: [1], delivery: 500 },
    );
    // The first unit (3 333) was refunded; the two left keep their codes, the last its rounding.
    expect(receipt.items.map((i) => [i.quantity, i.price, i.markCode])).toEqual([
      [1, 3_333, 'c1'],
      [1, 3_334, 'c2'],
    ]);
    expect(receipt.payments).toEqual({ electronic: 0, advancePayment: 6_667 });
    // Everything refunded: nothing to settle.
    const none = buildSettlementReceipt(order(), settings, [[]], { units: [3], delivery: 0 });
    expect(none.items).toEqual([]);
  });
});
