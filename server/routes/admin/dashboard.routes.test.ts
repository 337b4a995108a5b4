import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/env.ts';
import { createProviders } from '../../../core/providers/index.ts';
import { createDbOutbox } from '../../../core/providers/outbox.ts';
import { createServices } from '../../../core/services.ts';
import { insertOrder } from '../../../tests/factories/customers.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { createTestDatabase, engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';
import { buildApp } from '../../app.ts';
import { createMetrics } from '../../metrics.ts';

describe.each(engines)('back office dashboard on %s', (engine) => {
  const t = useStaffApp(engine, ['manager', 'admin', 'editor'], {
    clock: () => new Date('2026-11-20T09:00:00Z'),
    seed: async ({ database }) => {
      await insertOrder(database.db, {
        status: 'paid',
        total: 12_345_00,
        paidAt: new Date('2026-11-20T08:00:00Z'),
      });
    },
  });

  it('every staff role sees the dashboard; revenue only admins and managers', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const res = await t.call('GET', '/api/admin/dashboard', undefined, t[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json().today).toMatchObject({ orders: 1, revenue: 12_345_00 });
      expect(res.json().awaitingShipment.orders).toBe(1);
    }
    const res = await t.call('GET', '/api/admin/dashboard', undefined, t.editor);
    expect(res.statusCode).toBe(200);
    expect(res.json().today.orders).toBe(1);
    expect(res.body).not.toContain('revenue');
    expect(res.body).not.toContain('1234500');
  });

  it('draws the sales of 7, 30 or 90 days; editors get counts without money; another span is refused', async () => {
    const week = await t.call('GET', '/api/admin/dashboard/sales?days=7');
    expect(week.statusCode).toBe(200);
    expect(week.json().series).toHaveLength(7);
    expect(week.json().totals.revenue).toEqual({ current: 12_345_00, previous: 0, change: null });
    const quarter = await t.call('GET', '/api/admin/dashboard/sales?days=90', undefined, t.editor);
    expect(quarter.json().series).toHaveLength(90);
    expect(quarter.json().totals.orders.current).toBe(1);
    expect(quarter.body).not.toContain('revenue');
    const odd = await t.call('GET', '/api/admin/dashboard/sales?days=14');
    expect(odd.statusCode).toBe(400);
  });

  it('a guest is asked to sign in', async () => {
    const res = await t.call('GET', '/api/admin/dashboard', undefined, null);
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
