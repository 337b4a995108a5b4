// One scrape of /metrics covers every shop process on the port (WORKERS above 1): the worker that
// takes the scrape asks the first process, which gathers the other workers' counters and process
// figures (prom-client's default metrics, aggregated as its cluster registry does) over the
// cluster's channel and hands them back to be added to its own (server/metrics.ts). Without this
// each scrape would show whichever worker the kernel gave the connection to.
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { Metrics, MetricsSnapshot } from './metrics.ts';

/** How long the first process waits for the workers' counters; a late one is left out of that scrape. */
const GATHER_MS = 1_000;

type Message =
  | { type: 'shop-metrics:ask'; id: string }
  | { type: 'shop-metrics:collect'; id: string }
  | { type: 'shop-metrics:snapshot'; id: string; snapshot: MetricsSnapshot }
  | { type: 'shop-metrics:answer'; id: string; snapshots: MetricsSnapshot[] };

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  (value as { type: string }).type.startsWith('shop-metrics:');

/** In the first process: answers a worker's ask with every other worker's counters. */
export function gatherWorkerMetrics() {
  cluster.on('message', (asker: Worker, message: unknown) => {
    if (!isMessage(message) || message.type !== 'shop-metrics:ask') return;
    const { id } = message;
    const others = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && w !== asker && w.isConnected(),
    );
    const snapshots: MetricsSnapshot[] = [];
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      cluster.off('message', collect);
      if (asker.isConnected()) asker.send({ type: 'shop-metrics:answer', id, snapshots } satisfies Message);
    };
    const collect = (_worker: Worker, reply: unknown) => {
      if (!isMessage(reply) || reply.type !== 'shop-metrics:snapshot' || reply.id !== id) return;
      snapshots.push(reply.snapshot);
      if (snapshots.length === others.length) answer();
    };
    const timer = setTimeout(answer, GATHER_MS);
    if (others.length === 0) return answer();
    cluster.on('message', collect);
    for (const worker of others) worker.send({ type: 'shop-metrics:collect', id } satisfies Message);
  });
}

/**
 * In a worker: `peers` asks the first process for the other workers' counters (for
 * createMetrics), and `answerWith` gives this worker's when the first process collects them.
 */
export function shareWorkerMetrics() {
  const waiting = new Map<string, (snapshots: MetricsSnapshot[]) => void>();
  let own: Metrics | null = null;
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'shop-metrics:collect' && own) {
      const { id } = message;
      void own.snapshot().then((snapshot) => {
        process.send?.({ type: 'shop-metrics:snapshot', id, snapshot } satisfies Message);
      });
    } else if (message.type === 'shop-metrics:answer') {
      waiting.get(message.id)?.(message.snapshots);
    }
  });
  return {
    peers(): Promise<MetricsSnapshot[]> {
      const id = randomUUID();
      return new Promise((resolve) => {
        const done = (snapshots: MetricsSnapshot[]) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(snapshots);
        };
        // The first process answers within GATHER_MS; should it not, this worker's own counters.
        const timer = setTimeout(() => done([]), GATHER_MS * 2);
        waiting.set(id, done);
        process.send?.({ type: 'shop-metrics:ask', id } satisfies Message);
      });
    },
    answerWith(metrics: Metrics) {
      own = metrics;
    },
  };
}
