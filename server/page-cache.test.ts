import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForInvalidations } from '../core/cache/postgres-invalidation.ts';
import { cacheTags, createReadCache, type ReadCache } from '../core/cache/read-cache.ts';
import type { Db } from '../core/db/client.ts';
import { productGroups } from '../core/db/schema/index.ts';
import { orderPayloadSchema } from '../core/orders/orders.schemas.ts';
import type { Services } from '../core/services.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../tests/factories/catalogue.ts';
import {
  createTestDatabase,
  type Engine,
  engines,
  type TestDatabase,
  testDatabaseUrl,
} from '../tests/setup/test-database.ts';
import { type BuiltApp, ensureStorefrontBuild, startBuiltShop } from '../tests/support/built-shop.ts';
import { createPageCache, type PageCache, registerPageCache } from './page-cache.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const root = path.resolve(import.meta.dirname, '..');
const clock = () => new Date('2026-11-20T09:00:00Z');

// The shop is loaded with Node's own `require`, as the built storefront is (tests/support/built-shop.ts).
beforeAll(ensureStorefrontBuild, 120_000);

const shop = (db: TestDatabase, readCache: ReadCache) => startBuiltShop(db, clock, readCache);

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
const orderContext = { ip: '10.9.0.2', locale: 'ru' as const, draft: true, idempotencyKey: null };

async function get(app: BuiltApp, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  return {
    status: res.statusCode,
    cache: String(res.headers['x-page-cache'] ?? ''),
    csp: String(res.headers['content-security-policy'] ?? ''),
    setCookie: res.headers['set-cookie'],
    body: res.body,
  };
}

/** The stock of a product page's variant as the page's hydration data carries it. */
const stockIn = (body: string, variant: string) => {
  const at = body.indexOf(`\\"${variant}\\"`);
  const match = body.slice(at).match(/\\"stock\\",(\d+)|\\"stock\\":(\d+)/);
  return match ? Number(match[1] ?? match[2]) : null;
};

describe.each(engines)('the page cache on %s', (engine: Engine) => {
  let database: TestDatabase;
  let app: BuiltApp;
  let services: Services;
  let pageCache: PageCache;
  let category: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
    category = (await insertCategory(database.db)).slug;
    ({ app, services, pageCache } = await shop(database, createReadCache({ enabled: true })));
    await services.rates.refreshRates();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('serves a guest’s page again from memory, each response with its own nonce in the header and the HTML', async () => {
    const first = await get(app, '/catalog');
    const second = await get(app, '/catalog');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    const nonces = [first, second].map((r) => {
      const header = r.csp.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
      const inHtml = new Set([...r.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect(header).toBeTruthy();
      expect([...inHtml]).toEqual([header]);
      return header as string;
    });
    const [one = '', two = ''] = nonces;
    expect(one).not.toBe(two);
    expect(second.body.replaceAll(two, 'N')).toBe(first.body.replaceAll(one, 'N'));
  });

  it('sends a cached page gzip-compressed to a browser, with the response’s own nonce inside', async () => {
    const plain = await get(app, '/catalog?gzip=1');
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip, deflate' };
    const zipped = await app.inject({ method: 'GET', url: '/catalog?gzip=1', headers });
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(zipped.rawPayload).toString('utf8');
    const nonce = String(zipped.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1] ?? '';
    const plainNonce = plain.csp.match(/'nonce-([^']+)'/)?.[1] ?? '';
    expect(nonce).not.toBe(plainNonce);
    expect(html).toBe(plain.body.replaceAll(plainNonce, nonce));
  });

  it('sends a page it does not keep whole to a browser: compressed in one piece, with its length', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const res = await app.inject({ method: 'GET', url: '/catalog?cart', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBe('bypass');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('sends the built scripts as the build compressed them, to a browser that takes brotli or gzip', async () => {
    const html = (await get(app, '/catalog')).body;
    const script = html
      .match(/\/assets\/[\w-]+\.js/g)
      ?.find((src) => fs.existsSync(path.join(root, 'build/client', `${src}.br`)));
    expect(script).toBeTruthy();
    const file = path.join(root, 'build/client', script as string);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: script as string,
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.equals(fs.readFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(true);
    }
    const plain = await app.inject({ method: 'GET', url: script as string });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(fs.readFileSync(file))).toBe(true);
  });

  it('shows a stock change made by an order on the next request', async () => {
    const group = await insertProductGroup(database.db, { categorySlug: category }, [
      { size: 'S', stock: 5 },
    ]);
    const url = `/products/${group.id}`;
    expect(stockIn((await get(app, url)).body, `${group.id}-S`)).toBe(5);
    expect((await get(app, url)).cache).toBe('hit');
    await services.orders.createOrder(order(`${group.id}-S`, 2), orderContext);
    const after = await get(app, url);
    expect(after.cache).toBe('miss');
    expect(stockIn(after.body, `${group.id}-S`)).toBe(3);
  });

  it('shows a settings change on the next request', async () => {
    expect((await get(app, '/catalog')).body).toContain('Тестовый магазин');
    expect((await get(app, '/catalog')).cache).toBe('hit');
    const main = (await services.settings.getShopSettings()).main;
    await services.settings.saveSettingsDocument({
      ...main,
      _id: 'main',
      shopName: { ru: 'Новое имя', en: 'New name' },
    });
    const after = await get(app, '/catalog');
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Новое имя');
  });

  it('shows a catalogue write announced with its tags (a price change) on the next request', async () => {
    const group = await insertProductGroup(database.db, { categorySlug: category, price: 1_000_00 });
    const url = `/products/${group.id}`;
    await get(app, url);
    expect((await get(app, url)).cache).toBe('hit');
    await database.db.update(productGroups).set({ price: 2_345_00 }).where(eq(productGroups.id, group.id));
    pageCache.readCache.invalidate([cacheTags.group(group.id)]);
    const after = await get(app, url);
    expect(after.cache).toBe('miss');
    expect(after.body).toMatch(/2\s?345/);
  });

  it('keeps the English edition apart per currency cookie', async () => {
    const usd = await get(app, '/en/catalog');
    const eur = await get(app, '/en/catalog', { cookie: 'shi-currency=EUR' });
    expect([usd.cache, eur.cache]).toEqual(['miss', 'miss']);
    expect((await get(app, '/en/catalog', { cookie: 'shi-currency=EUR' })).cache).toBe('hit');
    expect((await get(app, '/en/catalog', { cookie: 'shi-currency=USD; other=1' })).cache).toBe('miss');
    expect((await get(app, '/en/catalog')).cache).toBe('hit');
  });

  it('neither serves nor stores a page for a request with a session cookie or an Authorization header', async () => {
    const url = '/catalog?signed=1';
    const token = await get(app, url, { cookie: 'shi_token=some-session' });
    expect(token.cache).toBe('bypass');
    const bearer = await get(app, url, { authorization: 'Bearer something' });
    expect(bearer.cache).toBe('bypass');
    expect((await get(app, url)).cache).toBe('miss');
    expect((await get(app, url)).cache).toBe('hit');
    expect((await get(app, url, { cookie: 'shi_token=some-session' })).cache).toBe('bypass');
  });

  it('renders cart and favourites counters only for their own shopper, never into the shared page', async () => {
    const url = '/catalog?counters=1';
    const cart = encodeURIComponent(JSON.stringify([{ _id: 'x-S', count: 2 }]));
    const withCart = await get(app, url, { cookie: `cart=${cart}` });
    expect(withCart.cache).toBe('bypass');
    expect(withCart.body).toContain('class="counter">2<');
    const favourites = encodeURIComponent(JSON.stringify(['x']));
    expect((await get(app, url, { cookie: `favorites=${favourites}` })).cache).toBe('bypass');
    const guest = await get(app, url);
    expect(guest.cache).toBe('miss');
    expect(guest.body).not.toContain('class="counter"');
    // An empty cart renders as no cart: it may share the page.
    const empty = await get(app, url, { cookie: `cart=${encodeURIComponent('[]')}` });
    expect(empty.cache).toBe('hit');
    expect(empty.body).not.toContain('class="counter"');
  });

  it('serves the page’s data request from memory too, and never pages outside the shared set', async () => {
    const url = '/catalog.data?size=M';
    expect((await get(app, url)).cache).toBe('miss');
    const again = await get(app, url);
    expect(again.cache).toBe('hit');
    expect(again.status).toBe(200);
    // A browser's fetch takes it gzip-compressed: the same bytes, made once when it was stored.
    const headers = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const zipped = await app.inject({ method: 'GET', url, headers });
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(again.body);
    expect((await app.inject({ method: 'GET', url, headers })).rawPayload).toEqual(zipped.rawPayload);
    expect((await get(app, '/catalog?cart')).cache).toBe('bypass');
    expect((await get(app, '/widget-boxberry')).cache).toBe('');
    expect((await get(app, '/api/settings')).cache).toBe('');
  });

  it('does not keep a page that is not found', async () => {
    expect((await get(app, '/products/no-such-product')).status).toBe(404);
    expect((await get(app, '/products/no-such-product')).cache).toBe('miss');
  });
});

describe('the page cache’s own rules', () => {
  it('never stores a response that sets a cookie', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, {});
    registerPageCache(app, createPageCache({ readCache: createReadCache({ enabled: true }) }));
    let visits = 0;
    app.get('/catalog', (_request, reply) => {
      visits += 1;
      if (visits <= 2) reply.header('set-cookie', `seen=${visits}`);
      reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}">${visits}</script>`);
    });
    const heads = [];
    for (let i = 0; i < 4; i++) heads.push((await app.inject('/catalog')).headers['x-page-cache']);
    // Two answers with Set-Cookie are not kept; the third (none) is, and serves the fourth.
    expect(heads).toEqual(['miss', 'miss', 'miss', 'hit']);
    expect(visits).toBe(3);
    await app.close();
  });

  it('renders a page once for concurrent guests: the others wait for that render and get it with their own nonce', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, {});
    registerPageCache(app, createPageCache({ readCache: createReadCache({ enabled: true }) }));
    let renders = 0;
    app.get('/catalog', async (_request, reply) => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 50));
      return reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}"></script>`);
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject('/catalog')));
    expect(renders).toBe(1);
    expect(answers.map((a) => a.headers['x-page-cache']).sort()).toEqual([
      'hit',
      'hit',
      'hit',
      'hit',
      'miss',
    ]);
    for (const a of answers) {
      const nonce = String(a.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
      expect(a.body).toBe(`<script nonce="${nonce}"></script>`);
    }
    await app.close();
  });

  it('with pages not kept (PAGE_CACHE off), shares a render only with the guests who asked while it ran', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, {});
    const readCache = createReadCache({ enabled: true });
    registerPageCache(app, createPageCache({ readCache, keep: false }));
    let renders = 0;
    app.get('/catalog', async (_request, reply) => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 50));
      return reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}">${renders}</script>`);
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject('/catalog')));
    expect(renders).toBe(1);
    expect(answers.map((a) => a.headers['x-page-cache']).sort()).toEqual([
      'miss',
      'shared',
      'shared',
      'shared',
      'shared',
    ]);
    for (const a of answers) {
      const nonce = String(a.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
      expect(a.body).toBe(`<script nonce="${nonce}">1</script>`);
    }
    // Nothing was kept: the next guest's page is rendered again.
    expect((await app.inject('/catalog')).headers['x-page-cache']).toBe('miss');
    expect(renders).toBe(2);
    // A write during the render: the guests who waited do not take it; one of them renders the
    // page again and the other waits for that render (begun after the write).
    const during = Promise.all(Array.from({ length: 3 }, () => app.inject('/catalog')));
    await new Promise((r) => setTimeout(r, 10));
    readCache.invalidate([cacheTags.catalogue]);
    const after = await during;
    expect(renders).toBe(4);
    expect(after.map((a) => a.headers['x-page-cache']).sort()).toEqual(['miss', 'miss', 'shared']);
    expect(after.map((a) => a.body.match(/>(\d+)</)?.[1]).sort()).toEqual(['3', '4', '4']);
    await app.close();
  });

  it('holds at most its byte budget, dropping the least recently used pages', () => {
    const readCache = createReadCache({ enabled: true });
    const cache = createPageCache({ readCache, maxBytes: 8_000 });
    const seq = readCache.version();
    const page = (n: number) => ({
      parts: [Buffer.from('x'.repeat(900 + n))],
      contentType: 'text/html',
      tags: [],
      seq,
    });
    for (let i = 0; i < 20; i++) {
      cache.store(`k${i}`, page(i));
      if (i === 10) expect(cache.lookup('k5')).not.toBeNull(); // k5 becomes recently used
    }
    expect(cache.bytes()).toBeLessThanOrEqual(8_000);
    expect(cache.lookup('k19')).not.toBeNull();
    expect(cache.lookup('k0')).toBeNull();
    expect(cache.lookup('k5')).toBeNull(); // used at 10, older than the eight kept after it
    expect(cache.size()).toBeGreaterThanOrEqual(7);
  });

  it('does not keep a page whose render raced a write of its tags, nor serve while the channel is down', () => {
    const readCache = createReadCache({ enabled: true });
    const cache = createPageCache({ readCache });
    const seq = readCache.version();
    readCache.invalidate([cacheTags.listings]);
    cache.store('a', {
      parts: [Buffer.from('a')],
      contentType: 'text/html',
      tags: [cacheTags.listings],
      seq,
    });
    expect(cache.lookup('a')).toBeNull();
    cache.store('b', { parts: [Buffer.from('b')], contentType: 'text/html', tags: ['other'], seq });
    expect(cache.lookup('b')).not.toBeNull();
    readCache.setConnected(false);
    expect(cache.lookup('b')).toBeNull();
  });
});

describe.runIf(testDatabaseUrl())('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await insertSettings(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('an order on one instance drops the other’s cached product page through NOTIFY', async () => {
    const url = new URL(testDatabaseUrl() as string);
    const current = await (database.db as Db).execute(sql`select current_database() as db`);
    url.pathname = `/${(current as unknown as { rows: { db: string }[] }).rows[0]?.db}`;
    const cacheA = createReadCache({ enabled: true, shared: true });
    const cacheB = createReadCache({ enabled: true, shared: true });
    const listenA = listenForInvalidations(url.toString(), cacheA);
    const listenB = listenForInvalidations(url.toString(), cacheB);
    const a = await shop(database, cacheA);
    const b = await shop(database, cacheB);
    try {
      await Promise.all([listenA.ready, listenB.ready]);
      const { slug } = await insertCategory(database.db);
      const group = await insertProductGroup(database.db, { categorySlug: slug }, [{ size: 'S', stock: 5 }]);
      const page = `/products/${group.id}`;
      expect(stockIn((await get(b.app, page)).body, `${group.id}-S`)).toBe(5);
      expect((await get(b.app, page)).cache).toBe('hit');
      await a.services.orders.createOrder(order(`${group.id}-S`, 2), orderContext);
      // The notification arrives after the commit, asynchronously: wait for it, not for a time.
      await vi.waitFor(
        async () => {
          const after = await get(b.app, page);
          expect(stockIn(after.body, `${group.id}-S`)).toBe(3);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await Promise.all([a.app.close(), b.app.close(), listenA.close(), listenB.close()]);
    }
  });
});
