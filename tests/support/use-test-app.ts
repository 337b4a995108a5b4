import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app.ts';
import type { Engine } from '../setup/test-database.ts';

/**
 * The test app (tests/setup/test-app.ts) of a suite, called inside its `describe`: built on `engine`
 * before the tests, with `clock` and `env` when given, and closed after them. Its fields (`t.app`,
 * `t.database`, `t.services`) are read inside the tests: they are set in `beforeAll`.
 */
export function useTestApp(engine: Engine, clock?: () => Date, env?: Record<string, string>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine, clock, env));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}
