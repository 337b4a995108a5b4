// `npm run bench`: load tests of the built shop on 127.0.0.1, on PGlite and PostgreSQL, with the
// demo catalogue and a generated 20,000-product one, with the read cache on and off; then page
// weight and a Lighthouse mobile run. Writes bench/results/bench-<time>.json and latest.md.
// Exits 1 when a shopper page loads more than JS_BUDGET_KB of JavaScript (gzip) up front.
//
//   npm run bench                      everything (about 12-15 minutes on 2 cores)
//   npm run bench -- --quick           PGlite, demo catalogue, cache on, short rounds, no Lighthouse
//   npm run bench -- --engines=pglite --catalogues=20k --cache=on,off --duration=5 --cases=listing,search
//   npm run bench -- --no-pages        skip page weight and Lighthouse
//   npm run bench -- --engines=pglite --catalogues=demo --cache=on --cases=none
//                                      page weight and Lighthouse alone (no load case matches `none`)
//   npm run bench -- --cases=exchange  the 1C import of 20,000 products × 5 sizes alone (bench/exchange.ts)
//   npm run bench -- --engines=postgres --catalogues=100k --cases=listing,search --no-pages
//
// The 100,000-product catalogue runs on PostgreSQL only, with the listing, search and catalogue
// cases (docs/decisions/0040-catalogue-at-scale.md). Every shop process's memory (RSS now and
// its peak) is reported after its cases.
//
// BENCH_PORT_BASE (default 3300) moves the bench's ports (shop +1, baseline +2, Chromium +90);
// BENCH_WORK_DIR (default $TMPDIR/shop-bench) its templates and data folders, so two benches can
// run side by side.
// BENCH_LIGHTHOUSE_DIR keeps every Lighthouse run's whole report there (JSON).
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server the
// bench creates its own bench_* databases on; they are dropped at the end.

import { type ChildProcess, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../core/db/client.ts';
import { benchAdminOrders } from './admin-orders.ts';
import {
  type BenchTargets,
  type CatalogueKind,
  prepareTargets,
  seedBenchCatalogue,
} from './catalogue-data.ts';
import { benchExchange } from './exchange.ts';
import { type LighthouseRow, runLighthouse } from './lighthouse.ts';
import { benchMedia } from './media.ts';
import { benchRushMix, benchWholeOrder, cpuMsOf } from './order-flow.ts';
import { benchStartup, type StartupRow, startupMarkdown } from './startup.ts';
import { percentile, type Row, startProcess, stopProcess, waitFor } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const list = (name: string, fallback: string) => option(name, fallback).split(',').filter(Boolean);

const quick = flag('quick');
const engines = list('engines', quick ? 'pglite' : 'pglite,postgres') as ('pglite' | 'postgres')[];
const catalogues = list('catalogues', quick ? 'demo' : 'demo,20k,100k') as CatalogueKind[];
const cacheModes = list('cache', quick ? 'on' : 'on,off') as ('on' | 'off')[];
const seconds = Number(option('duration', quick ? '3' : '5'));
const warmSeconds = Number(option('warmup', quick ? '1' : '2'));
const onlyCases = list('cases', '');
const pages = !flag('no-pages');
const lighthouseRuns = !pages || flag('no-lighthouse') || quick ? 0 : Number(option('lighthouse-runs', '3'));

// Ports 3300-3399 belong to the bench on these machines.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 3300);
const SHOP_PORT = PORT_BASE + 1;
const BASELINE_PORT = PORT_BASE + 2;
const CHROME_PORT = PORT_BASE + 90;
const work = process.env.BENCH_WORK_DIR || path.join(os.tmpdir(), 'shop-bench');
const mediaDir = path.join(work, 'media');
const log = (m: string) => console.log(`[bench] ${m}`);
/** First-load JavaScript allowed on every shopper page, gzip (docs/decisions/0016-page-cache.md). */
const JS_BUDGET_KB = 110;
/** The shop's own first-load JavaScript on top of React and React Router, gzip (issue 37). */
const SHOP_JS_TARGET_KB = 12;

// ---------------------------------------------------------------------------------------------
// Load measurement

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Each request its own shopper (docs/decisions/0018 caps one browser, phone and address at 3 or
   * 10 unpaid orders): a fresh address (X-Forwarded-For, with TRUST_PROXY), `shi-device` cookie and
   * phone, so the case measures creation and not refusals.
   */
  distinctShoppers?: boolean;
}

let shopper = 0;
/** The next shopper: an address, a browser id and a phone that no earlier request of this run had. */
function nextShopper(body: string | undefined) {
  shopper += 1;
  const n = shopper;
  const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    cookie: `shi-device=bench-${process.pid}-${n.toString().padStart(10, '0')}`,
    body: JSON.stringify({ ...parsed, phone: `7998${(n % 10_000_000).toString().padStart(7, '0')}` }),
  };
}

function cannon(port: number, request: Request, connections: number, duration: number) {
  const latencies: number[] = [];
  let errors = 0;
  return new Promise<{ result: autocannon.Result; latencies: number[]; errors: number }>(
    (resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          pipelining: 1,
          duration,
          requests: [
            {
              method: request.method,
              path: request.path,
              headers: request.headers,
              body: request.body,
              ...(request.distinctShoppers
                ? {
                    setupRequest: (req: autocannon.Request) => {
                      const next = nextShopper(request.body);
                      return {
                        ...req,
                        body: next.body,
                        headers: { ...req.headers, 'x-forwarded-for': next.address, cookie: next.cookie },
                      };
                    },
                  }
                : {}),
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve({ result, latencies, errors })),
      );
      instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
        latencies.push(time);
        if (status >= 400) errors += 1;
      });
    },
  );
}

/** Waits (up to a minute) until the server answers a health check with 200 again. */
async function drain(port: number) {
  const url = `http://127.0.0.1:${port}${port === BASELINE_PORT ? '/json' : '/api/health'}`;
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The process answering on each port (the shop, the baseline): its CPU per answer is read from /proc. */
const processOn = new Map<number, number | undefined>();

async function measure(
  labels: Pick<Row, 'engine' | 'catalogue' | 'cache' | 'case'>,
  port: number,
  request: Request,
  connections = 50,
): Promise<Row> {
  if (warmSeconds > 0) await cannon(port, request, connections, warmSeconds);
  const cpuBefore = cpuMsOf(processOn.get(port));
  const { result, latencies, errors } = await cannon(port, request, connections, seconds);
  const cpuAfter = cpuMsOf(processOn.get(port));
  const sorted = Float64Array.from(latencies).sort();
  const rps = Math.round(result.requests.average);
  const row: Row = {
    ...labels,
    connections,
    requests: result.requests.total,
    rps,
    ratio: null,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: errors + result.errors + result.timeouts,
    cpuMs:
      cpuBefore !== null && cpuAfter !== null && latencies.length > 0
        ? (cpuAfter - cpuBefore) / latencies.length
        : undefined,
  };
  // The server may still be working through requests the round left queued (PGlite runs one query
  // at a time): the next round starts when a health check gets through.
  await drain(port);
  log(
    `${labels.engine}/${labels.catalogue}/cache ${labels.cache} ${labels.case} @${connections}: ${rps} req/s, p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} ms${row.cpuMs === undefined ? '' : `, CPU ${row.cpuMs.toFixed(1)} ms each`}${row.errors ? `, ${row.errors} errors` : ''}`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Processes

/**
 * A process's resident memory now and at its peak, in MB (Linux; null elsewhere), and what the
 * resident part is made of, from `/proc/<pid>/smaps` (docs/decisions/0038-embedded-memory.md):
 * - `wasm`: WebAssembly memories (PGlite's heap): a read-write mapping that opens a reservation of
 *   4 GB or more (the guard region V8 reserves behind each memory);
 * - `malloc`: the C allocator's heaps: `[heap]` and the 64 MB thread arenas (a 64 MB-aligned
 *   read-write mapping whose reservation ends 64 MB after its start);
 * - `v8`: the other anonymous memory, mostly V8's heap and compiled code;
 * - `file`: mapped files (the node binary, libraries).
 */
function memoryOf(child: ChildProcess): MemoryFigures | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kbOf = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kbOf('VmRSS') / 1024, peak: kbOf('VmHWM') / 1024, ...splitOf(child.pid ?? 0) };
  } catch {
    return null;
  }
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rssKb: number;
}

function splitOf(pid: number): { wasm: number; malloc: number; v8: number; file: number } {
  const maps: Mapping[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? '',
        name: head[4] ?? '',
        rssKb: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  const GB4 = 4n << 30n;
  const MB64 = 64n << 20n;
  const split = { wasm: 0, malloc: 0, v8: 0, file: 0 };
  maps.forEach((m, i) => {
    if (m.rssKb === 0) return;
    if (m.name === '[heap]') split.malloc += m.rssKb;
    else if (m.name !== '' && !m.name.startsWith('[anon')) split.file += m.rssKb;
    else {
      const next = maps[i + 1];
      const reserved = next && next.start === m.end && next.perms.startsWith('---') ? next.end : m.end;
      if (m.perms.startsWith('rw') && reserved - m.start >= GB4) split.wasm += m.rssKb;
      else if (m.perms.startsWith('rw') && m.start % MB64 === 0n && reserved - m.start === MB64)
        split.malloc += m.rssKb;
      else split.v8 += m.rssKb;
    }
  });
  const mb = (kb: number) => kb / 1024;
  return { wasm: mb(split.wasm), malloc: mb(split.malloc), v8: mb(split.v8), file: mb(split.file) };
}

interface MemoryFigures {
  rss: number;
  peak: number;
  wasm: number;
  malloc: number;
  v8: number;
  file: number;
}

export interface MemoryRow extends MemoryFigures {
  engine: string;
  catalogue: string;
  cache: string;
}

/** Waits (up to two minutes) until a search answers. */
async function searchReady(port: number) {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'warm' }),
      signal: AbortSignal.timeout(30_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Node's flags in `npm start` (package.json; docs/decisions/0038-embedded-memory.md): the shop as deployed. */
const START_FLAGS = ['--max-semi-space-size=32', '--max-old-space-size=1024', '--liftoff-only'];
/** The C allocator's setting `npm start` gives the shop (docs/decisions/0038-embedded-memory.md). */
const START_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * The cases the 100,000-product catalogue runs: what a shopper's browsing and searching cost, and a
 * filter click another guest made before (the shop as deployed: read and page caches on).
 */
const SCALE_CASES = ['listing', 'search', 'catalog SSR', 'listing cached'];

// ---------------------------------------------------------------------------------------------
// Databases

function seedFingerprint(): string {
  const hash = createHash('sha256');
  const files = [
    ...fs.readdirSync(path.join(root, 'demo')).map((f) => `demo/${f}`),
    ...fs.readdirSync(path.join(root, 'core/db/migrations')).map((f) => `core/db/migrations/${f}`),
    'bench/catalogue-data.ts',
  ].sort();
  for (const f of files) {
    const full = path.join(root, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
}

interface Prepared {
  env: Record<string, string>;
  targets: BenchTargets;
  cleanup(): Promise<void>;
}

/** A PGlite folder holding the catalogue: seeded once and kept as a template, copied for each run. */
async function preparePglite(kind: CatalogueKind): Promise<Prepared> {
  const template = path.join(work, `pglite-${kind}-${seedFingerprint()}`);
  if (!fs.existsSync(path.join(template, 'ready'))) {
    fs.rmSync(template, { recursive: true, force: true });
    fs.mkdirSync(template, { recursive: true });
    log(
      `seeding the ${kind} catalogue into a PGlite template (once; with Lighthouse, photos are drawn the first time)`,
    );
    const database = await openPglite(await PGlite.create(path.join(template, 'pglite')));
    try {
      await seedBenchCatalogue(database.db, kind, mediaDir, log, lighthouseRuns > 0);
    } finally {
      await database.close();
    }
    fs.writeFileSync(path.join(template, 'ready'), '');
  }
  const dataDir = path.join(work, `run-pglite-${kind}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(template, dataDir, { recursive: true });
  const database = await openPglite(await PGlite.create(path.join(dataDir, 'pglite')));
  let targets: BenchTargets;
  try {
    targets = await prepareTargets(database.db, kind);
  } finally {
    await database.close();
  }
  return {
    env: { DATA_DIR: dataDir, MEDIA_DIR: mediaDir },
    targets,
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

async function preparePostgres(kind: CatalogueKind): Promise<Prepared> {
  const name = `bench_${kind}_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  let database: Database | null = null;
  try {
    database = await openPostgres(url, 4);
    log(`seeding the ${kind} catalogue into PostgreSQL database ${name}`);
    await seedBenchCatalogue(database.db, kind, mediaDir, log, lighthouseRuns > 0);
    const targets = await prepareTargets(database.db, kind);
    return {
      env: { DATABASE_URL: url, DATA_DIR: path.join(work, 'run-postgres'), MEDIA_DIR: mediaDir },
      targets,
      async cleanup() {
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {});
    throw error;
  } finally {
    await database?.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The cases

const json = { 'content-type': 'application/json' };
// Pages are asked for as a browser does: HTML, compressed.
const browser = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
// A client navigation's data request, as the browser's fetch sends it (compressed when large).
const dataFetch = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A shopper's filter click: the catalogue route's data, 24 cards. */
const LISTING_PATH = '/catalog.data?size=M&avail=1&sort=price-asc';

interface Case {
  name: string;
  request: Request;
  connections?: number;
  /** Run against a shop with PAGE_CACHE=on (every other case runs with it off, rendering each page). */
  pageCache?: boolean;
}

function cases(targets: BenchTargets): Case[] {
  const order = {
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: '79991234567',
    email: 'anna@example.ru',
    products: [{ _id: targets.orderVariant, count: 1 }],
    consent: true,
  };
  const all = [
    { name: 'settings', request: { method: 'GET', path: '/api/settings' } },
    {
      // The listing a shopper's filter click fetches: the catalogue route's data (24 cards).
      name: 'listing',
      request: { method: 'GET', path: LISTING_PATH, headers: dataFetch },
    },
    {
      name: 'search',
      request: {
        method: 'POST',
        path: '/api/search',
        headers: json,
        body: JSON.stringify({ query: 'платье' }),
      },
    },
    {
      name: 'groups-by-ids',
      request: {
        method: 'POST',
        path: '/api/groups-by-ids',
        headers: json,
        body: JSON.stringify(targets.cartIds),
      },
    },
    { name: 'catalog SSR', request: { method: 'GET', path: '/catalog', headers: browser } },
    {
      name: 'product SSR',
      request: { method: 'GET', path: `/products/${targets.productId}`, headers: browser },
    },
    { name: 'catalog SSR', request: { method: 'GET', path: '/catalog', headers: browser }, connections: 20 },
    {
      name: 'product SSR',
      request: { method: 'GET', path: `/products/${targets.productId}`, headers: browser },
      connections: 20,
    },
    {
      name: 'order',
      request: {
        method: 'POST',
        path: '/api/payment',
        headers: json,
        body: JSON.stringify(order),
        distinctShoppers: true,
      },
    },
    // The same pages for a guest from the page cache (compared with the 20 kB static file).
    {
      name: 'catalog cached',
      request: { method: 'GET', path: '/catalog', headers: browser },
      pageCache: true,
    },
    {
      // A filter click another guest made before: the catalogue route's data from the page cache.
      name: 'listing cached',
      request: { method: 'GET', path: LISTING_PATH, headers: dataFetch },
      pageCache: true,
    },
    {
      name: 'product cached',
      request: { method: 'GET', path: `/products/${targets.productId}`, headers: browser },
      pageCache: true,
    },
  ] satisfies Case[];
  return all.filter((c) => wanted(c.name));
}

/** Whether `--cases` (names or their beginnings) includes the case of this name; every case without it. */
function wanted(name: string): boolean {
  return onlyCases.length === 0 || onlyCases.some((n) => name.startsWith(n));
}

// ---------------------------------------------------------------------------------------------
// Page weight

export interface PageRow {
  page: string;
  path: string;
  htmlGzip: number;
  jsGzip: number;
  /** Of jsGzip, React DOM, React and React Router: the client entry chunk (vite.config.ts `framework`). */
  frameworkGzip: number;
  jsFiles: number;
  cssGzip: number;
  cssFiles: number;
  lighthouse: LighthouseRow | null;
}

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

async function pageWeight(port: number, pagePath: string, cookie?: string) {
  const base = `http://127.0.0.1:${port}`;
  const html = await (await fetch(base + pagePath, { headers: cookie ? { cookie } : {} })).text();
  // Every build file the page loads up front: module scripts, modulepreloads, inline imports, styles.
  // Not every address in the page: the inline route manifest names modules of other routes (the
  // other edition's layout, the manifest file) that this page never loads.
  const asset = String.raw`(\/assets\/[\w.-]+\.(?:js|css))`;
  const loads = [
    new RegExp(`<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="${asset}"`, 'g'),
    new RegExp(`<script[^>]*src="${asset}"`, 'g'),
    new RegExp(String.raw`import(?:\s*\(|[^;"]*\bfrom\s*)\s*"${asset}"`, 'g'),
  ].flatMap((re) => [...html.matchAll(re)].map((m) => m[1] as string));
  const js = new Set(loads.filter((f) => f.endsWith('.js')));
  const css = new Set(loads.filter((f) => f.endsWith('.css')));
  const size = async (files: Iterable<string>) => {
    let total = 0;
    for (const f of files) total += gz(Buffer.from(await (await fetch(base + f)).arrayBuffer()));
    return total;
  };
  // The framework group (React, React DOM, React Router) shares its file with the client entry, the
  // one module every page starts from (vite.config.ts); everything else the page loads is the shop's.
  const framework = [...js].filter((f) => /^\/assets\/(?:entry\.client|framework)-/.test(f));
  return {
    htmlGzip: gz(html),
    jsGzip: await size(js),
    frameworkGzip: await size(framework),
    jsFiles: js.size,
    cssGzip: await size(css),
    cssFiles: css.size,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const kb = (b: number) => (b / 1024).toFixed(1);

function markdown(
  rows: Row[],
  pageRows: PageRow[],
  memoryRows: MemoryRow[],
  meta: Record<string, string>,
): string {
  const lines = [
    `# Bench ${meta.date}`,
    '',
    `${meta.machine}, load average ${meta.load}. Built shop on 127.0.0.1, NODE_ENV=production, LOG_LEVEL=warn; autocannon ${meta.autocannon}, no pipelining, ${meta.warmup} s warm-up then ${meta.duration} s per case. ×base is requests/s over the bare Fastify JSON route (mean of its first and last rounds in this run); 0 req/s means no answer came back within the round; latencies are over every response of the measured round.`,
    '',
    '| engine | catalogue | read cache | case | conns | req/s | ×base | p50 ms | p95 ms | p99 ms | CPU ms each | errors |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.catalogue} | ${r.cache} | ${r.case} | ${r.connections} | ${r.rps} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.cpuMs === undefined ? '—' : r.cpuMs.toFixed(2)} | ${r.errors} |`,
    ),
  ];
  const statics = rows.filter((r) => r.case.includes('20 kB static file'));
  const cachedRows = rows.filter((r) => r.cache === 'on + page');
  if (statics.length > 0 && cachedRows.length > 0) {
    const staticRps = statics.reduce((n, r) => n + r.rps, 0) / statics.length;
    const staticP99 = statics.reduce((n, r) => n + r.p99, 0) / statics.length;
    lines.push(
      '',
      `Page cache: guests' pages served from memory, against the 20 kB static file (mean of its rounds: ${staticRps.toFixed(0)} req/s, p99 ${ms(staticP99)} ms).`,
      '',
      '| engine | catalogue | case | req/s | ×static | p99 ms | p99 ÷ static p99 |',
      '|---|---|---|---:|---:|---:|---:|',
      ...cachedRows.map(
        (r) =>
          `| ${r.engine} | ${r.catalogue} | ${r.case} | ${r.rps} | ${(r.rps / staticRps).toFixed(2)} | ${ms(r.p99)} | ${(r.p99 / staticP99).toFixed(2)} |`,
      ),
    );
  }
  if (memoryRows.length > 0) {
    lines.push(
      '',
      'Memory of each shop process after its cases (RSS, and its peak since start), MB; the RSS split from smaps: WebAssembly memory (PGlite), the C allocator (malloc heaps), other anonymous memory (V8) and mapped files.',
      '',
      '| engine | catalogue | read cache | RSS MB | peak MB | wasm | malloc | V8 | files |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|',
      ...memoryRows.map(
        (m) =>
          `| ${m.engine} | ${m.catalogue} | ${m.cache} | ${m.rss.toFixed(0)} | ${m.peak.toFixed(0)} | ${m.wasm.toFixed(0)} | ${m.malloc.toFixed(0)} | ${m.v8.toFixed(0)} | ${m.file.toFixed(0)} |`,
      ),
    );
  }
  if (pageRows.length > 0) {
    const heaviest = pageRows.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    lines.push(
      '',
      `First-load JavaScript budget: ${JS_BUDGET_KB} kB gzip on every shopper page; heaviest: ${heaviest.page} ${kb(heaviest.jsGzip)} kB (${heaviest.jsGzip > JS_BUDGET_KB * 1024 ? 'over budget: the bench exits 1' : 'within'}). The shop's own share (everything but React, React DOM and React Router) targets at most ${SHOP_JS_TARGET_KB} kB on the catalogue and product pages (issue 37); the rest loads when it is used (docs/decisions/0049-first-load-split.md).`,
    );
    lines.push(
      '',
      `Page weight (gzip -9 of what the page loads up front) and Lighthouse ${meta.lighthouse} mobile (simulated throttling; median of ${meta.lighthouseRuns}) on ${meta.pagesOn}.`,
      '',
      '| page | HTML kB | JS kB (files) | of it React + Router kB | of it the shop kB | CSS kB (files) | perf | FCP s | LCP s | TBT ms | CLS | a11y |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...pageRows.map((p) => {
        const l = p.lighthouse;
        const lh = l
          ? `${l.performance} | ${(l.fcp / 1000).toFixed(2)} | ${(l.lcp / 1000).toFixed(2)} | ${l.tbt.toFixed(0)} | ${l.cls.toFixed(3)} | ${l.accessibility}`
          : '— | — | — | — | — | —';
        const shop = p.jsGzip - p.frameworkGzip;
        return `| ${p.page} \`${p.path}\` | ${kb(p.htmlGzip)} | ${kb(p.jsGzip)} (${p.jsFiles}) | ${kb(p.frameworkGzip)} | ${kb(shop)}${shop > SHOP_JS_TARGET_KB * 1024 ? ' (over)' : ''} | ${kb(p.cssGzip)} (${p.cssFiles}) | ${lh} |`;
      }),
    );
    const lcp = pageRows.map((p) => p.lighthouse?.lcpElement).filter(Boolean);
    if (lcp.length)
      lines.push(
        '',
        ...pageRows
          .filter((p) => p.lighthouse?.lcpElement)
          .map((p) => `- LCP element on ${p.page}: \`${p.lighthouse?.lcpElement}\``),
      );
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  fs.mkdirSync(work, { recursive: true });
  execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' });
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const rows: Row[] = [];
  const pageRows: PageRow[] = [];
  const memoryRows: MemoryRow[] = [];
  const startupRows: StartupRow[] = [];
  const none = { engine: '—', catalogue: '—', cache: '—' };

  // The baselines run first and again last: other work on the machine moves them, and the
  // ratios use their mean.
  const baseline = startProcess(
    ['bench/baseline-server.ts', String(BASELINE_PORT), path.join(work, 'static')],
    {},
    'baseline',
  );
  processOn.set(BASELINE_PORT, baseline.pid);
  const baselines = async (when: string) => {
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/json`, baseline);
    const bare = await measure({ ...none, case: `baseline (${when}): bare Fastify JSON` }, BASELINE_PORT, {
      method: 'GET',
      path: '/json',
    });
    const file = await measure({ ...none, case: `baseline (${when}): 20 kB static file` }, BASELINE_PORT, {
      method: 'GET',
      path: '/static/asset-20k.js',
    });
    rows.push(bare, file);
    return bare.rps;
  };
  // Whatever happens below, the baseline server goes when the bench does.
  process.on('exit', () => baseline.kill('SIGKILL'));
  const baselineRps = [await baselines('first')];

  let runEngines = engines;
  if (engines.includes('postgres') && !(await postgresReachable())) {
    log(`PostgreSQL at ${serverUrl} does not answer: measuring PGlite only`);
    runEngines = engines.filter((e) => e !== 'postgres');
  }
  // The back office's order list over 100,000 orders (bench/admin-orders.ts), on PostgreSQL only;
  // `--cases=admin-orders` runs it alone.
  if ((onlyCases.length === 0 || onlyCases.includes('admin-orders')) && runEngines.includes('postgres')) {
    rows.push(...(await benchAdminOrders({ serverUrl, port: SHOP_PORT, seconds, warmSeconds, log })));
  }
  // A product save with 3 photos through the image pipeline (bench/media.ts), in process on PGlite;
  // `--cases=media` runs it alone.
  if (onlyCases.length === 0 || onlyCases.includes('media')) {
    rows.push(...(await benchMedia({ rounds: quick ? 2 : 3, log })));
  }
  // The 1C CommerceML import of 20,000 products × 5 sizes (bench/exchange.ts), each engine in a
  // process of its own: time, peak RSS and the storefront's latency meanwhile; `--cases=exchange`
  // runs it alone.
  if (onlyCases.length === 0 || onlyCases.includes('exchange')) {
    rows.push(...(await benchExchange({ engines: runEngines, serverUrl, log })));
  }
  // `npm start` on an empty data folder and again on the folder it left (bench/startup.ts);
  // `--cases=startup` runs it alone.
  if (onlyCases.length === 0 || onlyCases.includes('startup')) {
    startupRows.push(
      ...(await benchStartup({
        port: SHOP_PORT,
        workDir: work,
        flags: START_FLAGS,
        env: START_ENV,
        log,
      })),
    );
  }
  if (
    onlyCases.length > 0 &&
    onlyCases.every((c) => ['admin-orders', 'media', 'exchange', 'startup'].includes(c))
  )
    runEngines = [];

  let pagesDone = !pages;
  for (const engine of runEngines) {
    for (const kind of catalogues) {
      if (kind === '100k' && engine !== 'postgres') {
        log('the 100,000-product catalogue runs on PostgreSQL only');
        continue;
      }
      // At 100,000 products: what a shopper's browsing and searching cost, at 50 connections and,
      // for one request's own latency, at 1.
      const kindCases = (all: Case[]): Case[] => {
        if (kind !== '100k') return all;
        const scale = all.filter((c) => SCALE_CASES.includes(c.name));
        return [
          ...scale,
          ...scale
            .filter((c) => c.name !== 'catalog SSR' && !c.connections)
            .map((c) => ({ ...c, connections: 1 })),
        ];
      };
      const prepared = engine === 'pglite' ? await preparePglite(kind) : await preparePostgres(kind);
      try {
        for (const cache of cacheModes) {
          const startShop = (pageCache: 'on' | 'off', workers = 1) => {
            const started = startProcess(
              [...START_FLAGS, 'server/main.ts'],
              {
                ...START_ENV,
                ...prepared.env,
                NODE_ENV: 'production',
                HOST: '127.0.0.1',
                PORT: String(SHOP_PORT),
                SEED_DEMO: 'never',
                READ_CACHE: cache,
                PAGE_CACHE: pageCache,
                LOG_LEVEL: 'warn',
                TRUST_PROXY: '127.0.0.1',
                WORKERS: String(workers),
              },
              'shop',
            );
            processOn.set(SHOP_PORT, started.pid);
            return started;
          };
          let shop = startShop('off');
          try {
            await waitFor(`http://127.0.0.1:${SHOP_PORT}/api/health`, shop);
            // The shop builds its search index in the background at start (seconds at 100,000
            // products): measured once it answers, as a shopper meets a shop that has been up.
            await searchReady(SHOP_PORT);
            for (const c of kindCases(cases(prepared.targets)).filter((c) => !c.pageCache)) {
              rows.push(
                await measure(
                  { engine, catalogue: kind, cache, case: c.name },
                  SHOP_PORT,
                  c.request,
                  c.connections,
                ),
              );
            }
            // A whole order as a shopper makes it (bench/order-flow.ts), at 10 shoppers at once.
            if (kind === 'demo' && wanted('whole order')) {
              rows.push(
                await benchWholeOrder(
                  { engine, catalogue: kind, cache },
                  { port: SHOP_PORT, pid: shop.pid, seconds, warmSeconds, targets: prepared.targets, log },
                ),
              );
              await drain(SHOP_PORT);
            }
            // Page weight and Lighthouse once, on the first configuration (the default: cache on).
            if (!pagesDone && kind === 'demo' && cache === 'on') {
              pagesDone = true;
              const cart = JSON.stringify(
                prepared.targets.cartIds.slice(0, 3).map((_id) => ({ _id, count: 1 })),
              );
              const cookie = `cart=${encodeURIComponent(cart)}`;
              const list: { page: string; path: string; cookie?: string }[] = [
                { page: 'home', path: '/' },
                { page: 'catalogue', path: '/catalog' },
                { page: 'product', path: `/products/${prepared.targets.productId}` },
                { page: 'cart', path: '/?cart', cookie },
                { page: 'content', path: '/about' },
                { page: 'home (en)', path: '/en' },
              ];
              for (const p of list) {
                const weight = await pageWeight(SHOP_PORT, p.path, p.cookie);
                let lighthouse: LighthouseRow | null = null;
                if (lighthouseRuns > 0) {
                  try {
                    lighthouse = await runLighthouse(`http://127.0.0.1:${SHOP_PORT}${p.path}`, {
                      runs: lighthouseRuns,
                      port: CHROME_PORT,
                      cookie: p.cookie,
                      workDir: work,
                      reportDir: process.env.BENCH_LIGHTHOUSE_DIR || undefined,
                    });
                  } catch (error) {
                    log(
                      `Lighthouse failed on ${p.path}: ${error instanceof Error ? error.message : String(error)}`,
                    );
                  }
                }
                pageRows.push({ ...p, ...weight, lighthouse });
                log(
                  `page ${p.page}: HTML ${kb(weight.htmlGzip)} kB, JS ${kb(weight.jsGzip)} kB (the shop's ${kb(weight.jsGzip - weight.frameworkGzip)}), CSS ${kb(weight.cssGzip)} kB gzip${lighthouse ? `; Lighthouse ${lighthouse.performance}, LCP ${(lighthouse.lcp / 1000).toFixed(2)} s` : ''}`,
                );
              }
            }
            // The page cache's cases (read cache on only: the page cache follows its invalidations).
            const remember = (cacheLabel: string) => {
              const m = memoryOf(shop);
              if (!m) return;
              memoryRows.push({ engine, catalogue: kind, cache: cacheLabel, ...m });
              log(
                `memory of ${engine} ${kind} ${cacheLabel}: RSS ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)}): wasm ${m.wasm.toFixed(0)}, malloc ${m.malloc.toFixed(0)}, V8 ${m.v8.toFixed(0)}, files ${m.file.toFixed(0)}`,
              );
            };
            remember(cache);
            /** The shop started again with `pageCache` and `workers`, and `list` measured on it as `label`. */
            const measureRestarted = async (
              label: string,
              list: Case[],
              pageCache: 'on' | 'off',
              workers = 1,
            ) => {
              await stopProcess(shop);
              shop = startShop(pageCache, workers);
              await waitFor(`http://127.0.0.1:${SHOP_PORT}/api/health`, shop);
              await searchReady(SHOP_PORT);
              for (const c of list) {
                const row = { engine, catalogue: kind, cache: label, case: c.name };
                rows.push(await measure(row, SHOP_PORT, c.request, c.connections));
              }
            };
            const cached = kindCases(cases(prepared.targets)).filter((c) => c.pageCache);
            const rush = engine === 'pglite' && kind === 'demo' && wanted('rush');
            if (cache === 'on' && (cached.length > 0 || rush)) {
              await measureRestarted('on + page', cached, 'on');
              remember('on + page');
            }
            // The embedded database under a rush (bench/order-flow.ts): 10 shoppers ordering beside
            // 10 reading the listing, which the page cache holds.
            if (cache === 'on' && rush) {
              rows.push(
                ...(await benchRushMix(
                  { engine, catalogue: kind, cache: 'on + page' },
                  {
                    port: SHOP_PORT,
                    pid: shop.pid,
                    seconds,
                    warmSeconds,
                    targets: prepared.targets,
                    log,
                    listingPath: LISTING_PATH,
                  },
                )),
              );
              await drain(SHOP_PORT);
            }
            // Rendering and ordering with both cores: two shop processes on the port (WORKERS,
            // PostgreSQL only).
            if (engine === 'postgres' && kind === 'demo' && cache === 'on') {
              const rendered = kindCases(cases(prepared.targets)).filter(
                (c) => (c.name.endsWith(' SSR') && c.connections === 20) || c.name === 'order',
              );
              if (rendered.length > 0) {
                await measureRestarted('on, 2 workers', rendered, 'off', 2);
                const children = fs
                  .readFileSync(`/proc/${shop.pid}/task/${shop.pid}/children`, 'utf8')
                  .trim()
                  .split(/\s+/)
                  .filter(Boolean);
                const rss = [String(shop.pid), ...children].map((pid) =>
                  Number(
                    /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
                  ),
                );
                log(
                  `memory with 2 workers: RSS ${rss.map((k) => (k / 1024).toFixed(0)).join(' + ')} MB (primary + workers)`,
                );
              }
            }
          } finally {
            await stopProcess(shop);
          }
        }
      } finally {
        await prepared.cleanup();
      }
    }
  }

  try {
    baselineRps.push(await baselines('last'));
  } finally {
    await stopProcess(baseline);
  }
  const base = baselineRps.reduce((a, b) => a + b, 0) / baselineRps.length;
  for (const row of rows) row.ratio = base ? row.rps / base : null;

  const require = (await import('node:module')).createRequire(import.meta.url);
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const meta = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
    autocannon: version('autocannon'),
    lighthouse: version('lighthouse'),
    lighthouseRuns: String(lighthouseRuns),
    duration: String(seconds),
    warmup: String(warmSeconds),
    pagesOn: 'PGlite, demo catalogue, read cache on',
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
    // Other work on the machine skews every figure: the 1-minute load average, before and after.
    load: `${loadAtStart.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
  };
  const table = markdown(rows, pageRows, memoryRows, meta) + startupMarkdown(startupRows);
  const overBudget = pageRows.filter((p) => p.jsGzip > JS_BUDGET_KB * 1024);
  const out = path.join(root, 'bench/results');
  fs.mkdirSync(out, { recursive: true });
  const stamp = meta.date.replace(/[:]/g, '-');
  fs.writeFileSync(
    path.join(out, `bench-${stamp}.json`),
    `${JSON.stringify({ meta, rows, pages: pageRows, memory: memoryRows, startup: startupRows }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(out, 'latest.md'), table);
  console.log(`\n${table}`);
  log(`done in ${meta.minutes} min; bench/results/bench-${stamp}.json and bench/results/latest.md`);
  if (overBudget.length > 0) {
    console.error(
      `[bench] over the first-load JavaScript budget of ${JS_BUDGET_KB} kB gzip: ${overBudget.map((p) => `${p.page} ${kb(p.jsGzip)} kB`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

await main();
