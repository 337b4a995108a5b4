import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/env.ts';
import { createProviders } from '../../../core/providers/index.ts';
import { createDbOutbox } from '../../../core/providers/outbox.ts';
import { createServices } from '../../../core/services.ts';
import { insertOrder } from '../../../tests/factories/customers.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createTestDatabase, engines } from '../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { createMetrics } from '../../metrics.ts';

describe.each(engines)('back office dashboard on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, () => new Date('2026-11-20T09:00:00Z'));
    await insertOrder(t.database.db, {
      status: 'paid',
      total: 12_345_00,
      paidAt: new Date('2026-11-20T08:00:00Z'),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every staff role sees the dashboard; revenue only admins and managers', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const staff = await insertStaff(t.database.db, { role });
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().today).toMatchObject({ orders: 1, revenue: 12_345_00 });
      expect(res.json().awaitingShipment.orders).toBe(1);
    }
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: editor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().today.orders).toBe(1);
    expect(res.body).not.toContain('revenue');
    expect(res.body).not.toContain('1234500');
  });

  it('draws the sales of 7, 30 or 90 days; editors get counts without money; another span is refused', async () => {
    const manager = await insertStaff(t.database.db, { role: 'manager' });
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/sales?days=7',
      headers: manager.headers,
    });
    expect(week.statusCode).toBe(200);
    expect(week.json().series).toHaveLength(7);
    expect(week.json().totals.revenue).toEqual({ current: 12_345_00, previous: 0, change: null });
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    const quarter = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/sales?days=90',
      headers: editor.headers,
    });
    expect(quarter.json().series).toHaveLength(90);
    expect(quarter.json().totals.orders.current).toBe(1);
    expect(quarter.body).not.toContain('revenue');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/sales?days=14',
      headers: manager.headers,
    });
    expect(odd.statusCode).toBe(400);
  });

  it('a guest is asked to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(401);
  });

  it("shows this process's failed provider calls from its metrics", async () => {
    const database = await createTestDatabase(engine);
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'), LOG_LEVEL: 'silent' });
    const providers = createProviders(config, { outbox: createDbOutbox(database.db), db: database.db });
    const services = createServices({ db: database.db, providers, clock: () => new Date() });
    const metrics = createMetrics();
    const app = await buildApp({ config, database, services, storefront: false, logger: false, metrics });
    try {
      await app.ready();
      metrics.providerFailure('payments', 'createPayment');
      metrics.providerFailure('payments', 'createPayment');
      const staff = await insertStaff(database.db, { role: 'manager' });
      const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff.headers });
      expect(res.json().providerFailures.process).toEqual([
        { provider: 'payments', method: 'createPayment', count: 2 },
      ]);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
