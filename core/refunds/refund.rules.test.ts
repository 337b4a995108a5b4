import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canSend,
  canTransition,
  initialState,
  lineRemovalRefusal,
  needsAttention,
  REFUND_ATTENTION_MS,
  RefundTransitionError,
  refundable,
  refundMethodAt,
  refundSources,
  refundStates,
} from './refund.rules.ts';

/** Every allowed move of the table; every other pair is refused. */
const allowed = new Set([
  'needed>started',
  'needed>manual',
  'started>started',
  'started>succeeded',
  'started>failed',
  'failed>needed',
  'failed>manual',
]);

describe('the refund state machine', () => {
  for (const from of refundStates) {
    for (const to of refundStates) {
      const ok = allowed.has(`${from}>${to}`);
      it(`${ok ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canTransition(from, to)).toBe(ok);
        if (ok) expect(() => assertTransition(from, to)).not.toThrow();
        else {
          expect(() => assertTransition(from, to)).toThrow(RefundTransitionError);
          expect(() => assertTransition(from, to)).toThrow(`a refund in ${from} cannot move to ${to}`);
        }
      });
    }
  }

  it('ends in succeeded and manual: nothing moves out of them', () => {
    for (const to of refundStates) {
      expect(canTransition('succeeded', to)).toBe(false);
      expect(canTransition('manual', to)).toBe(false);
    }
  });

  it('starts every refund as needed but a cabinet refund, which the provider already made', () => {
    for (const source of refundSources) {
      expect(initialState(source)).toBe(source === 'provider-cabinet' ? 'succeeded' : 'needed');
    }
  });

  it('sends only a needed refund or a started one the provider did not answer', () => {
    expect(refundStates.filter(canSend)).toEqual(['needed', 'started']);
  });
});

describe('what may still be refunded', () => {
  it('counts every refund but a failed one against what was paid, never below zero', () => {
    expect(refundable(10_000_00, [])).toBe(10_000_00);
    expect(
      refundable(10_000_00, [
        { state: 'succeeded', amount: 3_000_00 },
        { state: 'failed', amount: 5_000_00 },
        { state: 'needed', amount: 1_000_00 },
        { state: 'started', amount: 500_00 },
        { state: 'manual', amount: 500_00 },
      ]),
    ).toBe(5_000_00);
    expect(refundable(1_000_00, [{ state: 'succeeded', amount: 2_000_00 }])).toBe(0);
  });
});

describe('attention, line removal and the receipt method', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('asks staff about a refused refund at once, and about a waiting one past its time', () => {
    expect(needsAttention({ state: 'failed', updatedAt: now }, now)).toBe(true);
    expect(needsAttention({ state: 'needed', updatedAt: ago(REFUND_ATTENTION_MS - 1) }, now)).toBe(false);
    expect(needsAttention({ state: 'needed', updatedAt: ago(REFUND_ATTENTION_MS + 1) }, now)).toBe(true);
    expect(needsAttention({ state: 'started', updatedAt: ago(REFUND_ATTENTION_MS + 1) }, now)).toBe(true);
    expect(needsAttention({ state: 'succeeded', updatedAt: ago(REFUND_ATTENTION_MS * 10) }, now)).toBe(false);
    expect(needsAttention({ state: 'manual', updatedAt: ago(REFUND_ATTENTION_MS * 10) }, now)).toBe(false);
  });

  it('takes a line off a paid order only before it leaves the shop', () => {
    expect(lineRemovalRefusal('paid')).toBeNull();
    expect(lineRemovalRefusal('confirmed')).toBeNull();
    expect(lineRemovalRefusal('shipped')).toBe('shipped');
    expect(lineRemovalRefusal('ready_for_pickup')).toBe('shipped');
    expect(lineRemovalRefusal('delivered')).toBe('shipped');
    expect(lineRemovalRefusal('awaiting_payment')).toBe('not_paid');
    expect(lineRemovalRefusal('cancelled')).toBe('not_paid');
  });

  it('refunds a prepayment before hand-over and a settlement after it', () => {
    expect(refundMethodAt('paid')).toBe('full_prepayment');
    expect(refundMethodAt('confirmed')).toBe('full_prepayment');
    expect(refundMethodAt('cancelled')).toBe('full_prepayment');
    expect(refundMethodAt('shipped')).toBe('full_payment');
    expect(refundMethodAt('delivered')).toBe('full_payment');
  });
});
