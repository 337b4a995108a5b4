import pg from 'pg';
import { INVALIDATION_CHANNEL, type ReadCache } from './read-cache.ts';

export interface InvalidationListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps one connection listening for other instances' writes and applies them to `cache`.
 * While the connection is down the cache stands aside (it cannot know what it missed) and
 * the listener reconnects with a growing pause, up to `maxRetryMs`.
 */
export function listenForInvalidations(
  url: string,
  cache: ReadCache,
  {
    onError = () => {},
    maxRetryMs = 5_000,
  }: { onError?: (error: unknown) => void; maxRetryMs?: number } = {},
): InvalidationListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let timer: NodeJS.Timeout | null = null;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const lost = (c: pg.Client, error?: unknown) => {
    if (client !== c) return;
    client = null;
    cache.setConnected(false);
    if (error) onError(error);
    c.end().catch(() => {});
    schedule();
  };

  function schedule() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  }

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return;
      try {
        const { o, t } = JSON.parse(message.payload) as { o?: string; t?: unknown };
        if (o === cache.origin || !Array.isArray(t)) return;
        cache.invalidate(t.filter((x): x is string => typeof x === 'string'));
      } catch (error) {
        onError(error);
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${INVALIDATION_CHANNEL}`);
      if (client !== c) return;
      retryMs = 100;
      cache.setConnected(true);
      resolveReady();
    } catch (error) {
      lost(c, error);
    }
  }

  // Until the first LISTEN is up, nothing is cached.
  cache.setConnected(false);
  void connect();

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      resolveReady();
      if (c) await c.end().catch(() => {});
    },
  };
}
