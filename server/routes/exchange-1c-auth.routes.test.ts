import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config/env.ts';
import { createProviders } from '../../core/providers/index.ts';
import { createDbOutbox } from '../../core/providers/outbox.ts';
import { createServices } from '../../core/services.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';

const basic = (password: string) => `Basic ${Buffer.from(`onec:${password}`).toString('base64')}`;
const START = new Date('2026-11-20T09:00:00Z');

describe.each(engines)('the 1C exchange password and addresses on %s', (engine) => {
  let database: TestDatabase;
  let now = START;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  /** An app on the shared database, with ONEC_EXCHANGE_ALLOW as given. */
  async function exchangeApp(allow?: string) {
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), `shop-exchange-auth-${process.pid}-${engine}`),
      LOG_LEVEL: 'silent',
      ONEC_EXCHANGE_LOGIN: 'onec',
      ONEC_EXCHANGE_PASSWORD: 'correct horse battery',
      ...(allow ? { ONEC_EXCHANGE_ALLOW: allow } : {}),
    });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services = createServices({ db: database.db, providers, clock: () => now });
    const app = await buildApp({ config, database, services, storefront: false, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
  });

  const checkauth = (app: Awaited<ReturnType<typeof buildApp>>, password: string, ip: string) =>
    app.inject({
      method: 'GET',
      url: '/api/1c/exchange?type=catalog&mode=checkauth',
      remoteAddress: ip,
      headers: { authorization: basic(password) },
    });

  it('refuses an address after 10 wrong passwords in 15 minutes, the right one included, in the protocol’s words; other addresses still get in', async () => {
    const app = await exchangeApp();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await checkauth(app, `guess ${i}`, '10.9.0.1');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toMatch(/^failure\n/);
    }
    const refused = await checkauth(app, 'correct horse battery', '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.body).toMatch(/^failure\n.+\n$/);
    const other = await checkauth(app, 'correct horse battery', '10.9.0.2');
    expect(other.body.split('\n')[0]).toBe('success');
    // A right password takes its attempt back: 1C signing in every few minutes never adds up.
    for (let i = 0; i < 12; i += 1) {
      expect((await checkauth(app, 'correct horse battery', '10.9.0.3')).statusCode).toBe(200);
    }
    now = new Date(START.getTime() + 16 * 60_000);
    expect((await checkauth(app, 'correct horse battery', '10.9.0.1')).statusCode).toBe(200);
    now = START;
  });

  it('answers only the addresses of ONEC_EXCHANGE_ALLOW when it is set', async () => {
    const app = await exchangeApp('192.0.2.10,10.20.0.0/16');
    const outside = await checkauth(app, 'correct horse battery', '10.9.0.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.body).toMatch(/^failure\n/);
    const init = await app.inject({
      method: 'GET',
      url: '/api/1c/exchange?type=catalog&mode=init',
      remoteAddress: '10.9.0.9',
    });
    expect(init.statusCode).toBe(403);
    expect((await checkauth(app, 'correct horse battery', '192.0.2.10')).body).toMatch(/^success\n/);
    expect((await checkauth(app, 'correct horse battery', '10.20.3.4')).body).toMatch(/^success\n/);
  });

  it('refuses an address list that is not one', () => {
    expect(() => loadConfig({ ONEC_EXCHANGE_ALLOW: '10.0.0.0/40' })).toThrow(/ONEC_EXCHANGE_ALLOW/);
  });
});
