import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A fake provider with the switches for slow and failing answers (tests/fakes). */
export interface SwitchedFake {
  delayMs: number;
  failure: unknown;
  close(): Promise<void>;
}

/**
 * The fake provider of a suite, called inside its `describe`: `start` runs before the tests and the
 * fake is closed after them; before each test its switches are turned off (no delay, no failure)
 * and `reset`, when given, puts back whatever else the suite's tests change or the fake records.
 * The object returned stands for the started fake: a field read or set in a test reaches it.
 */
export function useFake<F extends SwitchedFake>(start: () => Promise<F>, reset?: (fake: F) => void): F {
  let started: F | undefined;
  const current = () => {
    if (!started) throw new Error('the fake is used before it has started');
    return started;
  };
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => {
    const fake = current();
    fake.delayMs = 0;
    fake.failure = null;
    reset?.(fake);
  });
  return new Proxy({} as F, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}

/** A `reset` for a fake that records the calls it was sent: the record is emptied. */
export const clearCalls = (fake: { calls: unknown[] }) => {
  fake.calls.length = 0;
};
