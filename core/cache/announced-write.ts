import type { Db, Tx } from '../db/client.ts';
import type { ReadCache } from './read-cache.ts';

/**
 * The one way to change rows that the read cache and the page cache hold: `work` runs in one
 * transaction and adds the cache tags of what it changed to `tags` (which may start with tags
 * known beforehand); every other instance hears of them at commit (`ReadCache.announce`, on the
 * database's notification channel) and this one forgets them right after (`invalidate`). A
 * transaction that throws announces and forgets nothing.
 */
export async function announcedWrite<T>(
  db: Db,
  cache: ReadCache,
  work: (tx: Tx, tags: Set<string>) => Promise<T>,
  tags: Iterable<string> = [],
): Promise<T> {
  const touched = new Set(tags);
  const result = await db.transaction(async (tx) => {
    const value = await work(tx, touched);
    await cache.announce(tx, [...touched]);
    return value;
  });
  cache.invalidate([...touched]);
  return result;
}
