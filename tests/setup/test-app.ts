import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../core/config/env.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type Engine, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  services: Services;
  close(): Promise<void>;
}

/**
 * The real app (API only) on a fresh database of `engine`, with sandbox providers and a fixed clock;
 * `env` adds or overrides configuration variables (a 1C login, a data folder of the test's own).
 */
export async function createTestApp(
  engine: Engine,
  clock: () => Date = () => new Date('2026-11-20T09:00:00Z'),
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
  const services = createServices({ db: database.db, providers, clock });
  const app = await buildApp({ config, database, services, storefront: false, logger: false });
  await app.ready();
  return {
    app,
    database,
    services,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
