import { describe, expect, it } from 'vitest';
import { CRM_MAX_ATTEMPTS, nextCrmAttemptAt } from './engagement.rules.ts';

describe('CRM retry backoff', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const wait = (attempts: number) => {
    const at = nextCrmAttemptAt(attempts, now);
    return at ? at.getTime() - now.getTime() : null;
  };

  it('doubles the wait from one minute after each failed attempt', () => {
    expect([1, 2, 3, 4].map(wait)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits longer than six hours', () => {
    expect(wait(CRM_MAX_ATTEMPTS - 1)).toBe(6 * 60 * 60 * 1000);
  });

  it('gives up after the last attempt', () => {
    expect(wait(CRM_MAX_ATTEMPTS)).toBeNull();
  });
});
