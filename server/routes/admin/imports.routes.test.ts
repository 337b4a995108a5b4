import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, imports, jobs, productGroups } from '../../../core/db/schema/index.ts';
import { EXCHANGE_IMPORT_JOB } from '../../../core/exchange/onec-exchange.service.ts';
import { importXml } from '../../../tests/factories/commerceml.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';

describe.each(engines)('POST /api/admin/fetch-data on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, () => new Date());
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the 1C import waiting for its job, drops the caches and is in the audit log', async () => {
    const file = path.join(os.tmpdir(), `fetch-data-${process.pid}-${engine}-import.xml`);
    await writeFile(
      file,
      importXml({
        groups: [{ id: 'fd-group', name: 'Пальто' }],
        products: [
          {
            id: 'fd-1',
            art: 'FD-1',
            name: 'Пальто',
            colour: 'Серый',
            size: 'M',
            barcode: 'fd1m',
            groupId: 'fd-group',
          },
        ],
      }),
    );
    await t.database.db.insert(jobs).values({
      kind: EXCHANGE_IMPORT_JOB,
      key: `exchange-import:test:${engine}`,
      payload: { file, fileName: 'import.xml', priceType: 'Розничная' },
      runAt: new Date(Date.now() + 3_600_000),
    });
    // Not due yet: fetch-data takes only due jobs, so make it due now.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, EXCHANGE_IMPORT_JOB));

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/fetch-data' });
    expect([401, 403]).toContain(anonymous.statusCode);

    const editor = await insertStaff(t.database.db, { role: 'editor' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/fetch-data', headers: editor.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, imports: 1 });
    const [group] = await t.database.db.select().from(productGroups).where(eq(productGroups.art, 'FD-1'));
    expect(group?.colorName.ru).toBe('Серый');
    const rows = await t.database.db.select().from(imports).where(eq(imports.fileName, 'import.xml'));
    expect(rows.map((r) => r.status)).toContain('applied');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.refresh'));
    expect(audit).toHaveLength(1);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fetch-data',
      headers: editor.headers,
    });
    expect(again.json()).toEqual({ result: true, imports: 0 });

    // The history shows the import with its report; a manager may read it too.
    const manager = await insertStaff(t.database.db, { role: 'manager' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports?limit=5',
      headers: manager.headers,
    });
    expect(history.statusCode).toBe(200);
    const [latest] = history.json().rows;
    expect(latest).toMatchObject({
      kind: 'commerceml-import',
      status: 'applied',
      fileName: 'import.xml',
      actor: '1C',
      report: { created: { categories: 1, groups: 1, variants: 1 }, refused: [] },
    });
    expect(latest.finishedAt).not.toBeNull();
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports?limit=0',
      headers: manager.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
