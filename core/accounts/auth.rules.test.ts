import { describe, expect, it } from 'vitest';
import {
  authLimits,
  clientKey,
  defaultSmsCountryCodes,
  isServedPhone,
  mergeCarts,
  resendWait,
} from './auth.rules.ts';

describe('sign-in rules', () => {
  it('lets a new code go 60 s after the last one, counting the seconds left up', () => {
    const sent = new Date('2026-11-20T09:00:00Z');
    expect(resendWait(null, sent)).toBe(0);
    expect(resendWait(sent, new Date('2026-11-20T09:00:00.500Z'))).toBe(60);
    expect(resendWait(sent, new Date('2026-11-20T09:00:59.001Z'))).toBe(1);
    expect(resendWait(sent, new Date('2026-11-20T09:01:00Z'))).toBe(0);
  });

  it('merges carts keeping the larger count of a line, never above 100 (DECISIONS 8)', () => {
    expect(
      mergeCarts(
        [
          { _id: 'a', count: 2 },
          { _id: 'b', count: 100 },
        ],
        [
          { _id: 'a', count: 1 },
          { _id: 'c', count: 3 },
          { _id: 'b', count: 100 },
        ],
      ),
    ).toEqual([
      { _id: 'a', count: 2 },
      { _id: 'c', count: 3 },
      { _id: 'b', count: 100 },
    ]);
  });

  it('keeps at most 40 lines', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ _id: `v${i}`, count: 1 }));
    expect(mergeCarts(many, [])).toHaveLength(40);
  });

  it('serves the country codes of checkout’s phone masks by default, Russia and Kazakhstan sharing 7', () => {
    expect(defaultSmsCountryCodes).toContain('7');
    expect(defaultSmsCountryCodes).toContain('375');
    expect(defaultSmsCountryCodes.filter((c) => c === '7')).toHaveLength(1);
    expect(isServedPhone('79001234567', defaultSmsCountryCodes)).toBe(true);
    expect(isServedPhone('81312345678', defaultSmsCountryCodes)).toBe(false);
    expect(isServedPhone('79001234567', [])).toBe(false);
  });

  it('tells clients apart by address and device id', () => {
    expect(clientKey('10.0.0.1', undefined)).toBe('10.0.0.1');
    expect(clientKey('10.0.0.1', 'device-123')).not.toBe(clientKey('10.0.0.1', 'device-456'));
  });

  it('keeps one client’s caps below the phone’s and e-mail’s ceilings, so one client never reaches them', () => {
    expect(authLimits.failuresPerPhoneClientDay.limit).toBeLessThan(authLimits.failuresPerPhoneDay.limit);
    expect(authLimits.failuresPerPhoneClientMonth.limit).toBeLessThan(authLimits.failuresPerPhoneMonth.limit);
    expect(authLimits.sendsPerPhoneClientHour.limit).toBeLessThan(authLimits.sendsPerPhoneHour.limit);
    expect(authLimits.passwordFailuresPerEmailClientDay.limit).toBeLessThan(
      authLimits.passwordFailuresPerEmailDay.limit,
    );
    expect(authLimits.resetsPerEmailClientDay.limit).toBeLessThan(authLimits.resetsPerEmailHour.limit);
  });
});
