import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../core/config/env.ts';
import { createProviders } from '../core/providers/index.ts';
import { createDbOutbox } from '../core/providers/outbox.ts';
import { createServices } from '../core/services.ts';
import { insertSettings } from '../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';

const staging = {
  HOST: '0.0.0.0',
  PUBLIC_URL: 'https://staging.shop.example',
  SANDBOX_ON_PUBLIC: 'allow',
  AUTH_SECRET: 'a-long-enough-auth-secret',
  PAYMENT_SANDBOX_SECRET: 'a-long-enough-payment-secret',
};

describe.each(engines)('safe server defaults on %s', (engine) => {
  let database: TestDatabase;
  const apps: { close(): Promise<unknown> }[] = [];

  /** The real app on this file's database with `config`, its log lines collected in `lines`. */
  async function shop(config: Config, lines?: string[]) {
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services = createServices({
      db: database.db,
      providers,
      clock: () => new Date('2026-11-20T09:00:00Z'),
    });
    const logger = lines ? createLogger('info', { write: (line: string) => void lines.push(line) }) : false;
    const app = await buildApp({ config, database, services, storefront: false, logger });
    await app.ready();
    apps.push(app);
    return app;
  }
  const configOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), ...env });
  const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertSettings(database.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
  });

  describe('the development outbox (DECISIONS 17, 34)', () => {
    it('is never served in production mode, also on 127.0.0.1 without PUBLIC_URL', async () => {
      const app = await shop(configOf({ NODE_ENV: 'production', HOST: '127.0.0.1' }));
      for (const url of ['/dev/outbox', '/api/dev/outbox']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });

    it('is served to a development-mode local shop (the journeys run the build with SHOP_MODE=development)', async () => {
      const app = await shop(
        configOf({ NODE_ENV: 'production', SHOP_MODE: 'development', HOST: '127.0.0.1' }),
      );
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    });
  });

  describe('the sandbox payment on a public shop (DECISIONS 34)', () => {
    it('is unreachable unless the shop is a staging shop, even with a configuration built by hand', async () => {
      const app = await shop({ ...configOf({}), publicShop: true, staging: false });
      const notify = await app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', payload: {} });
      expect(notify.statusCode).toBe(404);
      const page = await app.inject({ method: 'GET', url: '/api/sandbox/payments/some-token' });
      expect(page.statusCode).toBe(404);
    });

    it('is reachable on a staging shop, where an unsigned notice is refused', async () => {
      const app = await shop(configOf(staging));
      const notify = await app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', payload: {} });
      expect(notify.statusCode).toBe(401);
    });
  });

  describe('Secure cookies and HSTS (DECISIONS 16)', () => {
    const logout = (app: Awaited<ReturnType<typeof shop>>, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/api/auth/logout', headers, remoteAddress: '127.0.0.1' });

    it('marks cookies Secure and sends HSTS when a trusted proxy says the shopper is on https', async () => {
      for (const trust of ['1', '127.0.0.1']) {
        const app = await shop(configOf({ TRUST_PROXY: trust }));
        const https = await logout(app, { 'x-forwarded-proto': 'https' });
        expect(String(https.headers['set-cookie'])).toMatch(/shi_token=;.*; Secure/);
        expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const http = await logout(app, { 'x-forwarded-proto': 'http' });
        expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
        expect(http.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('ignores X-Forwarded-Proto from a client no trusted proxy stands for', async () => {
      for (const trust of ['false', '10.0.0.0/8']) {
        const app = await shop(configOf({ TRUST_PROXY: trust }));
        const res = await logout(app, { 'x-forwarded-proto': 'https' });
        expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('marks cookies Secure and sends HSTS on an https PUBLIC_URL', async () => {
      const res = await logout(await shop(configOf(staging)));
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('the client address behind proxies', () => {
    const remoteAddresses = async (env: Record<string, string>, remoteAddress: string) => {
      const lines: string[] = [];
      const app = await shop(configOf(env), lines);
      await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
      });
      return parse(lines)
        .filter((l) => l.msg === 'incoming request')
        .map((l) => (l.req as { remoteAddress: string }).remoteAddress);
    };

    it('takes the address the trusted proxy added, never the forged left-most one', async () => {
      expect(await remoteAddresses({ TRUST_PROXY: '1' }, '10.0.0.5')).toEqual(['203.0.113.7']);
      expect(await remoteAddresses({ TRUST_PROXY: '10.0.0.0/8' }, '10.0.0.5')).toEqual(['203.0.113.7']);
      expect(await remoteAddresses({ TRUST_PROXY: '2' }, '10.0.0.5')).toEqual(['127.0.0.1']);
    });

    it('keeps the connecting address when it is not a trusted proxy', async () => {
      expect(await remoteAddresses({ TRUST_PROXY: '10.0.0.0/8' }, '198.51.100.4')).toEqual(['198.51.100.4']);
      expect(await remoteAddresses({}, '198.51.100.4')).toEqual(['198.51.100.4']);
    });

    it('does not let a forged X-Forwarded-For reach the metrics from outside', async () => {
      const app = await shop(configOf({ TRUST_PROXY: '1' }));
      const forged = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
      });
      expect(forged.statusCode).toBe(404);
    });
  });

  describe('caching of API answers', () => {
    it('answers every personal /api request with Cache-Control: no-store', async () => {
      const app = await shop(configOf({}));
      for (const [method, url] of [
        ['GET', '/api/user/fetch'],
        ['POST', '/api/auth/logout'],
        ['GET', '/api/orders/for-analytics?orderID=10001&key=abc'],
        ['POST', '/api/payment'],
        ['GET', '/api/no-such-route'],
      ] as const) {
        const res = await app.inject({ method, url, headers: { cookie: 'cart=%5B%5D' } });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('keeps the public caching a route declares', async () => {
      const res = await (await shop(configOf({}))).inject({ method: 'GET', url: '/api/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    });
  });

  describe('the request log', () => {
    it('never holds the order key from the query or the order cookie', async () => {
      const lines: string[] = [];
      const app = await shop(configOf({}), lines);
      await app.inject({
        method: 'GET',
        url: '/api/orders/for-analytics?orderID=10001&key=status-key-secret-1',
        headers: { cookie: `shi-orders=${encodeURIComponent('[{"n":10001,"k":"access-key-secret-2"}]')}` },
      });
      await app.inject({ method: 'GET', url: '/api/orders/for-analytics?key=status-key-secret-3&orderID=1' });
      const log = lines.join('');
      expect(log).toContain('incoming request');
      expect(log).not.toMatch(/secret-[123]/);
      expect(log).toContain('/api/orders/for-analytics?orderID=10001&key=[redacted]');
    });

    it('writes one structured line with the request id for every 5xx', async () => {
      const lines: string[] = [];
      const providers = createProviders(configOf({}), {
        outbox: createDbOutbox(database.db),
        db: database.db,
      });
      const services = createServices({ db: database.db, providers, clock: () => new Date() });
      const broken = { ...database, ping: async () => Promise.reject(new Error('gone')) };
      const app = await buildApp({
        config: configOf({}),
        database: broken,
        services,
        storefront: false,
        logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      });
      apps.push(app);
      const res = await app.inject({ method: 'GET', url: '/api/health?key=hidden-key' });
      expect(res.statusCode).toBe(503);
      const line = parse(lines).find((l) => l.msg === 'server error response');
      expect(line).toMatchObject({
        level: 50,
        requestId: res.headers['x-request-id'],
        statusCode: 503,
        method: 'GET',
        route: '/api/health',
        url: '/api/health?key=[redacted]',
      });
    });
  });

  describe('search engines and a staging shop (DECISIONS 34)', () => {
    it('tells search engines to stay away from every answer of a staging shop', async () => {
      const app = await shop(configOf(staging));
      for (const url of ['/robots.txt', '/api/settings', '/api/no/such/path', '/metrics']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      }
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
      expect(robots.body).not.toContain('Sitemap');
    });

    it('leaves a public shop open to them, with its sitemap', async () => {
      // Built by hand: a real public shop would need real payment, SMS and e-mail providers.
      const publicShop = {
        ...configOf({}),
        publicUrl: 'https://shop.example',
        publicShop: true,
        staging: false,
      };
      const app = await shop(publicShop);
      const res = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.headers['x-robots-tag']).toBeUndefined();
      expect(res.body).toContain('Disallow: /api/');
      expect(res.body).not.toMatch(/^Disallow: \/$/m);
      expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
      const settings = await app.inject({ method: 'GET', url: '/api/settings' });
      expect(settings.headers['x-robots-tag']).toBeUndefined();
    });
  });
});
