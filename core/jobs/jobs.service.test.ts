import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { jobs } from '../db/schema/index.ts';
import { backoffMs, JOB_LEASE_MS } from './jobs.rules.ts';
import { createJobsService, type JobRow } from './jobs.service.ts';

describe.each(engines)('durable jobs on %s', (engine) => {
  let database: TestDatabase;
  let now = new Date('2026-11-20T09:00:00Z');
  const clock = () => now;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const worker = (id: string, runs: string[], kind: string) => {
    const w = createJobsService({ db: database.db, clock, workerId: id });
    w.register(kind, async (job: JobRow) => {
      runs.push(`${id}:${job.key}`);
      return { done: 'ok' };
    });
    return w;
  };

  it('stores a job once however often its key is enqueued', async () => {
    const w = worker('a', [], 'once');
    await w.enqueue({ kind: 'once', key: 'once:1' });
    await w.enqueue({ kind: 'once', key: 'once:1', payload: { other: true } });
    const rows = await database.db.select().from(jobs).where(eq(jobs.key, 'once:1'));
    expect(rows).toHaveLength(1);
  });

  it('two workers polling together run each job exactly once', async () => {
    const runs: string[] = [];
    const a = worker('a', runs, 'pair');
    const b = worker('b', runs, 'pair');
    for (let i = 0; i < 12; i++) await a.enqueue({ kind: 'pair', key: `pair:${i}` });
    await Promise.all([a.runDue({ batch: 3, kinds: ['pair'] }), b.runDue({ batch: 3, kinds: ['pair'] })]);
    const keys = runs.map((r) => r.split(':').slice(1).join(':')).sort();
    expect(keys).toEqual(Array.from({ length: 12 }, (_, i) => `pair:${i}`).sort());
    const left = await database.db.select().from(jobs).where(eq(jobs.kind, 'pair'));
    expect(left.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('a job claimed by a worker that died runs again once its lease lapses, and only once', async () => {
    const runs: string[] = [];
    const dead = worker('dead', runs, 'lease');
    const alive = worker('alive', runs, 'lease');
    await dead.enqueue({ kind: 'lease', key: 'lease:1' });
    const [claimed] = await dead.claim(1, ['lease']);
    expect(claimed?.key).toBe('lease:1');
    // Within the lease nobody else takes it.
    expect(await alive.runDue({ kinds: ['lease'] })).toBe(0);
    now = new Date(now.getTime() + JOB_LEASE_MS + 1);
    expect(await alive.runDue({ kinds: ['lease'] })).toBe(1);
    expect(await alive.runDue({ kinds: ['lease'] })).toBe(0);
    expect(runs).toEqual(['alive:lease:1']);
    // The dead worker's late report changes nothing: the claim is no longer its own.
    if (claimed) await dead.runOne(claimed);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'lease:1'));
    expect(row).toMatchObject({ status: 'done', lockedBy: 'alive', attempts: 2 });
  });

  it('retries a failing job with backoff, leaves it failed after its last try, and a retry runs it again', async () => {
    let fail = true;
    const w = createJobsService({ db: database.db, clock, workerId: 'w' });
    w.register('flaky', async () => {
      if (fail) throw new Error('provider down');
      return { done: 'sent' };
    });
    await w.enqueue({ kind: 'flaky', key: 'flaky:1', maxAttempts: 2 });
    expect(await w.runDue({ kinds: ['flaky'] })).toBe(1);
    let [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });
    expect(row?.runAt.getTime()).toBe(now.getTime() + backoffMs(1));
    // Not before its backoff.
    expect(await w.runDue({ kinds: ['flaky'] })).toBe(0);
    now = new Date(now.getTime() + backoffMs(1));
    expect(await w.runDue({ kinds: ['flaky'] })).toBe(1);
    [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await w.listFailed()).map((j) => j.key)).toContain('flaky:1');
    fail = false;
    expect(await w.retry(row?.id ?? 0)).toBe(true);
    expect(await w.retry(row?.id ?? 0)).toBe(false);
    expect(await w.runDue({ kinds: ['flaky'] })).toBe(1);
    [row] = await database.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(row).toMatchObject({ status: 'done', result: 'sent' });
  });

  it('recurring work is one job per period however many instances enqueue it', async () => {
    const tasks = [
      { kind: 'tick.minute', everyMs: 60_000 },
      { kind: 'tick.hour', everyMs: 3_600_000 },
    ];
    const a = createJobsService({ db: database.db, clock, workerId: 'a' });
    const b = createJobsService({ db: database.db, clock, workerId: 'b' });
    await Promise.all([a.enqueuePeriodic(tasks), b.enqueuePeriodic(tasks), a.enqueuePeriodic(tasks)]);
    const count = async (kind: string) =>
      (await database.db.select().from(jobs).where(eq(jobs.kind, kind))).length;
    expect([await count('tick.minute'), await count('tick.hour')]).toEqual([1, 1]);
    now = new Date(now.getTime() + 60_000);
    await b.enqueuePeriodic(tasks);
    expect(await count('tick.minute')).toBe(2);
  });
});
