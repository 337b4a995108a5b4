import { describe, expect, it } from 'vitest';
import { canTransition } from './order.rules.ts';
import { availableSteps, csvCell, csvMoney, parseOrderSearch, stepRefusal } from './orders-admin.rules.ts';

describe('order search', () => {
  it('reads a phone in any format as the full number, matched exactly', () => {
    for (const q of [
      '+7 (916) 123-45-67',
      '8 916 123 45 67',
      '9161234567',
      '79161234567',
      '+7-916-123-4567',
    ]) {
      expect(parseOrderSearch(q)).toEqual({ kind: 'phone', digits: '79161234567', exact: true });
    }
  });

  it('reads up to 8 digits alone as an order number, a longer fragment with punctuation as a part of a phone', () => {
    expect(parseOrderSearch('10042')).toEqual({ kind: 'number', number: 10042 });
    expect(parseOrderSearch('№ 10042')).toEqual({ kind: 'number', number: 10042 });
    expect(parseOrderSearch('123-45-67')).toEqual({ kind: 'phone', digits: '1234567', exact: false });
    expect(parseOrderSearch('12-3')).toEqual({ kind: 'name', text: '12-3' });
  });

  it('reads an @ as an e-mail, lower-cased, and anything else as a part of the name', () => {
    expect(parseOrderSearch(' Anna@Example.RU ')).toEqual({ kind: 'email', email: 'anna@example.ru' });
    expect(parseOrderSearch('Иванова')).toEqual({ kind: 'name', text: 'Иванова' });
    expect(parseOrderSearch('   ')).toBeNull();
  });
});

describe('staff steps', () => {
  it('lets a manager confirm, ship, mark ready and cancel a paid order only as the table says', () => {
    expect(canTransition('paid', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(stepRefusal({ status: 'awaiting_payment', deliveryMethod: 'self' }, 'delivered', null)).toBe(
      'transition',
    );
  });

  it('needs a tracking number to hand a carrier delivery over, none for the Moscow courier', () => {
    expect(stepRefusal({ status: 'paid', deliveryMethod: 'delivery-sdek' }, 'shipped', null)).toBe(
      'tracking_required',
    );
    expect(
      stepRefusal({ status: 'paid', deliveryMethod: 'delivery-sdek' }, 'shipped', '1234567890'),
    ).toBeNull();
    expect(stepRefusal({ status: 'paid', deliveryMethod: 'moscow' }, 'shipped', null)).toBeNull();
  });

  it('marks ready for pickup only orders the shopper collects, and never hands a shop pickup to a carrier', () => {
    expect(stepRefusal({ status: 'paid', deliveryMethod: 'moscow' }, 'ready_for_pickup', null)).toBe(
      'not_pickup',
    );
    expect(stepRefusal({ status: 'paid', deliveryMethod: 'self' }, 'shipped', null)).toBe('not_shipped_way');
    expect(availableSteps({ status: 'paid', deliveryMethod: 'self' })).toEqual([
      'confirmed',
      'ready_for_pickup',
      'cancelled',
    ]);
    expect(availableSteps({ status: 'shipped', deliveryMethod: 'self-sdek' })).toEqual([
      'ready_for_pickup',
      'delivered',
    ]);
    expect(availableSteps({ status: 'cancelled', deliveryMethod: 'self-sdek' })).toEqual([]);
  });
});

describe('CSV for Russian Excel', () => {
  it('quotes cells with separators and defuses formulas', () => {
    expect(csvCell('Иванова; Анна')).toBe('"Иванова; Анна"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(10042)).toBe('10042');
    expect(csvCell(null)).toBe('');
  });

  it('writes kopecks with a comma decimal mark', () => {
    expect(csvMoney(1_299_050)).toBe('12990,50');
    expect(csvMoney(5)).toBe('0,05');
  });
});
