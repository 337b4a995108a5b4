import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../../core/db/schema/index.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('back-office failed jobs on %s', (engine) => {
  const t = useStaffApp(engine, ['manager', 'editor', 'admin']);

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
    const { manager } = t;
    const list = await t.call('GET', '/api/admin/jobs/failed');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({ id, lastError: 'provider down', attempts: 6 }),
    ]);
    const retry = await t.call('POST', `/api/admin/jobs/${id}/retry`);
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
    const again = await t.call('POST', `/api/admin/jobs/${id}/retry?lang=en`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The job has not failed (any more)');
  });

  it('an editor may not see or retry jobs, and a bad id is a 400 naming it', async () => {
    const id = await failedJob('test:failed:2');
    expect((await t.call('GET', '/api/admin/jobs/failed', undefined, t.editor)).statusCode).toBe(403);
    const refused = await t.call('POST', `/api/admin/jobs/${id}/retry`, undefined, t.editor);
    expect(refused.statusCode).toBe(403);
    const bad = await t.call('POST', '/api/admin/jobs/abc/retry', undefined, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});
