/** Pure rules of the durable job queue (docs/decisions/0021-durable-jobs-and-messages.md). */

/** How long a claim holds a job: a worker that dies leaves it claimable again after this. */
export const JOB_LEASE_MS = 2 * 60_000;

/** Tries before a job is left `failed` for staff to look at and retry (the back office's jobs page). */
export const DEFAULT_MAX_ATTEMPTS = 6;

/**
 * The wait before try `attempt + 1` after `attempt` failed: 30 s doubling, at most an hour
 * (30 s, 1 min, 2 min, 4 min, 8 min ...).
 */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

/** Background work that recurs: one job per period, whichever instance enqueues it first. */
export interface PeriodicTask {
  kind: string;
  everyMs: number;
}

/** The job key of `task`'s period containing `now`: every instance computes the same one. */
export function periodKey(task: PeriodicTask, now: Date): string {
  return `${task.kind}:${Math.floor(now.getTime() / task.everyMs)}`;
}
