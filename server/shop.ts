// The shop process: configuration, database, services, the HTTP server (started by server/main.ts).
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from '../core/config/env.ts';
import { DataFolderLockedError } from '../core/db/lock.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { operatorKeyFile, writeOperatorKey } from './operator-key.ts';
import { createPageCache } from './page-cache.ts';
import { startRuntime } from './runtime.ts';
import { announceSetupLink } from './setup-link.ts';
import { shareWorkerMetrics } from './worker-metrics.ts';

// STACK pitfall 2: a denied install script silently falls back to the system Node.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.version} is too old: run through npm (npm start), which uses Node 24 from the node package.`,
  );
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const logger = createLogger(config.logLevel);
// A worker of several on the port (WORKERS): a scrape adds the other workers' counters.
const sharing = cluster.isWorker ? shareWorkerMetrics() : null;
const metrics = createMetrics({ peers: sharing?.peers });
sharing?.answerWith(metrics);

let runtime: Awaited<ReturnType<typeof startRuntime>>;
try {
  runtime = await startRuntime(config, logger, { onProviderFailure: metrics.providerFailure });
} catch (error) {
  if (error instanceof DataFolderLockedError) {
    console.error(error.message);
    process.exit(75); // EX_TEMPFAIL
  }
  throw error;
}

// With the embedded database only this process may open it: `npm run operator:create` asks the shop
// instead, showing the key written here (server/routes/local-operator.routes.ts).
const keyFile = operatorKeyFile(config);
const operatorKey = keyFile ? await writeOperatorKey(keyFile) : undefined;

const app = await buildApp({
  config,
  database: runtime.database,
  services: runtime.services,
  storefront: 'build',
  logger,
  metrics,
  // Guests' pages: kept with PAGE_CACHE on; with it off, one render is still shared by the guests
  // who ask for the same page while it runs (needs the read cache's invalidations, issue 37).
  pageCache: config.readCache
    ? createPageCache({ readCache: runtime.readCache, keep: config.pageCache })
    : undefined,
  operatorKey,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    await app.close();
    await runtime.stop();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop ready on ${config.publicUrl} (${runtime.database.engine})`);
  // While the shop has no admin, each start prints a fresh setup link (one process of several).
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    await announceSetupLink(runtime.services.firstAdmin, config.publicUrl, app.log);
  }
  // The search index builds now, in the background, rather than on the first shopper's search: a
  // large catalogue's takes seconds (docs/decisions/0040-catalogue-at-scale.md).
  const warming = performance.now();
  runtime.services.search
    .popular('ru')
    .then(() => app.log.info(`search index ready in ${Math.round(performance.now() - warming)} ms`))
    .catch((error) => app.log.error({ err: error }, 'search index build failed'));
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await runtime.stop();
  process.exit(1);
}
