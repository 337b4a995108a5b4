import { BlockList, isIP } from 'node:net';
import { and, count, isNotNull, isNull } from 'drizzle-orm';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client';
import type { Db } from '../core/db/client.ts';
import { crmRequests, orders } from '../core/db/schema/index.ts';

/**
 * Prometheus metrics in the text exposition format (version 0.0.4): the shop's own two counters, one
 * histogram and two gauges read at scrape time, written here, followed by prom-client's default
 * metrics of the process (memory, heap, event-loop delay, GC, file descriptors, CPU;
 * docs/decisions/0019-public-shop-proxies-and-timeouts.md).
 */
export interface Metrics {
  /** One answered request: `route` is the route pattern (`/api/orders/:id`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A provider call that rejected or timed out (core/providers/timeout.ts). */
  providerFailure(provider: string, method: string): void;
  /**
   * The exposition text, with the gauges read from the database now; with `peers`, the other shop
   * processes' counters added in (WORKERS, server/worker-metrics.ts).
   */
  render(db: Db): Promise<string>;
  /** This process's counters and figures as plain data, for the process that answers a scrape. */
  snapshot(): Promise<MetricsSnapshot>;
  /** Provider calls that failed in this process since it started (the back office's dashboard). */
  providerFailureCounts(): { provider: string; method: string; count: number }[];
}

/** Upper bounds of the latency histogram's buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function labels(pairs: Record<string, string | number>): string {
  const body = Object.entries(pairs)
    .map(([name, value]) => `${name}="${escapeLabel(String(value))}"`)
    .join(',');
  return body ? `{${body}}` : '';
}

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

/** One process's counters, as they cross between shop processes. */
export interface MetricsSnapshot {
  requests: { method: string; route: string; status: number; value: number }[];
  latency: { method: string; route: string; histogram: Histogram }[];
  providerFailures: { provider: string; method: string; value: number }[];
  /** prom-client's default metrics of the process, as its registry gives them. */
  process: MetricObjectWithValues<MetricValue<string>>[];
}

let processRegistry: Registry | null = null;
/**
 * The process's own figures, collected once per process however many apps it builds (tests build
 * many): prom-client's default metrics watch the event loop and the GC from their first call.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsOptions {
  /** The other shop processes' counters (WORKERS above 1), read for each scrape. */
  peers?: () => Promise<MetricsSnapshot[]>;
}

export function createMetrics({ peers }: MetricsOptions = {}): Metrics {
  const requests = new Map<string, { method: string; route: string; status: number; value: number }>();
  const latency = new Map<string, { method: string; route: string; histogram: Histogram }>();
  const providerFailures = new Map<string, { provider: string; method: string; value: number }>();
  const snapshot = async (): Promise<MetricsSnapshot> => ({
    ...structuredClone({
      requests: [...requests.values()],
      latency: [...latency.values()],
      providerFailures: [...providerFailures.values()],
    }),
    process: await processMetrics().getMetricsAsJSON(),
  });

  return {
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      const counter = requests.get(key) ?? { method, route, status, value: 0 };
      counter.value += 1;
      requests.set(key, counter);
      const hKey = `${method} ${route}`;
      const entry = latency.get(hKey) ?? {
        method,
        route,
        histogram: { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 },
      };
      BUCKETS.forEach((bound, i) => {
        if (seconds <= bound) entry.histogram.buckets[i] = (entry.histogram.buckets[i] ?? 0) + 1;
      });
      entry.histogram.sum += seconds;
      entry.histogram.count += 1;
      latency.set(hKey, entry);
    },

    providerFailure(provider, method) {
      const key = `${provider} ${method}`;
      const counter = providerFailures.get(key) ?? { provider, method, value: 0 };
      counter.value += 1;
      providerFailures.set(key, counter);
    },

    providerFailureCounts() {
      return [...providerFailures.values()].map((c) => ({
        provider: c.provider,
        method: c.method,
        count: c.value,
      }));
    },

    snapshot,

    async render(db) {
      const [gauges, others, own] = await Promise.all([readGauges(db), peers ? peers() : [], snapshot()]);
      const { requests, latency, providerFailures } = mergeSnapshots([own, ...others]);
      // One process: its figures as they are. Several (WORKERS): prom-client's cluster aggregation
      // (memory and heap summed, event-loop delay averaged, one start time omitted).
      const processText =
        others.length === 0
          ? await processMetrics().metrics()
          : await AggregatorRegistry.aggregate([own.process, ...others.map((o) => o.process)]).metrics();
      const out: string[] = [];
      out.push('# HELP http_requests_total Requests answered, by method, route pattern and status.');
      out.push('# TYPE http_requests_total counter');
      for (const c of requests.values()) {
        out.push(
          `http_requests_total${labels({ method: c.method, route: c.route, status: c.status })} ${c.value}`,
        );
      }
      out.push('# HELP http_request_duration_seconds Time to answer a request, by method and route pattern.');
      out.push('# TYPE http_request_duration_seconds histogram');
      for (const { method, route, histogram } of latency.values()) {
        BUCKETS.forEach((bound, i) => {
          out.push(
            `http_request_duration_seconds_bucket${labels({ method, route, le: bound })} ${histogram.buckets[i]}`,
          );
        });
        out.push(
          `http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${histogram.count}`,
        );
        out.push(`http_request_duration_seconds_sum${labels({ method, route })} ${histogram.sum}`);
        out.push(`http_request_duration_seconds_count${labels({ method, route })} ${histogram.count}`);
      }
      out.push(
        '# HELP provider_call_failures_total Third-party calls that failed or timed out, by provider and method.',
      );
      out.push('# TYPE provider_call_failures_total counter');
      for (const c of providerFailures.values()) {
        out.push(
          `provider_call_failures_total${labels({ provider: c.provider, method: c.method })} ${c.value}`,
        );
      }
      out.push('# HELP shop_orders Orders by state.');
      out.push('# TYPE shop_orders gauge');
      for (const { status, n } of gauges.orders) out.push(`shop_orders${labels({ state: status })} ${n}`);
      out.push('# HELP shop_job_queue_depth Jobs waiting in a retry queue.');
      out.push('# TYPE shop_job_queue_depth gauge');
      out.push(`shop_job_queue_depth${labels({ queue: 'crm_retry' })} ${gauges.crmRetry}`);
      return `${out.join('\n')}\n${processText}`;
    },
  };
}

/** Counters of several processes added together, series by series. */
export function mergeSnapshots(list: MetricsSnapshot[]): Omit<MetricsSnapshot, 'process'> {
  const requests = new Map<string, MetricsSnapshot['requests'][number]>();
  const latency = new Map<string, MetricsSnapshot['latency'][number]>();
  const failures = new Map<string, MetricsSnapshot['providerFailures'][number]>();
  for (const one of list) {
    for (const c of one.requests) {
      const key = `${c.method} ${c.route} ${c.status}`;
      const sum = requests.get(key) ?? { ...c, value: 0 };
      sum.value += c.value;
      requests.set(key, sum);
    }
    for (const l of one.latency) {
      const key = `${l.method} ${l.route}`;
      const sum = latency.get(key) ?? {
        method: l.method,
        route: l.route,
        histogram: { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 },
      };
      l.histogram.buckets.forEach((n, i) => {
        sum.histogram.buckets[i] = (sum.histogram.buckets[i] ?? 0) + n;
      });
      sum.histogram.sum += l.histogram.sum;
      sum.histogram.count += l.histogram.count;
      latency.set(key, sum);
    }
    for (const f of one.providerFailures) {
      const key = `${f.provider} ${f.method}`;
      const sum = failures.get(key) ?? { ...f, value: 0 };
      sum.value += f.value;
      failures.set(key, sum);
    }
  }
  return {
    requests: [...requests.values()],
    latency: [...latency.values()],
    providerFailures: [...failures.values()],
  };
}

/** Orders by state (the status index) and CRM requests still waiting for a retry. */
async function readGauges(db: Db): Promise<{ orders: { status: string; n: number }[]; crmRetry: number }> {
  const byStatus = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status)
    .orderBy(orders.status);
  const [pending] = await db
    .select({ n: count() })
    .from(crmRequests)
    .where(and(isNull(crmRequests.deliveredAt), isNotNull(crmRequests.nextAttemptAt)));
  return {
    orders: byStatus.map((r) => ({ status: r.status, n: Number(r.n) })),
    crmRetry: Number(pending?.n ?? 0),
  };
}

/** A test for "is this address in the list" over IPs and CIDR ranges (IPv4-mapped IPv6 included). */
export function createAddressMatcher(list: string[]): (ip: string | undefined) => boolean {
  const allowed = new BlockList();
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    if (!ip) return false;
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    if (family === 0) return false;
    return allowed.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
