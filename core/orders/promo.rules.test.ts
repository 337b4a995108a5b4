import { describe, expect, it } from 'vitest';
import { canTransition, releasesStock } from './order.rules.ts';
import {
  checkPromoCode,
  hasOwnDiscount,
  normalizePromoCode,
  type PromoCodeRule,
  promoDiscount,
  promoRefusalMessage,
  provenPhoneOf,
} from './promo.rules.ts';

describe('promoDiscount', () => {
  it('takes price / 100 * percent * count over the lines without their own discount', () => {
    const lines = [
      { price: 9_990_00, oldPrice: null, count: 2 },
      { price: 5_000_00, oldPrice: 7_000_00, count: 1 },
      { price: 1_990_00, oldPrice: 1_990_00, count: 3 },
    ];
    // 9 990 × 10 % × 2 + 1 990 × 10 % × 3; the 5 000 line has its own discount.
    expect(promoDiscount(lines, 10)).toBe(1_998_00 + 597_00);
    expect(hasOwnDiscount(lines[1] as (typeof lines)[number])).toBe(true);
    expect(hasOwnDiscount(lines[2] as (typeof lines)[number])).toBe(false);
  });

  it('rounds each line half up to the kopeck and caps at 100 %', () => {
    expect(promoDiscount([{ price: 333, oldPrice: null, count: 1 }], 15)).toBe(50); // 49.95
    expect(promoDiscount([{ price: 1_000_00, oldPrice: null, count: 1 }], 150)).toBe(1_000_00);
    expect(promoDiscount([{ price: 1_000_00, oldPrice: null, count: 1 }], 0)).toBe(0);
    expect(promoDiscount([{ price: 1_000_00, oldPrice: null, count: 1 }], 2.5)).toBe(0);
  });
});

describe('checkPromoCode', () => {
  const guest = (phone: string) => ({ phone, provenPhone: null });
  const now = new Date('2026-11-20T12:00:00Z');
  const rule = (patch: Partial<PromoCodeRule> = {}): PromoCodeRule => ({
    code: 'WELCOME10',
    active: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    phone: null,
    perCustomerLimit: null,
    firstOrderOnly: false,
    ...patch,
  });

  it('accepts an open code and refuses each broken condition', () => {
    expect(checkPromoCode(rule(), guest('79990000000'), now)).toBeNull();
    expect(checkPromoCode(null, guest('7999'), now)).toBe('unknown');
    expect(checkPromoCode(rule({ active: false }), guest('7999'), now)).toBe('inactive');
    expect(checkPromoCode(rule({ startsAt: new Date('2026-11-21T00:00:00Z') }), guest('7999'), now)).toBe(
      'not_started',
    );
    expect(checkPromoCode(rule({ endsAt: now }), guest('7999'), now)).toBe('expired');
    expect(checkPromoCode(rule({ usageLimit: 3, usedCount: 3 }), guest('7999'), now)).toBe('used_up');
    expect(checkPromoCode(rule({ usageLimit: 3, usedCount: 2 }), guest('7999'), now)).toBeNull();
  });

  it('opens a phone-bound code only for that phone proven, never for the phone typed', () => {
    const bound = rule({ phone: '79991234567' });
    expect(checkPromoCode(bound, guest('79990000000'), now)).toBe('wrong_phone');
    expect(checkPromoCode(bound, guest('79991234567'), now)).toBe('phone_unproven');
    expect(checkPromoCode(bound, { phone: '79991234567', provenPhone: '79990000000' }, now)).toBe(
      'phone_unproven',
    );
    expect(checkPromoCode(bound, { phone: '79990000000', provenPhone: '79991234567' }, now)).toBeNull();
    expect(promoRefusalMessage('phone_unproven')).toBe('promo.prove_phone');
    expect(promoRefusalMessage('wrong_phone')).toBe('promo.refused');
    expect(provenPhoneOf({ phone: '79991234567', phoneVerified: false })).toBeNull();
    expect(provenPhoneOf({ phone: '79991234567', phoneVerified: true })).toBe('79991234567');
    expect(provenPhoneOf(null)).toBeNull();
  });

  it('refuses a customer who used the code up to their own limit', () => {
    const once = rule({ perCustomerLimit: 1 });
    expect(checkPromoCode(once, guest('7999'), now, { ordersWithCode: 0, orders: 4 })).toBeNull();
    expect(checkPromoCode(once, guest('7999'), now, { ordersWithCode: 1, orders: 4 })).toBe(
      'customer_used_up',
    );
    expect(
      checkPromoCode(rule({ perCustomerLimit: 2 }), guest('7999'), now, { ordersWithCode: 1, orders: 1 }),
    ).toBeNull();
  });

  it('refuses a first-order-only code to a customer with an earlier order', () => {
    const first = rule({ firstOrderOnly: true });
    expect(checkPromoCode(first, guest('7999'), now, { ordersWithCode: 0, orders: 0 })).toBeNull();
    expect(checkPromoCode(first, guest('7999'), now, { ordersWithCode: 0, orders: 1 })).toBe(
      'not_first_order',
    );
    // Without the history (the preview check before the phone is known) the customer rules wait.
    expect(checkPromoCode(first, guest('7999'), now)).toBeNull();
  });

  it('normalises codes', () => {
    expect(normalizePromoCode(' welcome 10 ')).toBe('WELCOME10');
  });
});

describe('order states (DECISIONS 14)', () => {
  it('allows only the declared transitions', () => {
    expect(canTransition('new', 'awaiting_payment')).toBe(true);
    expect(canTransition('awaiting_payment', 'paid')).toBe(true);
    expect(canTransition('paid', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'delivered')).toBe(true);
    expect(canTransition('new', 'paid')).toBe(false);
    expect(canTransition('payment_failed', 'paid')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(canTransition('paid', 'payment_failed')).toBe(false);
  });

  it('returns stock only on cancellation or failed payment', () => {
    expect(releasesStock('payment_failed')).toBe(true);
    expect(releasesStock('cancelled')).toBe(true);
    expect(releasesStock('paid')).toBe(false);
  });
});
