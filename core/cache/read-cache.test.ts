import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertCategory, insertProductGroup, insertSettings } from '../../tests/factories/catalogue.ts';
import {
  createTestDatabase,
  type Engine,
  engines,
  type TestDatabase,
  testDatabaseUrl,
} from '../../tests/setup/test-database.ts';
import { loadConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { variantProducts } from '../db/schema/index.ts';
import { orderPayloadSchema } from '../orders/orders.schemas.ts';
import { createProviders } from '../providers/index.ts';
import { createDbOutbox } from '../providers/outbox.ts';
import { createServices } from '../services.ts';
import { listenForInvalidations } from './postgres-invalidation.ts';
import { cacheTags, createReadCache, type ReadCache } from './read-cache.ts';

const deferred = <T>() => {
  let resolve: (v: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the read cache', () => {
  it('serves a stored value until one of its tags is invalidated', async () => {
    const cache = createReadCache({ enabled: true });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', ['a', 'b'], load)).toBe(1);
    expect(await cache.get('k', ['a', 'b'], load)).toBe(1);
    cache.invalidate(['c']);
    expect(await cache.get('k', ['a', 'b'], load)).toBe(1);
    cache.invalidate(['b']);
    expect(await cache.get('k', ['a', 'b'], load)).toBe(2);
    cache.invalidate([cacheTags.all]);
    expect(await cache.get('k', ['a', 'b'], load)).toBe(3);
  });

  it('never stores a value whose load began before an invalidation of its tags', async () => {
    const cache = createReadCache({ enabled: true });
    const gate = deferred<string>();
    const first = cache.get('k', ['a'], () => gate.promise);
    cache.invalidate(['a']); // a write commits while the old value is being read
    gate.resolve('old');
    expect(await first).toBe('old');
    expect(await cache.get('k', ['a'], async () => 'new')).toBe('new');
    expect(await cache.get('k', ['a'], async () => 'newer')).toBe('new');
  });

  it('takes tags from the loaded value', async () => {
    const cache = createReadCache({ enabled: true });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return ['g1', 'g2'];
    };
    const tags = (ids: string[]) => ids.map(cacheTags.group);
    await cache.get('groups', tags, load);
    await cache.get('groups', tags, load);
    expect(loads).toBe(1);
    cache.invalidate([cacheTags.group('g2')]);
    await cache.get('groups', tags, load);
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent misses, but not across an invalidation', async () => {
    const cache = createReadCache({ enabled: true });
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      loads += 1;
      await gate.promise;
      return loads;
    };
    const a = cache.get('k', ['t'], load);
    const b = cache.get('k', ['t'], load);
    cache.invalidate(['t']);
    const c = cache.get('k', ['t'], load);
    gate.resolve();
    expect(await Promise.all([a, b, c])).toEqual([2, 2, 2]);
    expect(loads).toBe(2);
  });

  it('freezes what it stores, so a caller cannot change what the next one sees', async () => {
    const cache = createReadCache({ enabled: true });
    const value = await cache.get('k', [], async () => ({ list: [{ stock: 1 }] }));
    expect(() => {
      (value.list[0] as { stock: number }).stock = 2;
    }).toThrow(TypeError);
  });

  it('stores nothing when off, or while its notification channel is down', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const off = createReadCache({ enabled: false });
    await off.get('k', [], load);
    await off.get('k', [], load);
    expect(loads).toBe(2);

    const cache = createReadCache({ enabled: true });
    await cache.get('k', [], load);
    cache.setConnected(false);
    expect(await cache.get('k', [], load)).toBe(4);
    expect(await cache.get('k', [], load)).toBe(5);
    cache.setConnected(true);
    expect(await cache.get('k', [], load)).toBe(6);
    expect(await cache.get('k', [], load)).toBe(6);
  });

  it('keeps at most maxEntries, dropping the least recently used, and forgets entries past their ttl', async () => {
    let now = 0;
    const cache = createReadCache({ enabled: true, maxEntries: 2, ttlMs: 1000, clock: () => now });
    await cache.get('a', [], async () => 'a');
    await cache.get('b', [], async () => 'b');
    await cache.get('a', [], async () => 'a2'); // a hit: a is now the most recent
    await cache.get('c', [], async () => 'c');
    expect(cache.size()).toBe(2);
    expect(await cache.get('a', [], async () => 'a3')).toBe('a');
    expect(await cache.get('b', [], async () => 'b2')).toBe('b2');
    now = 5000;
    expect(await cache.get('b', [], async () => 'b3')).toBe('b3');
  });

  it('keeps at most maxBytes of JSON, dropping the least recently used, and never keeps a value over an eighth of it', async () => {
    // Each entry is its key (1 byte) and its JSON (14 + 390 bytes): eight of them fill the cache.
    const cache = createReadCache({ enabled: true, maxBytes: 8 * 405 });
    const value = (fill: string) => ({ cards: [fill.repeat(390)] });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) await cache.get(key, [], async () => value(key));
    expect(cache.bytes()).toBe(8 * 405);
    await cache.get('a', [], async () => value('x')); // a hit: a is now the most recent
    await cache.get('i', [], async () => value('i'));
    expect(cache.size()).toBe(8); // b went first
    expect(cache.bytes()).toBe(8 * 405);
    expect(await cache.get('a', [], async () => value('y'))).toEqual(value('a'));
    expect(await cache.get('b', [], async () => value('z'))).toEqual(value('z'));

    let loads = 0;
    const big = async () => ({ n: ++loads, text: 'x'.repeat(400) });
    await cache.get('big', [], big);
    expect((await cache.get('big', [], big)).n).toBe(2);
    expect(cache.size()).toBe(8);
    cache.invalidate([cacheTags.all]);
    expect(cache.bytes()).toBe(0);
  });
});

/** The services of one instance of the shop over `db`, with a read cache. */
function instance(db: Db, cache: ReadCache, clock: () => Date) {
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), LOG_LEVEL: 'silent' });
  const providers = createProviders(config, { outbox: createDbOutbox(db), db });
  return createServices({ db, providers, clock, readCache: cache });
}

const order = (variant: string, count = 1) =>
  orderPayloadSchema.parse({
    getWay: 'self',
    payment: 'online',
    fullName: 'Иванова Анна',
    phone: '79991234567',
    email: 'anna@example.ru',
    products: [{ _id: variant, count }],
    consent: true,
  });

describe.each(engines)('cached reads after writes on %s', (engine: Engine) => {
  let database: TestDatabase;
  let now = new Date('2026-11-20T09:00:00Z');
  const clock = () => now;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('shows an order’s reservation on the product page, the cart and the listing at once, and the stock given back on expiry', async () => {
    const db = database.db;
    const services = instance(db, createReadCache({ enabled: true }), clock);
    const { slug } = await insertCategory(db);
    const group = await insertProductGroup(db, { categorySlug: slug }, [{ size: 'S', stock: 2 }]);
    const variant = `${group.id}-S`;
    const stockOnPage = async () => (await services.catalogue.getProductPage(group.id))?.variants[0]?.stock;
    const stockInCart = async () =>
      (await services.catalogue.listGroupsByIds([variant]))[0]?.variants[0]?.stock;
    const listed = async () =>
      (
        await services.catalogue.listGroups(
          { kind: 'category', slug },
          {
            sizes: [],
            availableOnly: true,
            saleOnly: false,
            sort: 'default',
            page: 1,
          },
        )
      ).cards.map((c) => c.id);

    expect(await stockOnPage()).toBe(2);
    expect(await stockInCart()).toBe(2);
    expect(await listed()).toEqual([group.id]);

    const ctx = { ip: '10.9.0.1', locale: 'ru' as const, draft: false, idempotencyKey: null };
    await services.orders.createOrder(order(variant), ctx);
    expect(await stockOnPage()).toBe(1);
    expect(await stockInCart()).toBe(1);
    expect(await listed()).toEqual([group.id]);

    await services.orders.createOrder(order(variant), ctx);
    expect(await stockOnPage()).toBe(0);
    expect(await stockInCart()).toBe(0);
    expect(await listed()).toEqual([]);

    now = new Date(now.getTime() + 31 * 60_000);
    expect(await services.orders.expireOverdue()).toBe(2);
    expect(await stockOnPage()).toBe(2);
    expect(await stockInCart()).toBe(2);
    expect(await listed()).toEqual([group.id]);
  });

  it('shows a settings change at once', async () => {
    const services = instance(database.db, createReadCache({ enabled: true }), clock);
    const before = await services.settings.getShopSettings();
    await services.settings.saveSettingsDocument({ ...before.main, freeDeliveryMin: 123_00 });
    expect((await services.settings.getShopSettings()).main.freeDeliveryMin).toBe(123_00);
  });
});

describe.runIf(testDatabaseUrl())('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  const clock = () => new Date('2026-11-20T09:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await insertSettings(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('an order on one instance reaches the other’s cached product page through NOTIFY', async () => {
    const url = new URL(testDatabaseUrl() as string);
    const current = await database.db.execute(sql`select current_database() as db`);
    url.pathname = `/${(current as unknown as { rows: { db: string }[] }).rows[0]?.db}`;
    const cacheA = createReadCache({ enabled: true, shared: true });
    const cacheB = createReadCache({ enabled: true, shared: true });
    const listenA = listenForInvalidations(url.toString(), cacheA);
    const listenB = listenForInvalidations(url.toString(), cacheB);
    try {
      await Promise.all([listenA.ready, listenB.ready]);
      const a = instance(database.db, cacheA, clock);
      const b = instance(database.db, cacheB, clock);
      const { slug } = await insertCategory(database.db);
      const group = await insertProductGroup(database.db, { categorySlug: slug }, [{ size: 'S', stock: 5 }]);
      const stockOn = async (s: typeof a) => (await s.catalogue.getProductPage(group.id))?.variants[0]?.stock;
      expect(await stockOn(a)).toBe(5);
      expect(await stockOn(b)).toBe(5);
      // B's cache holds the page: a direct write (no announcement) stays unseen, proving it is cached.
      await database.db
        .update(variantProducts)
        .set({ stock: 50 })
        .where(eq(variantProducts.groupId, group.id));
      expect(await stockOn(b)).toBe(5);

      await a.orders.createOrder(order(`${group.id}-S`, 2), {
        ip: '10.9.0.2',
        locale: 'ru',
        draft: true,
        idempotencyKey: null,
      });
      expect(await stockOn(a)).toBe(48);
      // The notification arrives after the commit, asynchronously: wait for it, not for a time.
      await vi.waitFor(async () => expect(await stockOn(b)).toBe(48), { timeout: 10_000, interval: 20 });
    } finally {
      await Promise.all([listenA.close(), listenB.close()]);
    }
  });
});
