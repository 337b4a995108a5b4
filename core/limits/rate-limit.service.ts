import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { limitEvents, rateLimits } from '../db/schema/index.ts';
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

  /**
   * A sliding-window limit for what the security rests on (sign-in failures and sends): the attempt is
   * recorded first, then the attempts of the last `windowSeconds` are counted, so no two calendar
   * windows can be joined at their edge and concurrent attempts never pass the cap (each counts at
   * least every attempt recorded before its own). A refused attempt leaves no record. Returns the
   * record's id, for `release` when the attempt turns out not to count (a right code).
   */
  async function reserve(key: string, rule: RateRule, message: string): Promise<number> {
    const now = clock();
    const [row] = await db.insert(limitEvents).values({ key, at: now }).returning({ id: limitEvents.id });
    if (!row) throw new Error('insert returned nothing');
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const count = await db.$count(limitEvents, and(eq(limitEvents.key, key), gt(limitEvents.at, since)));
    if (count > rule.limit) {
      await db.delete(limitEvents).where(eq(limitEvents.id, row.id));
      throw new AppError('too_many_requests', message);
    }
    return row.id;
  }

  /** Takes back exactly the attempt `reserve` recorded. */
  async function release(id: number): Promise<void> {
    await db.delete(limitEvents).where(eq(limitEvents.id, id));
  }

  /**
   * Records one attempt under every key or none: when a later cap refuses, the attempts already
   * recorded are taken back, so a refusal by a ceiling costs the other keys nothing. Returns the
   * records for `releaseAll`.
   */
  async function reserveAll(rules: [string, RateRule][], message: string): Promise<number[]> {
    const ids: number[] = [];
    try {
      for (const [key, rule] of rules) ids.push(await reserve(key, rule, message));
    } catch (error) {
      await releaseAll(ids);
      throw error;
    }
    return ids;
  }

  async function releaseAll(ids: number[]): Promise<void> {
    for (const id of ids) await release(id);
  }

  /** Drops windows and attempts older than the longest rule (30 days); called from time to time. */
  async function prune(): Promise<void> {
    const before = new Date(clock().getTime() - 31 * 86_400_000);
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    await db.delete(limitEvents).where(lt(limitEvents.at, before));
  }

  return { hit, reserve, release, reserveAll, releaseAll, prune };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
