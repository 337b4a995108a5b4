import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createReadCache } from '../../core/cache/read-cache.ts';
import { loadConfig } from '../../core/config/env.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices, type Services } from '../../core/services.ts';
import { buildApp } from '../../server/app.ts';
import type { TestDatabase } from './test-database.ts';

export interface MediaTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  /** This instance's own data folder (its media folder unless the media live in a bucket). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A shop instance (API only) on `database` with its own empty data folder and `env` on top
 * (a bucket's variables put its media there): several may share one database, as instances do.
 */
export async function createMediaTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<MediaTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-media-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
  // The read cache on, as a shop runs: a change that forgets to invalidate it shows in the tests.
  const services = createServices({
    db: database.db,
    providers,
    clock: () => new Date('2026-11-20T09:00:00Z'),
    readCache: createReadCache({ enabled: true, shared: config.database.kind === 'postgres' }),
  });
  const app = await buildApp({ config, database, services, storefront: false, logger: false });
  await app.ready();
  return {
    app,
    services,
    dataDir,
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
