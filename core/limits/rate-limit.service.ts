import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export interface RateRule {
  /** Most hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window rate limits kept in the database, so every instance of the service counts
 * together. `hit` counts one attempt atomically and refuses with 429 past the limit.
 */
export function createRateLimitService({ db, clock }: { db: Db; clock: () => Date }) {
  async function hit(key: string, rule: RateRule, message: string): Promise<void> {
    const now = clock().getTime();
    const windowStart = new Date(now - (now % (rule.windowSeconds * 1000)));
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) > rule.limit) throw new AppError('too_many_requests', message);
  }

  /** Gives one hit back (an attempt reserved by `hit` that turned out to succeed). */
  async function undo(key: string, rule: RateRule): Promise<void> {
    const now = clock().getTime();
    const windowStart = new Date(now - (now % (rule.windowSeconds * 1000)));
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  }

  /** Drops windows older than their longest rule (30 days); called from time to time. */
  async function prune(): Promise<void> {
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, new Date(clock().getTime() - 31 * 86_400_000)));
  }

  return { hit, undo, prune };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
