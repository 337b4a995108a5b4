import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (rules, services and API through `app.inject()`, each file on a fresh copy
 * of one migrated database, files one after another in a worker) and `reliability` (real shop processes, crashes, outages, backups:
 * tests/reliability and tests/ops), which `npm run test:unit -- --project unit` leaves out.
 * Playwright specs live in tests/e2e and run with `npm run test:e2e` (STACK pitfall 9).
 */
const reliability = ['tests/reliability/**/*.test.ts', 'tests/ops/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    // The machine has two cores; TEST_WORKERS lets `npm test` give one to the journeys beside.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // A worker process runs one file after another instead of a fresh process per file: the
          // server's modules (Fastify, Drizzle, PGlite, the routes) are loaded once per worker, which
          // halved the CPU of the API tests here. Each file still opens its own database and app, and
          // no test file changes the process (environment, globals, module mocks): docs/testing.md.
          isolate: false,
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'app/**/*.test.ts',
            'demo/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          exclude: ['tests/e2e/**', 'node_modules/**', ...reliability],
        },
      },
      {
        extends: true,
        test: { name: 'reliability', include: reliability, exclude: ['node_modules/**'] },
      },
    ],
  },
});
