import { describe, expect, it } from 'vitest';
import { buildPaymentReceipt } from '../orders/payment-receipt.rules.ts';
import {
  type BuyoutLine,
  type BuyoutOrder,
  buyoutReceipt,
  buyoutRefusal,
  keptRefusal,
  keptShare,
  lineNets,
  settleBuyout,
  unitsBackToStock,
} from './buyout.rules.ts';

const settings = { taxation: 'usn_income', vat: 'none' } as const;

const line = (id: number, price: number, count = 1, oldPrice: number | null = null): BuyoutLine => ({
  id,
  name: `Вещь ${id}`,
  count,
  price,
  oldPrice,
  reserved: count,
});

/** A try-on order: goods paid at the fitting (goodsPayable 0), no promo (checkout refuses one). */
const tryOn = (lines: BuyoutLine[]): BuyoutOrder => ({
  email: 'anna@example.ru',
  phone: '79990000001',
  goodsTotal: lines.reduce((a, l) => a + l.price * l.count, 0),
  goodsPayable: 0,
  promoDiscount: 0,
  lines,
});

const sum = (items: { amount: number }[]) => items.reduce((a, i) => a + i.amount, 0);

describe('who may record a buyout', () => {
  it('takes a try-on order with the courier', () => {
    expect(buyoutRefusal({ deliveryMethod: 'moscow-try', status: 'shipped' }, [])).toBeNull();
  });
  it('refuses a method without payment on delivery unless the settings add it', () => {
    expect(buyoutRefusal({ deliveryMethod: 'moscow', status: 'shipped' }, [])).toBe('not_buyout_way');
    expect(buyoutRefusal({ deliveryMethod: 'delivery-sdek', status: 'shipped' }, ['moscow'])).toBe(
      'not_buyout_way',
    );
    expect(buyoutRefusal({ deliveryMethod: 'moscow', status: 'shipped' }, ['moscow'])).toBeNull();
  });
  it('refuses an order the courier does not have yet, or one already closed', () => {
    for (const status of ['paid', 'confirmed', 'delivered', 'cancelled'] as const) {
      expect(buyoutRefusal({ deliveryMethod: 'moscow-try', status }, [])).toBe('not_with_courier');
    }
  });
});

describe('the kept list', () => {
  const lines = [line(1, 1000_00, 2), line(2, 500_00)];
  it('accepts known lines within their counts, lines left out being handed back', () => {
    expect(keptRefusal(lines, [{ lineId: 1, count: 2 }])).toBeNull();
    expect(keptRefusal(lines, [])).toBeNull();
  });
  it('refuses an unknown line, a line twice and more than a line holds', () => {
    expect(keptRefusal(lines, [{ lineId: 9, count: 1 }])).toEqual({ kind: 'unknown_line', lineId: 9 });
    expect(
      keptRefusal(lines, [
        { lineId: 1, count: 1 },
        { lineId: 1, count: 1 },
      ]),
    ).toEqual({ kind: 'duplicate_line', lineId: 1 });
    expect(keptRefusal(lines, [{ lineId: 2, count: 2 }])).toEqual({ kind: 'too_many', lineId: 2, max: 1 });
  });
});

describe('what the buyer pays for the kept goods', () => {
  it('pays for 2 of 4 items to the kopeck, nothing for delivery (paid at checkout)', () => {
    const order = tryOn([line(1, 12_990_00), line(2, 4_990_50), line(3, 7_000_00), line(4, 2_499_99)]);
    const outcome = settleBuyout(order, [
      { lineId: 2, count: 1 },
      { lineId: 4, count: 1 },
    ]);
    expect(outcome.mode).toBe('pay');
    expect(outcome.keptAmount).toBe(4_990_50 + 2_499_99);
    expect(outcome.amount).toBe(7_490_49);
    expect(outcome.returnedAmount).toBe(19_990_00);
    const receipt = buyoutReceipt(order, outcome, settings);
    expect(receipt.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['Вещь 2', 4_990_50, 1],
      ['Вещь 4', 2_499_99, 1],
    ]);
    expect(receipt.items.every((i) => i.paymentObject === 'commodity')).toBe(true);
    expect(sum(receipt.items)).toBe(outcome.amount);
  });

  it('kept nothing: nothing to pay, the order just closes', () => {
    const outcome = settleBuyout(tryOn([line(1, 1000_00), line(2, 2000_00)]), []);
    expect(outcome).toMatchObject({ mode: 'none', amount: 0, keptAmount: 0, returnedAmount: 3000_00 });
  });

  it('keeps part of a line of several units at the unit price', () => {
    const order = tryOn([line(1, 1500_00, 3)]);
    const outcome = settleBuyout(order, [{ lineId: 1, count: 2 }]);
    expect(outcome.amount).toBe(3000_00);
    expect(outcome.lines[0]).toMatchObject({ kept: 2, returned: 1, returnedAmount: 1500_00 });
  });
});

describe('the discount spread the way the order receipt spreads it', () => {
  // Goods paid ahead with a promo code: 10 % of the lines without their own discount.
  const promoOrder = (): BuyoutOrder => {
    const lines = [line(1, 3333_33, 3), line(2, 1000_00, 1, 1500_00), line(3, 999_99, 2)];
    const goods = lines.reduce((a, l) => a + l.price * l.count, 0);
    const promo = Math.round(((3333_33 * 3 + 999_99 * 2) * 10) / 100);
    return { ...tryOn(lines), goodsTotal: goods, goodsPayable: goods, promoDiscount: promo };
  };

  it('gives each line the same net as the whole order receipt', () => {
    const order = promoOrder();
    const nets = lineNets(order);
    const whole = buildPaymentReceipt({ ...order, deliveryPrice: 0 }, settings);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(sum(whole.items));
    expect(nets[1]).toBe(1000_00); // its own old price: no promo on it
    const keptAll = settleBuyout(
      { ...order, goodsPayable: 0 },
      order.lines.map((l) => ({ lineId: l.id, count: l.count })),
    );
    // The same items; the buyout settles as the goods are handed over, the order's receipt prepays.
    const bought = buyoutReceipt(order, keptAll, settings).items;
    expect(bought.map(({ paymentMethod, ...i }) => i)).toEqual(
      whole.items.map(({ paymentMethod, ...i }) => i),
    );
    expect(bought.every((i) => i.paymentMethod === 'full_payment')).toBe(true);
    expect(whole.items.every((i) => i.paymentMethod === 'full_prepayment')).toBe(true);
  });

  it('refunds what was handed back of goods paid ahead; kept + refunded = paid, to the kopeck', () => {
    const order = promoOrder();
    const paid = order.goodsPayable - order.promoDiscount;
    const outcome = settleBuyout(order, [
      { lineId: 1, count: 1 },
      { lineId: 2, count: 1 },
    ]);
    expect(outcome.mode).toBe('refund');
    expect(outcome.keptAmount + outcome.returnedAmount).toBe(paid);
    expect(outcome.amount).toBe(outcome.returnedAmount);
    const receipt = buyoutReceipt(order, outcome, settings);
    expect(sum(receipt.items)).toBe(outcome.amount);
    for (const item of receipt.items) expect(item.price * item.quantity).toBe(item.amount);
    expect(receipt.items.some((i) => i.name === 'Вещь 2')).toBe(false);
  });

  it('keeps everything of goods paid ahead: nothing to refund', () => {
    const order = promoOrder();
    const outcome = settleBuyout(
      order,
      order.lines.map((l) => ({ lineId: l.id, count: l.count })),
    );
    expect(outcome).toMatchObject({ mode: 'none', amount: 0, returnedAmount: 0 });
  });

  it('splits kept and handed-back units of an uneven line so both add up', () => {
    expect(keptShare(1000_01, 3, 2)).toBe(666_66);
    expect(1000_01 - keptShare(1000_01, 3, 2)).toBe(333_35);
    expect(keptShare(1000_01, 3, 3)).toBe(1000_01);
  });
});

describe('stock coming back', () => {
  it('returns the handed-back units, never more than the line took from stock', () => {
    expect(unitsBackToStock({ reserved: 2 }, 2)).toBe(2);
    expect(unitsBackToStock({ reserved: 1 }, 2)).toBe(1);
    expect(unitsBackToStock({ reserved: 0 }, 1)).toBe(0);
  });
});
