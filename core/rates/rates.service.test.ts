import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { createSandboxRatesProvider } from '../providers/rates/sandbox-rates.ts';
import { createRatesService, moscowDate } from './rates.service.ts';

describe('moscowDate', () => {
  it('uses the Moscow calendar day (UTC+3)', () => {
    expect(moscowDate(new Date('2026-11-20T20:59:00Z'))).toBe('2026-11-20');
    expect(moscowDate(new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-21');
  });
});

describe.each(engines)('currency rates on %s (DECISIONS 7)', (engine) => {
  let database: TestDatabase;
  // Room for a loaded machine: a fresh embedded database takes a while beside other suites.
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 180_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('has no rates before the first refresh', async () => {
    const service = createRatesService({
      db: database.db,
      provider: createSandboxRatesProvider(),
      clock: () => new Date(),
    });
    expect(await service.getLatestRates()).toBeNull();
  });

  it("stores the day's rates with their date", async () => {
    const service = createRatesService({
      db: database.db,
      provider: createSandboxRatesProvider(),
      clock: () => new Date('2026-11-20T09:00:00Z'),
    });
    expect(await service.refreshRates()).toEqual({ refreshed: true });
    expect(await service.getLatestRates()).toEqual({
      date: '2026-11-20',
      rates: { USD: 925_312, EUR: 1_003_477, AED: 251_950 },
    });
  });

  it('keeps the last stored rates when a refresh fails', async () => {
    const failing = createRatesService({
      db: database.db,
      provider: createSandboxRatesProvider(),
      clock: () => new Date('1999-01-01T09:00:00Z'),
    });
    const result = await failing.refreshRates();
    expect(result.refreshed).toBe(false);
    expect(result.error).toMatch(/unreachable/);
    expect((await failing.getLatestRates())?.date).toBe('2026-11-20');
  });
});
