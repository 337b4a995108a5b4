import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';

// E2E_PORT lets several checkouts of the project run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 3107);
// A fresh data folder per run: the server seeds the demo shop on its first start, as a new user's would.
// E2E_DATA_DIR reuses a seeded folder when iterating locally.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shop-e2e-${Date.now()}`);
// E2E_SHOPS (scripts/e2e.ts sets 2, one per core): that many workers, each with a shop of its own on
// the ports from E2E_PORT up and a data folder of its own (shop-1, shop-2… under the data folder), so no
// shop sees another's orders, stock or sign-in codes while the two workers take the next spec file as
// they finish one, desktop or phone. Playwright names each worker process's slot in
// TEST_PARALLEL_INDEX before it reads this file, so a worker's baseURL is its own shop's.
const shops = Math.max(1, Number(process.env.E2E_SHOPS) || 1);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % shops;
const shopDataDir = (i: number) => (shops === 1 ? dataDir : path.join(dataDir, `shop-${i + 1}`));
// Second shops a journey starts itself (tests/e2e/support/second-shop.ts) keep to 20 ports per worker.
if (shops > 1 && process.env.TEST_PARALLEL_INDEX !== undefined)
  process.env.E2E_SECOND_PORT_BASE = String(3160 + 20 * slot);
// E2E_SEEDED: the shops' folders already hold the staff accounts, the order history and the demo
// (tests/e2e/support/prepare-shop.ts, copied per shop by scripts/e2e.ts); otherwise each shop makes
// them before it starts.
const prepare = process.env.E2E_SEEDED
  ? ''
  : 'node tests/e2e/support/staff-setup.ts && node tests/e2e/support/order-history-setup.ts && ';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: shops,
  retries: 0,
  reporter: [['list']],
  // On CI the journeys share two cores with the unit tests and each other (`npm test` runs them side
  // by side): every step waits on a condition, and the budgets leave room for a loaded machine.
  timeout: process.env.CI ? 120_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port + slot}`,
    // Journeys run as a returning shopper who dismissed the timed popups; tests/e2e/engagement.spec.ts
    // starts without these cookies to test the timers.
    storageState: {
      cookies: ['cookieNotice', 'marketingDismissed', 'appBannerDismissed'].map((name) => ({
        name,
        value: '1',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      // Journeys that do not depend on the screen run once, on desktop (tests/e2e/helpers.ts anyWidth).
      grepInvert: /@any-width/,
    },
  ],
  // The back-office journeys' staff accounts first (tests/e2e/support/staff-setup.ts), the dashboard's
  // 180 days of orders (order-history-setup.ts), then the shop: one per worker.
  webServer: Array.from({ length: shops }, (_, i) => ({
    command: `${prepare}node server/main.ts`,
    url: `http://127.0.0.1:${port + i}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      // The built shop in production mode, said to be a local development shop: the account journeys
      // read sign-in codes from the development outbox, which production mode never serves.
      SHOP_MODE: 'development',
      PORT: String(port + i),
      HOST: '127.0.0.1',
      DATA_DIR: shopDataDir(i),
      LOG_LEVEL: 'warn',
    },
  })),
});
