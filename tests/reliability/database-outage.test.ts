import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../core/db/client.ts';
import * as schema from '../../core/db/schema/index.ts';
import { releasesStock } from '../../core/orders/order.rules.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { testDatabaseUrl } from '../setup/test-database.ts';
import { createRelDatabase, type RelDatabase } from './support/databases.ts';
import { freePort, type ServerProcess, startServer } from './support/server-process.ts';
import { type Answer, getJson, orderPayload, postJson } from './support/shop-client.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const INITIAL = 500;

/**
 * Issue 8: the database going away gives 503 answers (not 500, not a hang, not a crash) and the
 * shop recovers by itself when it comes back. The shop reaches PostgreSQL through a TCP relay
 * this test owns, so only this shop loses its database. PGlite is embedded in the process: it
 * cannot go away on its own.
 */
describe.skipIf(!testDatabaseUrl())('the database going away and coming back (PostgreSQL)', () => {
  let database: RelDatabase;
  let db: Db;
  let proxy: TcpProxy;
  let shop: ServerProcess;
  let variant: string;
  let seq = 0;

  beforeAll(async () => {
    database = await createRelDatabase();
    await (await openPostgres(database.url, 1)).close();
    db = drizzle(database.pool, { schema }) as unknown as Db;
    await insertSettings(db);
    const { slug } = await insertCategory(db);
    const group = await insertProductGroup(db, { categorySlug: slug }, [{ size: 'S', stock: INITIAL }]);
    variant = `${group.id}-S`;
    const ports = new Set<number>();
    const target = new URL(database.url);
    proxy = await startTcpProxy(await freePort(3250, 3259, ports), {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    shop = await startServer(await freePort(3250, 3259, ports), {
      DATABASE_URL: viaProxy.toString(),
      TRUST_PROXY: '127.0.0.1',
      DATABASE_POOL_SIZE: '4',
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await proxy?.close();
    await database?.drop();
  });

  // Each order its own shopper (address and phone): one client's unpaid orders are capped (DECISIONS 32).
  const order = (lang?: 'en') => {
    seq += 1;
    return postJson(
      shop.url,
      `/api/payment${lang ? '?lang=en' : ''}`,
      orderPayload([{ _id: variant, count: 1 }], { phone: `7994${String(seq).padStart(7, '0')}` }),
      { clientIp: `10.60.${Math.floor(seq / 250)}.${(seq % 250) + 1}` },
    );
  };
  const timed = async <T>(fn: () => Promise<T>) => {
    const started = Date.now();
    const value = await fn();
    return { value, ms: Date.now() - started };
  };
  async function waitForHealth(status: number, withinMs: number) {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const res = await getJson(shop.url, '/api/health');
      if (res.status === status) return;
      if (Date.now() > deadline) throw new Error(`health stayed ${res.status}, wanted ${status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  async function expectStockConsistent() {
    const [row] = await db
      .select()
      .from(schema.variantProducts)
      .where(eq(schema.variantProducts.id, variant));
    const lines = await db
      .select({ reserved: schema.orderLines.reserved, status: schema.orders.status })
      .from(schema.orderLines)
      .innerJoin(schema.orders, eq(schema.orders.number, schema.orderLines.orderNumber))
      .where(eq(schema.orderLines.variantId, variant));
    const held = lines.filter((l) => !releasesStock(l.status)).reduce((n, l) => n + l.reserved, 0);
    expect((row?.stock ?? -1) + held).toBe(INITIAL);
  }
  function expectUnavailable(answer: Answer, language: 'ru' | 'en' = 'ru') {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body.result).toBe(false);
    expect(answer.body.message).toMatch(language === 'en' ? /unavailable/i : /недоступ/i);
  }

  beforeEach(async () => {
    await proxy.setMode('up');
    await waitForHealth(200, 15_000);
  });

  it('answers 503 while the database server is down, and 200 again once it is back', async () => {
    expect((await order()).status).toBe(200);
    await proxy.setMode('down');
    const health = await timed(() => getJson(shop.url, '/api/health'));
    expect(health.value.status).toBe(503);
    expect(health.ms).toBeLessThan(10_000);
    const placed = await Promise.all(Array.from({ length: 10 }, () => order()));
    for (const answer of placed) expectUnavailable(answer);
    expectUnavailable(await order('en'), 'en');
    // A data route reading the catalogue: 503 too (or its cached copy), never a 500.
    const groups = await postJson(shop.url, '/api/groups-by-ids', [variant.replace(/-S$/, '')]);
    expect([200, 503]).toContain(groups.status);
    await proxy.setMode('up');
    await waitForHealth(200, 15_000);
    expect((await order()).status).toBe(200);
    expect(shop.child.exitCode).toBeNull();
    await expectStockConsistent();
  });

  it('answers 503 within the timeouts when the database stops answering (a partition), then recovers', async () => {
    expect((await order()).status).toBe(200);
    await proxy.setMode('blackhole');
    const health = await timed(() => getJson(shop.url, '/api/health'));
    expect(health.value.status).toBe(503);
    expect(health.ms).toBeLessThan(10_000);
    const placed = await timed(() => Promise.all(Array.from({ length: 6 }, () => order())));
    for (const answer of placed.value) expectUnavailable(answer);
    expect(placed.ms).toBeLessThan(19_000);
    await proxy.setMode('up');
    await waitForHealth(200, 15_000);
    expect((await order()).status).toBe(200);
    expect(shop.child.exitCode).toBeNull();
    await expectStockConsistent();
  }, 60_000);

  // The outcome is the contract, not the time: a request on a killed connection may wait out its
  // 10 s query deadline before answering 503, and 90 orders run in six sequential streams.
  it('survives its connections being terminated in the middle of a stream of orders', async () => {
    const stream = Promise.all(
      Array.from({ length: 6 }, async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 15; i++) statuses.push((await order()).status);
        return statuses;
      }),
    );
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 60));
      await database.pool.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
    }
    const statuses = (await stream).flat();
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(','),
    ).toBe(true);
    expect(shop.child.exitCode, shop.output()).toBeNull();
    await waitForHealth(200, 15_000);
    expect((await order()).status).toBe(200);
    await expectStockConsistent();
  }, 150_000);
});
