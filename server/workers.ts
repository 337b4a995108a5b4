// Several shop processes on one port (WORKERS, docs/decisions/0041-render-cost.md): a page's render
// is JavaScript on one core, so a shop on a PostgreSQL server uses its other cores through worker
// processes that share the listening socket (node:cluster). Each worker is a whole shop as
// server/shop.ts starts it; they already run side by side as instances do (migrations under a lock,
// one demo seed, jobs claimed with SKIP LOCKED, caches that hear each other's writes by NOTIFY).
import cluster, { type Worker } from 'node:cluster';
import { gatherWorkerMetrics } from './worker-metrics.ts';

// The first process only forks and watches: it loads neither the configuration nor the logger
// (their modules alone hold some 70 MB), reads the two variables it needs itself, and writes its
// few lines in the logger's JSON shape.

/**
 * How many shop processes to run: WORKERS when it is a whole number from 2 to 64 and DATABASE_URL
 * is set, else 1; the shop's configuration then refuses what is wrong with it, with its message.
 */
export function plannedWorkers(env: NodeJS.ProcessEnv): number {
  const value = env.WORKERS?.trim() ?? '';
  if (!/^\d+$/.test(value) || !env.DATABASE_URL) return 1;
  const count = Number(value);
  return count >= 2 && count <= 64 ? count : 1;
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

function logLine(level: 'info' | 'error', fields: Record<string, unknown>, msg: string) {
  const threshold = LEVELS[process.env.LOG_LEVEL ?? 'info'] ?? Number.POSITIVE_INFINITY;
  const value = LEVELS[level] as number;
  if (value < threshold) return;
  process.stdout.write(
    `${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  );
}

/** A worker that dies after it served gets a replacement, unless they die this often. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Forks `count` shop workers and keeps them. The first starts alone (it migrates and, on an empty
 * database, seeds; a configuration it refuses is said once); the others follow once it listens.
 * A worker that dies after it started listening is replaced; one that dies before (configuration,
 * database) would die again, so the whole shop stops with its exit status. SIGTERM and SIGINT go to
 * every worker, each of which finishes its in-flight requests; the first process exits when the
 * last one has.
 */
export function runWorkers(count: number) {
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let status = 0;

  const fork = (then?: () => void) => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker);
      if (!stopping) then?.();
    });
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
      logLine(
        'error',
        { worker: worker.process.pid, code, signal },
        listening.has(worker)
          ? `shop workers keep dying (${MAX_RESTARTS} in a minute): stopping the shop`
          : 'a shop worker stopped before it served: stopping the shop',
      );
      status = code || 1;
      stop('SIGTERM');
      return;
    }
    restarts.push(now);
    logLine('error', { worker: worker.process.pid, code, signal }, 'a shop worker died: starting another');
    fork();
  });
  gatherWorkerMetrics();
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  logLine('info', {}, `starting ${count} shop workers`);
  fork(() => {
    for (let i = 1; i < count; i++) fork();
  });
}
