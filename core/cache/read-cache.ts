import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * A small versioned in-memory cache for the hot read paths (settings, listings, product pages).
 *
 * Every entry names the tags it depends on; a write invalidates tags. Invalidation bumps a
 * sequence number: an entry is good only when none of its tags was bumped after its load *began*,
 * so a load that raced a write is never served. Other instances hear of writes through
 * PostgreSQL NOTIFY on {@link INVALIDATION_CHANNEL}, sent inside the writing transaction, so
 * they learn of a write exactly when it commits (see `postgres-invalidation.ts`).
 */

/** Tags the services use. `*` is on every entry implicitly. */
export const cacheTags = {
  all: '*',
  settings: 'settings',
  /** Categories, collections, groups and photos: changed by the seed (and later the back office). */
  catalogue: 'catalogue',
  /** Anything showing whether a group can be bought (listings, home): stock crossing zero. */
  listings: 'listings',
  /** One group's page and its variants' stock. */
  group: (id: string) => `group:${id}`,
} as const;

export const INVALIDATION_CHANNEL = 'shop_read_cache';

/** A transaction or a database: where the NOTIFY of a write goes. */
type Executor = Pick<Db, 'execute'>;

/**
 * Queues a notification of changed tags in the caller's transaction: PostgreSQL delivers it to
 * every listening instance when (and only if) the transaction commits. Harmless on PGlite.
 */
export async function announceInvalidation(tx: Executor, tags: string[], origin = ''): Promise<void> {
  if (tags.length === 0) return;
  let payload = JSON.stringify({ o: origin, t: [...new Set(tags)] });
  // NOTIFY payloads stop at 8000 bytes: a huge write invalidates everything instead.
  if (payload.length > 7000) payload = JSON.stringify({ o: origin, t: [cacheTags.all] });
  await tx.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
}

export interface ReadCacheOptions {
  enabled: boolean;
  /** Whether other instances share the database (PostgreSQL): writes then announce themselves. */
  shared?: boolean;
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  /**
   * Bytes kept at most, counted as the entries' JSON (on the heap they take about twice that);
   * the least recently used go first, and a value above an eighth of this is not kept
   * (docs/decisions/0038-embedded-memory.md).
   */
  maxBytes?: number;
  /** A safety net: no entry lives longer than this, even if a notification were lost. */
  ttlMs?: number;
  clock?: () => number;
}

interface Entry {
  value: unknown;
  tags: string[];
  /** The sequence number when the load began. */
  seq: number;
  expiresAt: number;
  bytes: number;
}

export interface ReadCache {
  readonly enabled: boolean;
  /** An identifier of this process, so it can skip its own notifications. */
  readonly origin: string;
  /**
   * The value under `key`, loading it on a miss. `tags` may depend on the loaded value (the
   * groups an answer holds). Concurrent misses of one key share one load.
   */
  get<T>(key: string, tags: string[] | ((value: T) => string[]), load: () => Promise<T>): Promise<T>;
  /** Inside the writing transaction: tells the other instances at commit (no-op unless shared). */
  announce(tx: Executor, tags: string[]): Promise<void>;
  /** After the write committed: this instance forgets what depended on `tags`. */
  invalidate(tags: string[]): void;
  /**
   * While the notification channel is down the cache cannot know of other instances' writes:
   * it stops serving and storing (`false`), and starts afresh when the channel is back (`true`).
   */
  setConnected(connected: boolean): void;
  /** Entries held (for tests and the bench). */
  size(): number;
  /** Bytes held, as JSON (for tests and the bench). */
  bytes(): number;
  /**
   * The invalidation sequence now. Something built from reads that begin after this call (a
   * rendered page) is fresh while {@link ReadCache.isFresh} holds for the tags it depends on.
   */
  version(): number;
  /**
   * Whether none of `tags` (nor everything) was invalidated after `since`, a {@link ReadCache.version}.
   * Always false while the cache is off or its notification channel is down.
   */
  isFresh(tags: string[], since: number): boolean;
}

/** The size of a value as JSON: a cost that does not depend on how the heap lays it out. */
function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    // A BigInt column: counted as its digits.
    return Buffer.byteLength(
      JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? '',
    );
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function createReadCache({
  enabled,
  shared = false,
  maxEntries = 5_000,
  maxBytes = 8 * 1024 * 1024,
  ttlMs = 5 * 60_000,
  clock = Date.now,
}: ReadCacheOptions): ReadCache {
  const origin = randomUUID();
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { promise: Promise<unknown>; seq: number }>();
  const bumpedAt = new Map<string, number>();
  let seq = 0;
  let connected = true;
  let held = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    held -= entry.bytes;
  }

  const fresh = (tags: string[], since: number) =>
    (bumpedAt.get(cacheTags.all) ?? 0) <= since && tags.every((t) => (bumpedAt.get(t) ?? 0) <= since);

  function invalidate(tags: string[]) {
    if (tags.length === 0) return;
    seq += 1;
    for (const t of tags) bumpedAt.set(t, seq);
    if (tags.includes(cacheTags.all)) {
      entries.clear();
      held = 0;
    }
  }

  async function get<T>(
    key: string,
    tags: string[] | ((value: T) => string[]),
    load: () => Promise<T>,
  ): Promise<T> {
    if (!enabled || !connected) return load();
    const now = clock();
    const hit = entries.get(key);
    if (hit) {
      if (hit.expiresAt > now && fresh(hit.tags, hit.seq)) {
        // Least recently used goes first: a hit moves to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as T;
      }
      drop(key);
    }
    const running = pending.get(key);
    // Join a load in flight only when nothing was invalidated since it began.
    if (running && running.seq === seq) return running.promise as Promise<T>;

    const started = seq;
    const promise = (async () => {
      const value = deepFreeze(await load());
      const entryTags = typeof tags === 'function' ? tags(value) : tags;
      if (connected && fresh(entryTags, started)) {
        const bytes = key.length + jsonBytes(value);
        // One big value must not push out everything else.
        if (bytes <= maxBytes / 8) {
          drop(key);
          entries.set(key, { value, tags: entryTags, seq: started, expiresAt: clock() + ttlMs, bytes });
          held += bytes;
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries && held <= maxBytes) break;
            drop(oldest);
          }
        }
      }
      return value;
    })();
    pending.set(key, { promise, seq: started });
    try {
      return await promise;
    } finally {
      if (pending.get(key)?.promise === promise) pending.delete(key);
    }
  }

  return {
    enabled,
    origin,
    get,
    invalidate,
    async announce(tx, tags) {
      if (enabled && shared) await announceInvalidation(tx, tags, origin);
    },
    setConnected(value) {
      if (value === connected) return;
      connected = value;
      // Anything loaded before or during the outage may have missed a notification.
      invalidate([cacheTags.all]);
    },
    size: () => entries.size,
    bytes: () => held,
    version: () => seq,
    isFresh: (tags, since) => enabled && connected && fresh(tags, since),
  };
}

/** The cache of code that does not configure one (tests, scripts): never stores anything. */
export const noReadCache: ReadCache = createReadCache({ enabled: false });
