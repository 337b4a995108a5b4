import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { backoffMs, DEFAULT_MAX_ATTEMPTS, JOB_LEASE_MS, type PeriodicTask, periodKey } from './jobs.rules.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  /** Unique per piece of work: enqueuing the same key again stores nothing (it is done once). */
  key: string;
  payload?: Record<string, unknown>;
  /** Due from this instant: the caller's clock (the worker compares with the same clock). */
  runAt: Date;
  maxAttempts?: number;
}

/**
 * What a handler reports: `done` (with a note such as a provider reference), `skipped` (nothing to
 * do, e.g. the buyer chose no SMS), or `retry` (an expected refusal worth another try). A thrown
 * error is retried with backoff too.
 */
export type JobOutcome = { done: string } | { skipped: string } | { retry: string };
export type JobHandler = (job: JobRow) => Promise<JobOutcome>;

/**
 * Stores a job inside the caller's transaction, so the job exists exactly when the change that
 * asks for it commits (an order event and its message). A second enqueue of the key is a no-op.
 */
export async function enqueueJob(tx: Tx | Db, job: NewJob): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      runAt: job.runAt,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * The durable job queue (docs/decisions/0021-durable-jobs-and-messages.md): one table for every
 * background task, claimed with `FOR UPDATE SKIP LOCKED` so two processes never take one job,
 * held for a lease so a dead process's job runs again, retried with backoff, and left `failed`
 * after its last try for staff to retry.
 */
export function createJobsService({
  db,
  clock,
  workerId = randomUUID(),
  leaseMs = JOB_LEASE_MS,
  onError,
}: {
  db: Db;
  clock: () => Date;
  workerId?: string;
  leaseMs?: number;
  onError?: (error: unknown, job: JobRow) => void;
}) {
  const handlers = new Map<string, JobHandler>();

  /** Claims up to `limit` due jobs (pending and due, or running with a lapsed lease) for this worker. */
  async function claim(limit: number, kinds?: string[]): Promise<JobRow[]> {
    const now = clock();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            or(
              and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
              and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)),
            ),
            kinds ? inArray(jobs.kind, kinds) : undefined,
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sqlIncrement(),
        })
        .where(
          inArray(
            jobs.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      return claimed.sort((a, b) => a.id - b.id);
    });
  }

  /** Records a claimed job's outcome; only the worker still holding the claim may. */
  async function finish(job: JobRow, outcome: JobOutcome | { error: string }): Promise<void> {
    const now = clock();
    const mine = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));
    if ('done' in outcome || 'skipped' in outcome) {
      await db
        .update(jobs)
        .set({
          status: 'done',
          result: 'done' in outcome ? outcome.done : `skipped: ${outcome.skipped}`,
          lockedUntil: null,
          finishedAt: now,
        })
        .where(mine);
      return;
    }
    const reason = 'retry' in outcome ? outcome.retry : outcome.error;
    const last = job.attempts >= job.maxAttempts;
    await db
      .update(jobs)
      .set({
        status: last ? 'failed' : 'pending',
        lastError: reason.slice(0, 2000),
        lockedUntil: null,
        runAt: last ? job.runAt : new Date(now.getTime() + backoffMs(job.attempts)),
        finishedAt: last ? now : null,
      })
      .where(mine);
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      await finish(job, { error: `no handler for job kind ${job.kind}` });
      return;
    }
    let outcome: JobOutcome | { error: string };
    try {
      outcome = await handler(job);
    } catch (error) {
      onError?.(error, job);
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    await finish(job, outcome);
  }

  return {
    workerId,
    enqueue: (job: Omit<NewJob, 'runAt'> & { runAt?: Date }) =>
      enqueueJob(db, { ...job, runAt: job.runAt ?? clock() }),
    /** Names the function that does jobs of `kind`. */
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    claim,
    runOne,
    /**
     * One pass of the worker: claims due jobs in batches and runs them one by one, until none is due
     * or `maxJobs` ran. Returns how many ran.
     */
    async runDue({
      batch = 10,
      maxJobs = 100,
      kinds,
    }: {
      batch?: number;
      maxJobs?: number;
      kinds?: string[];
    } = {}) {
      let ran = 0;
      while (ran < maxJobs) {
        const claimed = await claim(Math.min(batch, maxJobs - ran), kinds);
        if (claimed.length === 0) break;
        for (const job of claimed) await runOne(job);
        ran += claimed.length;
      }
      return ran;
    },
    /**
     * Enqueues this period's job of each recurring task (order expiry, CRM retries, rates): the
     * period's key makes it one job however many instances ask, so one of them runs it.
     */
    async enqueuePeriodic(tasks: readonly PeriodicTask[]) {
      const now = clock();
      for (const task of tasks)
        await enqueueJob(db, { kind: task.kind, key: periodKey(task, now), runAt: now, maxAttempts: 2 });
    },
    /** Deletes finished jobs older than `days` (failed ones stay for staff). */
    async pruneDone(days = 7) {
      await db
        .delete(jobs)
        .where(
          and(eq(jobs.status, 'done'), lt(jobs.createdAt, new Date(clock().getTime() - days * 86_400_000))),
        );
    },
    /** How many jobs of each kind failed for good since `since` (the shop's daily summary). */
    async failedSince(since: Date): Promise<{ kind: string; count: number }[]> {
      const rows = await db
        .select({ kind: jobs.kind, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.status, 'failed'), gte(jobs.finishedAt, since)))
        .groupBy(jobs.kind)
        .orderBy(asc(jobs.kind));
      return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
    },
    /** Failed jobs, newest first (the back office's jobs page). */
    async listFailed(limit = 100): Promise<JobRow[]> {
      return db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(desc(jobs.id)).limit(limit);
    },
    async get(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },
    /** Puts a failed job back in the queue with fresh tries; false when it is not failed. */
    async retry(id: number, tx: Tx | Db = db): Promise<boolean> {
      const updated = await tx
        .update(jobs)
        .set({ status: 'pending', attempts: 0, runAt: clock(), finishedAt: null, lockedBy: null })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning({ id: jobs.id });
      return updated.length > 0;
    },
  };
}

function sqlIncrement() {
  return sql`${jobs.attempts} + 1`;
}

export type JobsService = ReturnType<typeof createJobsService>;
