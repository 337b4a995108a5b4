import { describe, expect, it } from 'vitest';
import { DEFAULT_TRY_ON_HOLD, tryOnCancelAt, tryOnHoldStep } from './try-on-hold.rules.ts';

const DAY = 86_400_000;
const paidAt = new Date('2026-11-20T09:00:00Z');
const at = (days: number) => new Date(paidAt.getTime() + days * DAY);

describe('paid try-on orders not handed over', () => {
  it('tells staff once the days after payment have passed, not before', () => {
    const order = { paidAt, noticeAt: null, kept: false };
    expect(tryOnHoldStep(order, DEFAULT_TRY_ON_HOLD, new Date(at(3).getTime() - 1))).toBe('wait');
    expect(tryOnHoldStep(order, DEFAULT_TRY_ON_HOLD, at(3))).toBe('notice');
  });

  it('cancels after the grace days counted from the notice', () => {
    const order = { paidAt, noticeAt: at(3.5), kept: false };
    expect(tryOnHoldStep(order, DEFAULT_TRY_ON_HOLD, at(4.4))).toBe('wait');
    expect(tryOnHoldStep(order, DEFAULT_TRY_ON_HOLD, at(4.5))).toBe('cancel');
    expect(tryOnCancelAt(at(3.5), DEFAULT_TRY_ON_HOLD)).toEqual(at(4.5));
  });

  it('never touches an order staff kept', () => {
    expect(tryOnHoldStep({ paidAt, noticeAt: null, kept: true }, DEFAULT_TRY_ON_HOLD, at(30))).toBe('wait');
    expect(tryOnHoldStep({ paidAt, noticeAt: at(3), kept: true }, DEFAULT_TRY_ON_HOLD, at(30))).toBe('wait');
  });

  it('follows the setting', () => {
    const hold = { days: 5, graceDays: 0 };
    expect(tryOnHoldStep({ paidAt, noticeAt: null, kept: false }, hold, at(4))).toBe('wait');
    expect(tryOnHoldStep({ paidAt, noticeAt: at(5), kept: false }, hold, at(5))).toBe('cancel');
  });
});
