import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../../core/db/schema/index.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';

describe.each(engines)('back-office failed jobs on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const failedJob = async (key: string) => {
    const [row] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'order-message',
        key,
        status: 'failed',
        attempts: 6,
        lastError: 'provider down',
        runAt: new Date(),
      })
      .returning();
    return row?.id ?? 0;
  };

  it('a manager sees failed jobs and retries one; the retry is in the audit log and a second one is refused', async () => {
    const id = await failedJob('test:failed:1');
    const manager = await insertStaff(t.database.db, { role: 'manager' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/failed',
      headers: manager.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({ id, lastError: 'provider down', attempts: 6 }),
    ]);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/retry`,
      headers: manager.headers,
    });
    expect(retry.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'job.retry', entityType: 'job', actorId: manager.userId }),
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/retry?lang=en`,
      headers: manager.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The job has not failed (any more)');
  });

  it('an editor may not see or retry jobs, and a bad id is a 400 naming it', async () => {
    const id = await failedJob('test:failed:2');
    const editor = await insertStaff(t.database.db, { role: 'editor' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed', headers: editor.headers }))
        .statusCode,
    ).toBe(403);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/retry`,
      headers: editor.headers,
    });
    expect(refused.statusCode).toBe(403);
    const admin = await insertStaff(t.database.db, { role: 'admin' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/abc/retry',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});
