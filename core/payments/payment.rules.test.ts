import { describe, expect, it } from 'vitest';
import {
  availablePaymentMethods,
  dolyameSchedule,
  instalmentItemName,
  paymentKindOf,
} from './payment.rules.ts';

const all = { split: true, dolyame: true, tinkoff: true, hepay: true };

describe('availablePaymentMethods', () => {
  it('offers every switched-on method in Russian, the wallet as split or yaPay', () => {
    expect(availablePaymentMethods({ locale: 'ru', deliveryMethod: 'delivery-sdek', switches: all })).toEqual(
      ['online', 'split', 'dolyame', 'tinkoff', 'hepay'],
    );
    expect(
      availablePaymentMethods({
        locale: 'ru',
        deliveryMethod: 'self',
        switches: { ...all, split: false, dolyame: false },
      }),
    ).toEqual(['online', 'yaPay', 'tinkoff', 'hepay']);
  });

  it('shows online-international and online only in English', () => {
    expect(availablePaymentMethods({ locale: 'en', deliveryMethod: 'delivery-sdek', switches: all })).toEqual(
      ['online-international', 'online'],
    );
  });

  it('hides hepay in quick order and instalments with fitting', () => {
    expect(
      availablePaymentMethods({ locale: 'ru', deliveryMethod: 'self', switches: all, quickOrder: true }),
    ).not.toContain('hepay');
    expect(availablePaymentMethods({ locale: 'ru', deliveryMethod: 'moscow-try', switches: all })).toEqual([
      'online',
      'hepay',
    ]);
  });
});

describe('dolyameSchedule', () => {
  it('splits into four parts that add up to the total, the remainder first', () => {
    expect(dolyameSchedule(10_000_00)).toEqual([2_500_00, 2_500_00, 2_500_00, 2_500_00]);
    const odd = dolyameSchedule(10_001);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(10_001);
    expect(odd).toEqual([2_501, 2_500, 2_500, 2_500]);
  });
});

describe('instalmentItemName', () => {
  it('removes double and single quotes', () => {
    expect(instalmentItemName('Платье «Осень» "midi" \'new\'')).toBe('Платье Осень midi new');
  });
});

describe('availablePaymentMethods with the configured providers', () => {
  it('offers only the methods whose kind a configured provider takes', () => {
    const ru = { locale: 'ru' as const, deliveryMethod: 'self' as const, switches: all };
    expect(availablePaymentMethods({ ...ru, kinds: ['card', 'phone'] })).toEqual(['online', 'hepay']);
    expect(availablePaymentMethods({ ...ru, kinds: ['card', 'split'] })).toEqual(['online', 'split']);
    expect(
      availablePaymentMethods({ ...ru, kinds: ['card', 'split', 'instalment', 'bnpl', 'phone'] }),
    ).toEqual(availablePaymentMethods(ru));
    // A settings switch still hides a method its provider could take.
    expect(
      availablePaymentMethods({ ...ru, switches: { ...all, dolyame: false }, kinds: ['card', 'bnpl'] }),
    ).toEqual(['online']);
  });
});

describe('SBP (docs/decisions/0036-sbp-and-two-stage-payments.md)', () => {
  it('is offered in the editions its switch names, after the card, where a provider takes it', () => {
    const sbp = { ...all, sbp: ['ru' as const] };
    expect(availablePaymentMethods({ locale: 'ru', deliveryMethod: 'self', switches: sbp })).toEqual([
      'online',
      'sbp',
      'split',
      'dolyame',
      'tinkoff',
      'hepay',
    ]);
    expect(availablePaymentMethods({ locale: 'en', deliveryMethod: 'self', switches: sbp })).not.toContain(
      'sbp',
    );
    expect(
      availablePaymentMethods({
        locale: 'en',
        deliveryMethod: 'self',
        switches: { ...all, sbp: ['en' as const] },
      }),
    ).toEqual(['online-international', 'online', 'sbp']);
    // A prepayment like the card: kept with fitting.
    expect(availablePaymentMethods({ locale: 'ru', deliveryMethod: 'moscow-try', switches: sbp })).toContain(
      'sbp',
    );
    // No provider takes it (PAYMENTS_SBP off), or no switch: not offered.
    expect(
      availablePaymentMethods({
        locale: 'ru',
        deliveryMethod: 'self',
        switches: sbp,
        kinds: ['card', 'split'],
      }),
    ).not.toContain('sbp');
    expect(availablePaymentMethods({ locale: 'ru', deliveryMethod: 'self', switches: all })).not.toContain(
      'sbp',
    );
    expect(paymentKindOf('sbp', false)).toBe('sbp');
  });
});

describe('paymentKindOf', () => {
  it('maps each method to the kind its provider takes', () => {
    expect(paymentKindOf('online', false)).toBe('card');
    expect(paymentKindOf('online-international', false)).toBe('card');
    expect(paymentKindOf('online', true)).toBe('phone');
    expect(paymentKindOf('hepay', false)).toBe('phone');
    expect(paymentKindOf('yaPay', false)).toBe('split');
    expect(paymentKindOf('split', false)).toBe('split');
    expect(paymentKindOf('dolyame', false)).toBe('bnpl');
    expect(paymentKindOf('tinkoff', false)).toBe('instalment');
  });
});
