import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Durable background work (core/jobs/jobs.service.ts, docs/decisions): every job has a unique
 * idempotency `key`, so enqueuing it twice stores it once; workers claim due rows with
 * `FOR UPDATE SKIP LOCKED` and hold them for a lease; a lease that runs out (a dead process) makes
 * the job claimable again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(6),
    /** Not claimed before this instant (first run, or the next try after a backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim's lease: past it, another worker may take the job again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** What the handler reported (a provider's reference, or why it skipped). */
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);
