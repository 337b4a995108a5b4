import { describe, expect, it } from 'vitest';
import { buildPaymentReceipt } from '../orders/payment-receipt.rules.ts';
import type { ReceiptSettings } from '../providers/payments/payment-provider.ts';
import {
  canReturnTransition,
  planRefund,
  type ReturnOrder,
  refundItems,
  returnDeadline,
  returnInstructions,
  unitsRefund,
  withinWindow,
} from './returns.rules.ts';

const settings: ReceiptSettings = { taxation: 'usn_income', vat: 'none' };

/** Three full-price shirts, a sale coat (its own old price: no promo on it), 10% promo, delivery. */
const order: ReturnOrder = {
  email: 'anna@example.ru',
  phone: '79990000001',
  goodsPayable: 3 * 1_000_00 + 2_000_00,
  promoDiscount: 30_000,
  deliveryPrice: 500_00,
  lines: [
    { id: 11, name: 'Рубашка', count: 3, price: 1_000_00, oldPrice: null },
    { id: 12, name: 'Пальто', count: 1, price: 2_000_00, oldPrice: 2_500_00 },
  ],
};

const sum = (items: { amount: number }[]) => items.reduce((a, i) => a + i.amount, 0);

describe('the return window', () => {
  it('ends with the last Moscow calendar day of the window', () => {
    // Received 1 March at 23:30 Moscow (20:30 UTC): 7 days run to the end of 8 March, Moscow time.
    const received = new Date('2026-03-01T20:30:00Z');
    expect(returnDeadline(received, 7).toISOString()).toBe('2026-03-08T20:59:59.999Z');
    expect(withinWindow(received, 7, new Date('2026-03-08T20:59:59Z'))).toBe(true);
    expect(withinWindow(received, 7, new Date('2026-03-08T21:00:00Z'))).toBe(false);
  });

  it('takes the Moscow day of receipt, not the UTC one', () => {
    // 1 March 00:30 Moscow is still 28 February in UTC.
    const received = new Date('2026-02-28T21:30:00Z');
    expect(returnDeadline(received, 7).toISOString()).toBe('2026-03-08T20:59:59.999Z');
  });

  it('is closed for an order never delivered', () => {
    expect(withinWindow(null, 14, new Date())).toBe(false);
  });
});

describe('refunds of returned units', () => {
  it('add up to the line’s paid amount over several returns, the rounding kopecks on the last unit', () => {
    // 3 units for 2 700,01: 900,00 each and 900,01 for the last.
    expect(unitsRefund(270_001, 3, 0, 1)).toBe(90_000);
    expect(unitsRefund(270_001, 3, 1, 1)).toBe(90_000);
    expect(unitsRefund(270_001, 3, 2, 1)).toBe(90_001);
    expect(unitsRefund(270_001, 3, 0, 3)).toBe(270_001);
    expect(unitsRefund(270_001, 3, 1, 2)).toBe(180_001);
  });

  it('never refunds beyond the line', () => {
    expect(unitsRefund(270_001, 3, 3, 1)).toBe(0);
    expect(unitsRefund(270_001, 3, 2, 5)).toBe(90_001);
  });

  it('gives receipt items whose price times quantity is their amount', () => {
    const items = refundItems({ name: 'Рубашка', amount: 270_001, count: 3 }, 1, 2, settings);
    expect(items).toEqual([
      {
        name: 'Рубашка',
        price: 90_000,
        quantity: 1,
        amount: 90_000,
        vat: 'none',
        paymentObject: 'commodity',
        paymentMethod: 'full_payment',
      },
      {
        name: 'Рубашка',
        price: 90_001,
        quantity: 1,
        amount: 90_001,
        vat: 'none',
        paymentObject: 'commodity',
        paymentMethod: 'full_payment',
      },
    ]);
    expect(sum(items)).toBe(unitsRefund(270_001, 3, 1, 2));
  });

  it('refunds each line at the VAT rate its payment receipt gave it (its product’s), else the shop’s', () => {
    const own = refundItems({ name: 'Пальто', amount: 300_00, count: 1, vatRate: 'vat10' }, 0, 1, settings);
    expect(own.map((i) => i.vat)).toEqual(['vat10']);
    const shop = refundItems({ name: 'Шарф', amount: 300_00, count: 1 }, 0, 1, settings);
    expect(shop.map((i) => i.vat)).toEqual([settings.vat]);
  });

  it('spreads the promo discount as the payment receipt showed it', () => {
    const receipt = buildPaymentReceipt(order, settings);
    // The promo (300 ₽) falls on the shirts only: 2 700 ₽ for three, the coat at its price.
    const shirts = receipt.items.filter((i) => i.name === 'Рубашка');
    expect(sum(shirts)).toBe(2_700_00);
    const plan = planRefund(order, new Map(), [{ orderLineId: 11, units: 1 }], settings, 'buyer', 0);
    expect(plan.goods).toBe(900_00);
    expect(plan.delivery).toBe(0);
    expect(sum(plan.receipt.items)).toBe(plan.goods);
    expect(plan.receipt.items[0]).toMatchObject({ price: shirts[0]?.price, quantity: 1 });
  });

  it('refunds exactly what was paid when everything comes back in several returns, delivery once when the shop pays it', () => {
    const paid = sum(buildPaymentReceipt(order, settings).items);
    const first = planRefund(order, new Map(), [{ orderLineId: 11, units: 2 }], settings, 'shop', 0);
    expect(first.delivery).toBe(0);
    const second = planRefund(
      order,
      new Map([[11, 2]]),
      [
        { orderLineId: 11, units: 1 },
        { orderLineId: 12, units: 1 },
      ],
      settings,
      'shop',
      0,
    );
    expect(second.delivery).toBe(500_00);
    expect(first.goods + second.goods + second.delivery).toBe(paid);
    expect(sum(second.receipt.items)).toBe(second.goods + second.delivery);
    expect(second.receipt.items.at(-1)).toMatchObject({ name: 'Доставка', paymentObject: 'service' });
  });

  it('keeps the delivery when the buyer pays the way back, and never refunds it twice', () => {
    const all = [
      { orderLineId: 11, units: 3 },
      { orderLineId: 12, units: 1 },
    ];
    expect(planRefund(order, new Map(), all, settings, 'buyer', 0).delivery).toBe(0);
    expect(planRefund(order, new Map(), all, settings, 'shop', 500_00).delivery).toBe(0);
  });

  it('refunds nothing for units already refunded', () => {
    const plan = planRefund(order, new Map([[11, 3]]), [{ orderLineId: 11, units: 1 }], settings, 'buyer', 0);
    expect(plan.goods).toBe(0);
    expect(plan.receipt.items).toEqual([]);
  });

  it('works to the kopeck on a promo that does not divide evenly', () => {
    const odd: ReturnOrder = {
      ...order,
      goodsPayable: 3 * 333_33 + 1_00,
      promoDiscount: 7_77,
      deliveryPrice: 0,
      lines: [
        { id: 1, name: 'A', count: 3, price: 333_33, oldPrice: null },
        { id: 2, name: 'B', count: 1, price: 1_00, oldPrice: null },
      ],
    };
    const paid = sum(buildPaymentReceipt(odd, settings).items);
    const parts = [
      planRefund(odd, new Map(), [{ orderLineId: 1, units: 1 }], settings, 'buyer', 0),
      planRefund(odd, new Map([[1, 1]]), [{ orderLineId: 1, units: 1 }], settings, 'buyer', 0),
      planRefund(
        odd,
        new Map([[1, 2]]),
        [
          { orderLineId: 1, units: 1 },
          { orderLineId: 2, units: 1 },
        ],
        settings,
        'buyer',
        0,
      ),
    ];
    expect(parts.reduce((a, p) => a + p.goods, 0)).toBe(paid);
    for (const p of parts) expect(sum(p.receipt.items)).toBe(p.goods);
  });
});

describe('instructions', () => {
  it('name the return number and, with a carrier, its code', () => {
    const ru = returnInstructions('ru', {
      label: 'R5001',
      method: 'pickup_point',
      carrier: 'sdek',
      code: '1900005001',
      showroom: '',
    });
    expect(ru).toContain('R5001');
    expect(ru).toContain('СДЭК 1900005001');
    const en = returnInstructions('en', {
      label: 'R5002',
      method: 'showroom',
      carrier: null,
      code: null,
      showroom: 'Moscow, Tverskaya 1',
    });
    expect(en).toContain('showroom (Moscow, Tverskaya 1)');
  });
});

describe('return state transitions', () => {
  it('lets a requested return be received or cancelled, a received one only be closed', () => {
    expect(canReturnTransition('requested', 'received')).toBe(true);
    expect(canReturnTransition('requested', 'cancelled')).toBe(true);
    expect(canReturnTransition('requested', 'closed')).toBe(false);
    expect(canReturnTransition('received', 'closed')).toBe(true);
    expect(canReturnTransition('received', 'cancelled')).toBe(false);
    expect(canReturnTransition('received', 'requested')).toBe(false);
  });

  it('changes a closed or cancelled return no more', () => {
    for (const to of ['requested', 'received', 'closed', 'cancelled'] as const) {
      expect(canReturnTransition('closed', to)).toBe(false);
      expect(canReturnTransition('cancelled', to)).toBe(false);
    }
  });
});
