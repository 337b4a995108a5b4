// The bench's shopper journeys that one autocannon request cannot describe (issue 37):
// - a whole order as a shopper makes it: the cart's look-up (POST /api/groups-by-ids), the order
//   (POST /api/payment) and the payment's confirmation on the sandbox page (POST
//   /api/sandbox/payments/:token, which delivers the provider's notification to the shop);
// - a rush on the embedded database: shoppers placing orders beside shoppers reading the listing.
// Each virtual shopper is a loop on its own keep-alive connection to 127.0.0.1, bounded by the
// round's duration. The shop's CPU per answer is read from /proc (user + system time of the shop
// process and its children).

import fs from 'node:fs';
import http from 'node:http';
import { percentile, type Row } from './support.ts';

/** CPU time (user + system) of `pid` and its child processes, in ms; null off Linux. */
export function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    const one = (p: string) => {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * tick;
    };
    let children: string[] = [];
    try {
      children = fs
        .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
    } catch {
      children = [];
    }
    return [String(pid), ...children].reduce((n, p) => n + one(p), 0);
  } catch {
    return null;
  }
}

interface Answer {
  status: number;
  body: string;
}

/** One request on `agent`'s connection; a network error or a 30 s silence is status 0. */
function send(
  agent: http.Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

let shopper = 0;
/** A shopper no earlier order of this bench had: address, browser id and phone (the per-shopper order limits stay in force). */
function nextShopper() {
  shopper += 1;
  const n = shopper;
  return {
    address: `11.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    cookie: `shi-device=flow-${process.pid}-${n.toString().padStart(10, '0')}`,
    phone: `7997${(n % 10_000_000).toString().padStart(7, '0')}`,
  };
}

const json = { 'content-type': 'application/json' };

export interface OrderTargets {
  orderVariant: string;
  cartIds: string[];
}

/** The order a shopper sends: one unit, picked up at the showroom, paid online (the sandbox). */
function orderBody(targets: OrderTargets, phone: string) {
  return JSON.stringify({
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone,
    email: 'anna@example.ru',
    products: [{ _id: targets.orderVariant, count: 1 }],
    consent: true,
  });
}

/**
 * One whole order: the cart's look-up, the order, the sandbox page's «pay». Returns false when a
 * step failed (a refusal, no payment address, a timeout).
 */
async function wholeOrder(agent: http.Agent, port: number, targets: OrderTargets): Promise<boolean> {
  const who = nextShopper();
  const headers = { ...json, 'x-forwarded-for': who.address, cookie: who.cookie };
  const cart = await send(
    agent,
    port,
    'POST',
    '/api/groups-by-ids',
    headers,
    JSON.stringify(targets.cartIds),
  );
  if (cart.status !== 200) return false;
  const placed = await send(agent, port, 'POST', '/api/payment', headers, orderBody(targets, who.phone));
  const token = /\/sandbox\/pay\/([\w-]{16,40})/.exec(placed.body)?.[1];
  if (placed.status !== 200 || !token) return false;
  const paid = await send(
    agent,
    port,
    'POST',
    `/api/sandbox/payments/${token}`,
    headers,
    '{"decision":"pay"}',
  );
  return paid.status === 200;
}

interface Loop {
  /** One unit of the loop's work; false counts as an error. */
  step(agent: http.Agent): Promise<boolean>;
  connections: number;
}

interface LoopResult {
  latencies: number[];
  errors: number;
}

/** Runs each loop on its own connections until `seconds` pass; every step's latency is kept. */
async function runLoops(loops: Loop[], seconds: number): Promise<LoopResult[]> {
  const end = performance.now() + seconds * 1000;
  return Promise.all(
    loops.map(async (loop) => {
      const result: LoopResult = { latencies: [], errors: 0 };
      await Promise.all(
        Array.from({ length: loop.connections }, async () => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          try {
            while (performance.now() < end) {
              const started = performance.now();
              const ok = await loop.step(agent);
              result.latencies.push(performance.now() - started);
              if (!ok) result.errors += 1;
            }
          } finally {
            agent.destroy();
          }
        }),
      );
      return result;
    }),
  );
}

function rowOf(
  labels: Pick<Row, 'engine' | 'catalogue' | 'cache' | 'case'>,
  connections: number,
  seconds: number,
  result: LoopResult,
  cpuMs: number | null,
): Row {
  const sorted = Float64Array.from(result.latencies).sort();
  return {
    ...labels,
    connections,
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    ratio: null,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: result.errors,
    cpuMs: cpuMs !== null && sorted.length > 0 ? cpuMs / sorted.length : undefined,
  };
}

export interface FlowOptions {
  port: number;
  /** The shop's process id: its CPU time is read before and after the round. */
  pid: number | undefined;
  seconds: number;
  warmSeconds: number;
  targets: OrderTargets;
  log: (m: string) => void;
}

const describe = (row: Row) =>
  `${row.engine}/${row.catalogue}/cache ${row.cache} ${row.case} @${row.connections}: ${row.rps}/s, p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} ms${row.cpuMs === undefined ? '' : `, CPU ${row.cpuMs.toFixed(1)} ms each`}${row.errors ? `, ${row.errors} errors` : ''}`;

/**
 * Whole orders at `connections` shoppers at once: orders per second, each order's latency (its
 * three requests one after another) and the shop's CPU per order.
 */
export async function benchWholeOrder(
  labels: Pick<Row, 'engine' | 'catalogue' | 'cache'>,
  options: FlowOptions,
  connections = 10,
): Promise<Row> {
  const { port, pid, seconds, warmSeconds, targets } = options;
  const loop: Loop = { connections, step: (agent) => wholeOrder(agent, port, targets) };
  if (warmSeconds > 0) await runLoops([loop], warmSeconds);
  const before = cpuMsOf(pid);
  const [result] = await runLoops([loop], seconds);
  const after = cpuMsOf(pid);
  const row = rowOf(
    { ...labels, case: 'whole order (cart, payment, confirmation)' },
    connections,
    seconds,
    result as LoopResult,
    before !== null && after !== null ? after - before : null,
  );
  options.log(describe(row));
  return row;
}

/**
 * A rush on one shop: `orderConnections` shoppers placing orders (POST /api/payment) beside
 * `listingConnections` reading the filtered listing (`listingPath`, a filter click's `.data`).
 * Two rows: the listing's answers and the orders, measured over the same seconds.
 */
export async function benchRushMix(
  labels: Pick<Row, 'engine' | 'catalogue' | 'cache'>,
  options: FlowOptions & { listingPath: string },
  orderConnections = 10,
  listingConnections = 10,
): Promise<Row[]> {
  const { port, seconds, warmSeconds, targets, listingPath } = options;
  const listing: Loop = {
    connections: listingConnections,
    step: async (agent) =>
      (
        await send(agent, port, 'GET', listingPath, {
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br, zstd',
        })
      ).status === 200,
  };
  const order: Loop = {
    connections: orderConnections,
    step: async (agent) => {
      const who = nextShopper();
      const headers = { ...json, 'x-forwarded-for': who.address, cookie: who.cookie };
      const placed = await send(agent, port, 'POST', '/api/payment', headers, orderBody(targets, who.phone));
      return placed.status === 200;
    },
  };
  if (warmSeconds > 0) await runLoops([listing, order], warmSeconds);
  const [listed, ordered] = await runLoops([listing, order], seconds);
  const rows = [
    rowOf(
      { ...labels, case: `rush: listing beside ${orderConnections} ordering` },
      listingConnections,
      seconds,
      listed as LoopResult,
      null,
    ),
    rowOf(
      { ...labels, case: `rush: order beside ${listingConnections} listing` },
      orderConnections,
      seconds,
      ordered as LoopResult,
      null,
    ),
  ];
  for (const row of rows) options.log(describe(row));
  return rows;
}
