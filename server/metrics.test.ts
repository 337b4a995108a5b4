import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config/env.ts';
import { crmRequests, orders } from '../core/db/schema/index.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { createTestDatabase, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import { buildApp } from './app.ts';
import { createAddressMatcher, createMetrics, type MetricsOptions } from './metrics.ts';

describe('createAddressMatcher', () => {
  it('matches addresses and CIDR ranges of both families, IPv4-mapped IPv6 included', () => {
    const allowed = createAddressMatcher(['127.0.0.1', '::1', '10.1.0.0/16']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('10.1.200.3')).toBe(true);
    expect(allowed('10.2.0.1')).toBe(false);
    expect(allowed('203.0.113.7')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(allowed('not an address')).toBe(false);
  });
});

describe.each(engines)('GET /metrics on %s', (engine) => {
  let database: TestDatabase;
  const apps: { close(): Promise<unknown> }[] = [];

  async function shop(env: Record<string, string> = {}, options: MetricsOptions = {}) {
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), ...env });
    const metrics = createMetrics(options);
    const providers = createProviders(
      config,
      { outbox: createDbOutbox(database.db), db: database.db },
      { onFailure: metrics.providerFailure },
    );
    const services = createServices({ db: database.db, providers, clock: () => new Date() });
    const app = await buildApp({ config, database, services, storefront: false, logger: false, metrics });
    await app.ready();
    apps.push(app);
    return { app, metrics };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
  });

  it('counts requests and their latency by route pattern, never by the raw URL', async () => {
    const { app } = await shop();
    await app.inject({ method: 'GET', url: '/api/orders/for-analytics?orderID=10001&key=raw-key-value' });
    await app.inject({ method: 'GET', url: '/api/orders/for-analytics?orderID=10002&key=raw-key-value' });
    await app.inject({ method: 'GET', url: '/api/no/such/path/4711' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/orders\/for-analytics",status="\d+"\} 2$/m,
    );
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/\*",status="404"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{method="GET",route="\/api\/orders\/for-analytics",le="\+Inf"\} 2$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/orders\/for-analytics"\} 2$/m,
    );
    expect(text).not.toContain('raw-key-value');
    // The raw path of the unknown URL is no label (a bare number could be any process figure's digits).
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toMatch(/route="[^"]*4711/);
  });

  it('reports orders by state, the CRM retry queue and provider failures', async () => {
    const { app, metrics } = await shop();
    await database.db.insert(crmRequests).values([
      { formSubject: 'callback', nextAttemptAt: new Date() },
      { formSubject: 'question', nextAttemptAt: new Date() },
      // Delivered, and given up: neither waits in the queue.
      { formSubject: 'callback', deliveredAt: new Date() },
      { formSubject: 'callback', nextAttemptAt: null },
    ]);
    const order = (status: 'new' | 'paid', n: number) => ({
      status,
      locale: 'ru',
      getWay: 'self',
      payment: 'card',
      fullName: 'Анна Петрова',
      phone: '79991234567',
      email: `order${n}@example.ru`,
      delivery: {
        city: 'Москва',
        cityID: 44,
        country: 'Россия',
        countryId: 1,
        countryCode: 'RU',
        address: '',
        room: '',
        postal: '',
        pvzID: null,
        pvz: null,
        deliveryDate: null,
        deliveryTime: null,
        deliveryMaxDate: null,
        outMKAD: null,
      },
      goodsTotal: 100_00,
      goodsPayable: 100_00,
      deliveryPrice: 0,
      total: 100_00,
      consentVersion: 'v1',
      consentAt: new Date(),
      consentIp: '127.0.0.1',
      accessKey: `access-key-${n}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await database.db.insert(orders).values([order('new', 1), order('new', 2), order('paid', 3)]);
    metrics.providerFailure('sms', 'sendCode');
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^shop_job_queue_depth\{queue="crm_retry"\} 2$/m);
    expect(text).toMatch(/^provider_call_failures_total\{provider="sms",method="sendCode"\} 1$/m);
    expect(text).toMatch(/^shop_orders\{state="new"\} 2$/m);
    expect(text).toMatch(/^shop_orders\{state="paid"\} 1$/m);
  });

  it("reports the process's memory, heap, event-loop delay, GC and open files beside the shop's own", async () => {
    const { app } = await shop();
    await app.inject({ method: 'GET', url: '/api/no/such/path' });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^process_open_fds \d+$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/\*",status="404"\} 1$/m);
    expect(text).toContain('# TYPE shop_orders gauge');
    // Each metric is declared once: Prometheus refuses a scrape that repeats a TYPE.
    const types = text.match(/^# TYPE \S+/gm) ?? [];
    expect(new Set(types).size).toBe(types.length);
  });

  it("adds other shop processes' counters and figures to its own (WORKERS)", async () => {
    const other = createMetrics();
    other.observeRequest('GET', '/api/*', 404, 0.01);
    const { app } = await shop({}, { peers: async () => [await other.snapshot()] });
    await app.inject({ method: 'GET', url: '/api/no/such/path' });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/\*",status="404"\} 2$/m);
    // Two processes' resident memory, summed into one series.
    const resident = text.match(/^process_resident_memory_bytes (\d+)$/gm) ?? [];
    expect(resident).toHaveLength(1);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_open_fds \d+$/m);
    const types = text.match(/^# TYPE \S+/gm) ?? [];
    expect(new Set(types).size).toBe(types.length);
  });

  it('answers 404 to addresses not in METRICS_ALLOW, and to forwarded requests without trusted proxies', async () => {
    const { app } = await shop();
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('203.0.113.9')).statusCode).toBe(404);
    // A reverse proxy on this machine, not declared in TRUST_PROXY: its requests are the public's.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    const internal = (await shop({ METRICS_ALLOW: '10.0.0.0/8' })).app;
    const scrape = (remoteAddress: string) =>
      internal.inject({ method: 'GET', url: '/metrics', remoteAddress });
    expect((await scrape('10.20.30.40')).statusCode).toBe(200);
    expect((await scrape('127.0.0.1')).statusCode).toBe(404);
  });
});
