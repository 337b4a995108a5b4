import type { FastifyBaseLogger } from 'fastify';
import { listenForInvalidations } from '../core/cache/postgres-invalidation.ts';
import { createReadCache, type ReadCache } from '../core/cache/read-cache.ts';
import type { Config } from '../core/config/env.ts';
import { type Database, openDatabase } from '../core/db/client.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import type { ProviderFailureListener } from '../core/providers/timeout.ts';
import { createServices, periodicTasks, type Services } from '../core/services.ts';
import { isDatabaseEmpty, seedDemo } from '../demo/seed-demo.ts';

export interface Runtime {
  database: Database;
  services: Services;
  /** The process's read cache; the page cache follows its invalidations. */
  readCache: ReadCache;
  stop(): Promise<void>;
}

/** How often this instance looks for due jobs (core/jobs). */
const JOB_POLL_MS = 2_000;

/** Opens the database (migrating it), seeds a first start, and keeps currency rates fresh. */
export async function startRuntime(
  config: Config,
  log: FastifyBaseLogger,
  { onProviderFailure }: { onProviderFailure?: ProviderFailureListener } = {},
): Promise<Runtime> {
  const database = await openDatabase(config.database, (error) =>
    log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  );
  const readCache = createReadCache({
    enabled: config.readCache,
    shared: config.database.kind === 'postgres',
  });
  // Other instances' writes reach this one's cache by NOTIFY; until the LISTEN is up it stands aside.
  const listener =
    config.readCache && config.database.kind === 'postgres'
      ? listenForInvalidations(config.database.url, readCache, {
          onError: (error) =>
            log.warn({ err: error }, 'read-cache invalidation channel failed; reconnecting'),
        })
      : null;
  try {
    const providers = createProviders(
      config,
      { outbox: createDbOutbox(database.db), db: database.db },
      { onFailure: onProviderFailure },
    );
    if (config.production && config.providers.payments === 'sandbox') {
      log.warn('payments run in the sandbox: orders are paid on the shop’s test page, no money moves');
    }
    const services = createServices({
      db: database.db,
      providers,
      clock: () => new Date(),
      onBackgroundError: (error, what) => log.error({ err: error }, `${what} failed`),
      readCache,
      authSecret: config.authSecret,
      // DECISIONS 17, 34: sandbox codes reach the log only on a development-mode shop on this machine.
      publicUrl: config.publicUrl,
      logCode:
        config.devOutbox && !config.production && !config.publicShop && config.providers.sms === 'sandbox'
          ? (phone, code) => log.info({ phone, code }, 'sandbox sign-in code')
          : undefined,
    });
    if (config.staging) {
      log.warn(
        'staging shop (SANDBOX_ON_PUBLIC=allow): sandbox providers on a public address, test-shop banner shown',
      );
    }
    if (!config.devOutbox && config.providers.sms === 'sandbox') {
      log.warn(
        config.production && !config.publicShop
          ? 'production mode: sandbox sign-in codes go to the outbox table only; start with SHOP_MODE=development to read them on /dev/outbox and in this log'
          : 'SMS run in the sandbox: sign-in codes go to the outbox table only',
      );
    }
    if (config.seedDemo === 'auto' && (await isDatabaseEmpty(database.db))) {
      log.info('empty database: seeding the demo catalogue (its photos are drawn on their first request)');
      try {
        await seedDemo(database.db, {
          mediaDir: config.mediaDir,
          log: (m) => log.info(m),
          renderPhotos: false,
        });
      } catch (error) {
        // Several instances starting together on one empty PostgreSQL: one seed wins, the
        // others' transactions fail on its rows and roll back. That is not a failed start.
        if (await isDatabaseEmpty(database.db)) throw error;
        log.info('another instance seeded the demo catalogue first');
      }
    }
    const refresh = async () => {
      const result = await services.rates.refreshRates();
      if (!result.refreshed)
        log.warn({ error: result.error }, 'currency rates not refreshed; keeping the last stored');
    };
    await refresh();
    // Rates, pruning, order expiry and CRM retries run as jobs of the queue (core/jobs), once per
    // period whichever instance enqueues them first (docs/decisions/0021-durable-jobs-and-messages.md).
    const enqueuePeriodic = () =>
      services.jobs
        .enqueuePeriodic(periodicTasks)
        .catch((error) => log.warn({ err: error }, 'recurring jobs not enqueued'));
    await enqueuePeriodic();
    // Each minute: this period's recurring jobs (unpaid orders past their time give their stock back,
    // DECISIONS 13; CRM forms offered again), and payments whose notice never came.
    const expiry = setInterval(() => {
      void enqueuePeriodic();
      // Payments whose notification never came are asked for (docs/decisions/0020-tbank-card-payments.md).
      services.orders
        .checkAwaitingPayments()
        .catch((error) => log.warn({ err: error }, 'payment state check failed'));
    }, 60_000);
    expiry.unref();
    // The durable job queue (messages): claimed with SKIP LOCKED, so every instance may run it.
    let working: Promise<void> | null = null;
    const worker = setInterval(() => {
      if (working) return;
      working = services.jobs
        .runDue()
        .then(() => {})
        .catch((error) => log.warn({ err: error }, 'job worker failed'))
        .finally(() => {
          working = null;
        });
    }, JOB_POLL_MS);
    worker.unref();
    return {
      database,
      services,
      readCache,
      async stop() {
        clearInterval(expiry);
        clearInterval(worker);
        // A pass under way finishes its job before the database closes (an unfinished one would run again).
        await working;
        await listener?.close();
        await database.close();
      },
    };
  } catch (error) {
    await listener?.close();
    await database.close();
    throw error;
  }
}
