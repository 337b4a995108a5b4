import { describe, expect, it } from 'vitest';
import { buildSettings, insertSettings } from '../tests/factories/catalogue.ts';
import { engines } from '../tests/setup/test-database.ts';
import { useTestApp } from '../tests/support/use-test-app.ts';

describe.each(engines)('the HTTP service on %s', (engine) => {
  const t = useTestApp(engine);

  it('reports health with the database engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: engine });
  });

  it('reports 503 when the database is unreachable', async () => {
    const broken = { ...t.database, ping: async () => Promise.reject(new Error('gone')) };
    const { buildApp } = await import('./app.ts');
    const { loadConfig } = await import('../core/config/env.ts');
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: broken,
      services: t.services,
      storefront: false,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: engine });
    await app.close();
  });

  it('answers 503 naming the missing settings before the shop is seeded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/settings document "main" is missing/);
  });

  it('lists the main, contacts and ui settings documents', async () => {
    const docs = await insertSettings(t.database.db, buildSettings());
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((d: { _id: string }) => d._id)).toEqual(['main', 'contacts', 'ui']);
    // DECISIONS 28: texts in the edition's language, prices in its currency.
    expect(body[1]).toEqual({
      ...docs.contacts,
      copyrights: docs.contacts.copyrights.ru,
      address: docs.contacts.address.ru,
    });
    expect(body[2].global.menu.categoriesPrefix[0]).toEqual({
      name: 'Распродажа',
      path: '/catalog?sale=1',
      isRed: true,
    });
    expect(body[0].freeDeliveryMin).toBe(docs.main.freeDeliveryMin / 100);
    const en = (await t.app.inject({ method: 'GET', url: '/api/settings?lang=en' })).json();
    expect(en[2].global.menu.categoriesPrefix[0].name).toBe('Sale');
  });

  it('refuses a settings document that breaks its schema and keeps the stored one', async () => {
    const before = await t.services.settings.getShopSettings();
    await expect(
      t.services.settings.saveSettingsDocument({ ...before.main, freeDeliveryMin: -5 }),
    ).rejects.toMatchObject({ kind: 'invalid_data', field: 'freeDeliveryMin' });
    expect((await t.services.settings.getShopSettings()).main.freeDeliveryMin).toBe(
      before.main.freeDeliveryMin,
    );
  });

  it('sends security headers and a request id on every answer', async () => {
    const id = '6f1c1d2e-4a4b-4c8e-9d2f-0a1b2c3d4e5f';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'admin login ok' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('refuses a NUL character in the address or the body with 400, never a 500', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings?x=%00' })).statusCode).toBe(400);
    const body = await t.app.inject({ method: 'POST', url: '/api/groups-by-ids', payload: ['a\u0000b'] });
    expect(body.statusCode).toBe(400);
    expect(body.json().result).toBe(false);
  });

  it('reads a repeated lang parameter as unset instead of failing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search?lang=en&lang=ru',
      payload: { query: 'x' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: false });
  });
});

describe('unknown API paths next to the storefront', () => {
  it('answer JSON 404 even with the catch-all page route registered', async () => {
    const { buildApp } = await import('./app.ts');
    const { loadConfig } = await import('../core/config/env.ts');
    const { createTestDatabase } = await import('../tests/setup/test-database.ts');
    const { createFolderStore } = await import('../core/media/folder-store.ts');
    const database = await createTestDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database,
      // Only what building the app reads: the media store behind /media.
      services: { productMedia: { store: createFolderStore(config.mediaDir) } } as never,
      // A stand-in build: the catch-all must never see /api paths, so it is never loaded.
      storefront: 'build',
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ result: false });
    await app.close();
    await database.destroy();
  });
});
