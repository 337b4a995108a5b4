import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ReadCache } from '../../core/cache/read-cache.ts';
import { loadConfig } from '../../core/config/env.ts';
import type { Services } from '../../core/services.ts';
import type { buildApp } from '../../server/app.ts';
import type { PageCache } from '../../server/page-cache.ts';
import type { TestDatabase } from '../setup/test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The configuration the built shop runs with in these tests. */
export const builtShopConfig = loadConfig({
  DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
  LOG_LEVEL: 'silent',
});

/**
 * The built storefront imports `#app-context` through Node itself, so the app that hands it the
 * services must too (one module instance, as in production): the shop is loaded with Node's own
 * `require` (ES modules load synchronously on Node 24), outside the test runner's module graph.
 */
const nativeRequire = createRequire(import.meta.url);
const load = <T>(file: string) => nativeRequire(path.join(root, file)) as T;

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** For tests that render real pages (run it in `beforeAll`): builds the storefront when missing or stale. */
export function ensureStorefrontBuild() {
  execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'ignore' });
}

/**
 * The app with the built storefront on `database`, ready for `inject`, its services (sandbox
 * providers, `clock`) and, when given a read cache, the services and a page cache both use it.
 */
export async function startBuiltShop(
  database: TestDatabase,
  clock: () => Date,
): Promise<{ app: BuiltApp; services: Services; pageCache: undefined }>;
export async function startBuiltShop(
  database: TestDatabase,
  clock: () => Date,
  readCache: ReadCache,
): Promise<{ app: BuiltApp; services: Services; pageCache: PageCache }>;
export async function startBuiltShop(database: TestDatabase, clock: () => Date, readCache?: ReadCache) {
  const providers = load<typeof import('../../core/providers/index.ts')>('core/providers/index.ts');
  const outbox = load<typeof import('../../core/providers/outbox.ts')>('core/providers/outbox.ts');
  const services = load<typeof import('../../core/services.ts')>('core/services.ts').createServices({
    db: database.db,
    providers: providers.createProviders(builtShopConfig, {
      outbox: outbox.createDbOutbox(database.db),
      db: database.db,
    }),
    clock,
    readCache,
  });
  const pageCache = readCache
    ? load<typeof import('../../server/page-cache.ts')>('server/page-cache.ts').createPageCache({ readCache })
    : undefined;
  const app = await load<typeof import('../../server/app.ts')>('server/app.ts').buildApp({
    config: builtShopConfig,
    database,
    services,
    storefront: 'build',
    logger: false,
    pageCache,
  });
  await app.ready();
  return { app, services, pageCache };
}
