import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPostgres } from '../../core/db/client.ts';
import * as schema from '../../core/db/schema/index.ts';
import { releasesStock } from '../../core/orders/order.rules.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../factories/catalogue.ts';
import { type Engine, engines } from '../setup/test-database.ts';
import { createRelDatabase, type RelDatabase } from './support/databases.ts';
import { createPgliteFolder, type PgliteFolder } from './support/pglite-folder.ts';
import { freePort, type ServerProcess, startServer } from './support/server-process.ts';
import { orderPayload } from './support/shop-client.ts';

const CLIENTS = 8;
const KILLS = 2;
const INITIAL = 400;

interface Committed {
  orderID: number;
  /** The shi-orders cookie that lets this browser read the order back. */
  cookie: string;
}

/** One engine's database as the test sees it: opened only while no shop process needs it exclusively. */
interface Store {
  env: Record<string, string>;
  /** Runs `fn` on the database; on PGlite only while the shop is stopped. */
  use<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

async function createStore(engine: Engine): Promise<Store> {
  if (engine === 'pglite') {
    const folder: PgliteFolder = createPgliteFolder();
    return {
      env: { DATA_DIR: folder.dataDir },
      async use(fn) {
        const database: Database = await folder.open();
        try {
          return await fn(database.db);
        } finally {
          await database.close();
        }
      },
      dispose: async () => folder.remove(),
    };
  }
  const database: RelDatabase = await createRelDatabase();
  // The shop migrates on start; the test's inserts need the tables first.
  await (await openPostgres(database.url, 1)).close();
  const db = drizzle(database.pool, { schema }) as unknown as Db;
  return { env: { DATABASE_URL: database.url }, use: (fn) => fn(db), dispose: () => database.drop() };
}

/**
 * Issue 8: SIGKILL in the middle of a stream of orders (and declined payments that give stock
 * back) loses no order the shop answered 200 for, and after restart the stock adds up:
 * initial = stock + units reserved by live orders.
 */
describe.each(engines)('SIGKILL during a stream of orders on %s', (engine) => {
  let store: Store;
  let shop: ServerProcess | undefined;
  let port: number;
  let variants: string[];
  const committed: Committed[] = [];

  beforeAll(async () => {
    store = await createStore(engine);
    variants = await store.use(async (db) => {
      await insertSettings(db);
      const { slug } = await insertCategory(db);
      const a = await insertProductGroup(db, { categorySlug: slug }, [{ size: 'S', stock: INITIAL }]);
      const b = await insertProductGroup(db, { categorySlug: slug }, [{ size: 'M', stock: INITIAL }]);
      return [`${a.id}-S`, `${b.id}-M`];
    });
    port = await freePort(engine === 'pglite' ? 3230 : 3240, engine === 'pglite' ? 3239 : 3249);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await store?.dispose();
  });

  const start = () => startServer(port, { ...store.env, TRUST_PROXY: '127.0.0.1' });

  /** One shopper: orders until the shop dies (or 200 tries), declining every third payment. */
  async function shopper(base: string, id: number, onCommitted: () => void) {
    for (let i = 0; i < 200; i++) {
      const [first, second] = i % 2 === 0 ? variants : [...variants].reverse();
      const lines =
        i % 3 === 0
          ? [
              { _id: first as string, count: 2 },
              { _id: second as string, count: 1 },
            ]
          : [{ _id: first as string, count: 1 }];
      let res: Response;
      try {
        res = await fetch(`${base}/api/payment`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.50.${id}.${(i % 250) + 1}`,
            'idempotency-key': `crash-${engine}-${id}-${i}-${Math.random().toString(36).slice(2)}`,
          },
          // Each order its own shopper (phone; the address varies above): DECISIONS 32 caps one client.
          body: JSON.stringify(
            orderPayload(lines, { phone: `7995${String(id * 1000 + i).padStart(7, '0')}` }),
          ),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        return; // the shop is gone
      }
      if (res.status !== 200) {
        await res.text().catch(() => '');
        continue;
      }
      const body = (await res.json().catch(() => null)) as { order: { orderID: number }; url: string } | null;
      if (!body) return;
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      committed.push({ orderID: body.order.orderID, cookie });
      onCommitted();
      if (i % 3 === 1) {
        const token = body.url.split('/').pop();
        try {
          await fetch(`${base}/api/sandbox/payments/${token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ decision: 'decline' }),
            signal: AbortSignal.timeout(10_000),
          });
        } catch {
          return;
        }
      }
    }
  }

  it(`loses no answered order and keeps stock consistent across ${KILLS} kills and restarts`, async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      shop = await start();
      const running = shop;
      // Kill after a varying number of committed orders, while the other shoppers are mid-request.
      const killAfter = committed.length + 15 + kill * 10;
      let killed: Promise<string> | undefined;
      const onCommitted = () => {
        if (!killed && committed.length >= killAfter) killed = running.kill();
      };
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, id) => shopper(running.url, id + kill * CLIENTS, onCommitted)),
      );
      expect(await (killed ?? running.kill())).toBe('SIGKILL');
    }
    expect(committed.length).toBeGreaterThanOrEqual(15 * KILLS);

    // Restarted on the same data, the shop serves every order it answered 200 for to its browser.
    shop = await start();
    for (const { orderID, cookie } of committed) {
      const res = await fetch(`${shop.url}/api/orders/for-analytics?orderID=${orderID}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status, `order ${orderID}`).toBe(200);
    }
    // And keeps taking orders with fresh numbers.
    const after = await fetch(`${shop.url}/api/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.51.0.1' },
      body: JSON.stringify(orderPayload([{ _id: variants[0] as string, count: 1 }])),
    });
    expect(after.status).toBe(200);
    const fresh = ((await after.json()) as { order: { orderID: number } }).order.orderID;
    expect(committed.map((c) => c.orderID)).not.toContain(fresh);
    if (engine === 'pglite') await shop.stop();

    await store.use(async (db) => {
      const rows = await db.select().from(schema.variantProducts);
      const lines = await db
        .select({
          variant: schema.orderLines.variantId,
          reserved: schema.orderLines.reserved,
          status: schema.orders.status,
        })
        .from(schema.orderLines)
        .innerJoin(schema.orders, eq(schema.orders.number, schema.orderLines.orderNumber));
      for (const variant of variants) {
        const stock = rows.find((r) => r.id === variant)?.stock ?? -1;
        const held = lines
          .filter((l) => l.variant === variant && !releasesStock(l.status))
          .reduce((n, l) => n + l.reserved, 0);
        expect(stock + held, variant).toBe(INITIAL);
        expect(stock).toBeGreaterThanOrEqual(0);
      }
    });
  }, 180_000);
});
