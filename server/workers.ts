// Several shop processes on one port (WORKERS, docs/decisions/0041-render-cost.md): a page's render
// is JavaScript on one core, so a shop on a PostgreSQL server uses its other cores through worker
// processes that share the listening socket (node:cluster). Each worker is a whole shop as
// server/shop.ts starts it; they already run side by side as instances do (migrations under a lock,
// one demo seed, jobs claimed with SKIP LOCKED, caches that hear each other's writes by NOTIFY).
import cluster, { type Worker } from 'node:cluster';
import { ConfigError, loadConfig } from '../core/config/env.ts';
import { createLogger } from './logger.ts';
import { gatherWorkerMetrics } from './worker-metrics.ts';

/** How many shop processes the configuration asks for; 1 when it is invalid (the shop then says why). */
export function plannedWorkers(env: NodeJS.ProcessEnv): number {
  try {
    return loadConfig(env).workers;
  } catch (error) {
    if (error instanceof ConfigError) return 1;
    throw error;
  }
}

/** A worker that dies after it served gets a replacement, unless they die this often. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Forks `count` shop workers and keeps them: a worker that dies after it started listening is
 * replaced; one that dies before (configuration, database, a locked data folder) would die again,
 * so the whole shop stops with its exit status. SIGTERM and SIGINT go to every worker, each of which
 * finishes its in-flight requests; the primary exits when the last one has.
 */
export function runWorkers(count: number) {
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let status = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of alive()) worker?.process.kill(signal);
    if (alive().length === 0) process.exit(status);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code) status = status || code;
      if (alive().length === 0) process.exit(status);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (!listening.has(worker) || restarts.length >= MAX_RESTARTS) {
      log.error(
        { pid: worker.process.pid, code, signal },
        listening.has(worker)
          ? `shop workers keep dying (${MAX_RESTARTS} in a minute): stopping the shop`
          : 'a shop worker stopped before it served: stopping the shop',
      );
      status = code || 1;
      stop('SIGTERM');
      return;
    }
    restarts.push(now);
    log.error({ pid: worker.process.pid, code, signal }, 'a shop worker died: starting another');
    fork();
  });
  gatherWorkerMetrics();
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info(`starting ${count} shop workers on port ${config.port}`);
  for (let i = 0; i < count; i++) fork();
}
