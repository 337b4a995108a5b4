import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { cacheTags, type ReadCache } from '../core/cache/read-cache.ts';
import { isCartCookie, isFavoritesCookie, readCookie, readJsonCookie } from '../core/cart/cookies.rules.ts';
import { isCurrency } from '../core/money.ts';
import { crc32Combine, crc32Shift } from './crc32-combine.ts';

/**
 * Rendered guest pages kept in memory (docs/decisions/0016-page-cache.md).
 *
 * A page is stored only when it is the same for every guest: GET, no session cookie, no
 * Authorization, no cart or favourites in the cookies (the header's counters are rendered from
 * them), a 200 `text/html` page or its `.data` request, and no Set-Cookie. It is keyed by the
 * address, the currency cookie (the English edition's prices) and whether the client is a bot
 * (bots get the whole document at once). An entry depends on the read cache's tags (settings,
 * catalogue, listings and, on a product page, its group) and is served only while none of them
 * was invalidated after its render began, so the read cache's NOTIFY from another instance drops
 * it too. The CSP nonce differs per response: the stored HTML is split at the render's nonce and
 * joined with the nonce made for the response that serves it (server/security-headers.ts).
 */

export interface PageCacheOptions {
  /** Supplies versions and freshness; its invalidations (local and NOTIFY) drop the pages. */
  readCache: ReadCache;
  /** Bytes of HTML kept at most; the least recently used pages go first. */
  maxBytes?: number;
  /** A safety net for what no tag covers (currency rates): no page lives longer than this. */
  ttlMs?: number;
  clock?: () => number;
  /**
   * Keep rendered pages (`PAGE_CACHE=on`, the default). When false, nothing is kept: a render is
   * only shared with the guests who asked for the same page while it was being made (issue 37).
   */
  keep?: boolean;
}

export interface Entry {
  /** The body split at the render's nonce, as bytes: a hit copies them, it does not encode text. */
  parts: Buffer[];
  /** Each part compressed once, to be joined around the response's nonce (see {@link gzipWithNonce}). */
  deflated?: DeflatedParts;
  /** The whole gzip answer, for a body with no nonce in it (a `.data` answer): sent as it is. */
  gzipped?: Buffer;
  contentType: string;
  tags: string[];
  seq: number;
  bytes: number;
  expiresAt: number;
}

export interface PageCache {
  /** The key of a request that may be served from the cache, or null when it may not. */
  keyOf(request: FastifyRequest): string | null;
  /** A stored page still fresh, or null. */
  lookup(key: string): Entry | null;
  /**
   * Keeps a rendered page (unless the cache keeps none) and returns it made ready to serve, or
   * null when it raced a write or is too big. `forWaiting`: guests wait for this render, so it is
   * made ready even when the cache keeps nothing.
   */
  store(
    key: string,
    entry: Omit<Entry, 'expiresAt' | 'bytes' | 'deflated' | 'gzipped'>,
    forWaiting?: boolean,
  ): Entry | null;
  /** Whether rendered pages are kept (else renders are only shared while they run). */
  readonly keeps: boolean;
  readonly readCache: ReadCache;
  /** Bytes held (for tests and the bench). */
  bytes(): number;
  size(): number;
}

/**
 * The storefront's pages that are the same for every guest, in both editions (app/routes.ts):
 * home, catalogue, categories, collections, products and content pages. Widgets, payment pages
 * and anything under /api, /media, /assets or /dev are not.
 */
const PAGE =
  /^(?:\/en)?(?:\/?|\/catalog(?:\/[^/]+){0,2}|\/products\/[^/]+|\/(?!(?:api|media|assets|dev|status|unsubscribe|newsletter-confirm|widget-boxberry|widget-embedded|payment-result|sandbox|en)$)[^/.]+)$/;
/** Queries that open a shopper's own cart or payment result: one-off, never stored. */
const PERSONAL_QUERY = /(?:^|&)(?:cart|success|orderID)(?:=|&|$)/;
const MAX_URL = 1024;

/** The page's path without the `.data` suffix of a client navigation (`/_root.data` is home). */
function pagePath(path: string): { path: string; data: boolean } | null {
  if (!path.endsWith('.data')) return { path, data: false };
  const base = path.slice(0, -'.data'.length);
  if (base === '/_root') return { path: '/', data: true };
  if (base === '/en/_root') return { path: '/en', data: true };
  return base ? { path: base, data: true } : null;
}

/** Whether the request asks for one of the storefront's shared pages (or its `.data`). */
export function isSharedPage(url: string): boolean {
  const page = pagePath(url.split('?', 1)[0] ?? '');
  return page !== null && page.path !== '' && PAGE.test(page.path);
}

/** A path segment as the router's params give it; a malformed escape stays as it is. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Tags a page depends on: every page shows settings, the menu's categories and availability. */
function pageTags(path: string, query: URLSearchParams): string[] {
  const tags: string[] = [cacheTags.settings, cacheTags.catalogue, cacheTags.listings];
  const product = path.match(/^(?:\/en)?\/products\/([^/]+)$/)?.[1];
  if (product) tags.push(cacheTags.group(decoded(product)));
  const modal = query.get('product');
  if (modal) tags.push(cacheTags.group(modal));
  return tags;
}

export function createPageCache({
  readCache,
  maxBytes = 32 * 1024 * 1024,
  ttlMs = 60_000,
  clock = Date.now,
  keep = true,
}: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let held = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    held -= entry.bytes;
  }

  return {
    readCache,
    keeps: keep,
    keyOf(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (request.url.length > MAX_URL || request.headers.authorization) return null;
      const [rawPath = '', query = ''] = request.url.split('?', 2);
      const page = pagePath(rawPath);
      if (!page || !isSharedPage(request.url) || PERSONAL_QUERY.test(query)) return null;
      const cookie = request.headers.cookie;
      // What app/root.tsx's loader reads from the cookies: the session, cart and favourites
      // counters (not the same for every guest) and the currency (part of the key).
      if (readCookie(cookie, 'shi_token') !== null) return null;
      if (readJsonCookie(cookie, 'cart', isCartCookie, []).some((item) => item.count !== 0)) return null;
      if (readJsonCookie(cookie, 'favorites', isFavoritesCookie, []).length > 0) return null;
      const chosen = readCookie(cookie, 'shi-currency');
      const currency =
        page.path === '/en' || page.path.startsWith('/en/') ? (isCurrency(chosen) ? chosen : '') : '';
      const agent = request.headers['user-agent'];
      const bot = agent && isbot(agent) ? 'bot' : '';
      return `${currency}|${bot}|${request.url}`;
    },
    lookup(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= clock() || !readCache.isFresh(entry.tags, entry.seq)) {
        drop(key);
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    store(key, { parts, contentType, tags, seq }, forWaiting = false) {
      const bytes = parts.reduce((n, p) => n + p.length, 0);
      // A page that raced a write is not kept; nor is one too big to share the room.
      if (bytes > maxBytes / 8 || !readCache.isFresh(tags, seq)) return null;
      if (!keep && !forWaiting) return null;
      drop(key);
      const compressed = deflateParts(parts);
      // A body with no nonce in it is the same for every response: its gzip answer is made now.
      const whole = parts.length === 1;
      const gzipped = whole ? gzipWithNonce(compressed, Buffer.alloc(0)) : undefined;
      const deflated = whole ? undefined : compressed;
      const size =
        bytes + (gzipped?.length ?? 0) + (deflated?.blocks ?? []).reduce((n, d) => n + d.length, 0);
      const entry: Entry = {
        parts,
        deflated,
        gzipped,
        contentType,
        tags,
        seq,
        bytes: size,
        expiresAt: clock() + ttlMs,
      };
      if (!keep) return entry;
      entries.set(key, entry);
      held += size;
      for (const oldest of entries.keys()) {
        if (held <= maxBytes) break;
        drop(oldest);
      }
      return entry;
    },
    bytes: () => held,
    size: () => entries.size,
  };
}

function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((token) => {
    const [name = '', ...params] = token.split(';').map((t) => t.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return name === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends a DEFLATE stream that is byte-aligned. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A page's parts compressed once, with what joining them needs: each part's CRC-32 and length. */
export interface DeflatedParts {
  /** Raw DEFLATE blocks per part, each ending byte-aligned after a sync flush (not final). */
  blocks: Buffer[];
  crcs: number[];
  /** {@link crc32Shift} of each part's length. */
  shifts: number[];
  lengths: number[];
}

export function deflateParts(parts: Buffer[]): DeflatedParts {
  return {
    blocks: parts.map((part) =>
      zlib.deflateRawSync(part, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    ),
    crcs: parts.map((part) => zlib.crc32(part)),
    shifts: parts.map((part) => crc32Shift(part.length)),
    lengths: parts.map((part) => part.length),
  };
}

/**
 * A gzip member of the parts joined by `nonce` without compressing or reading the page again
 * (RFC 1951, 1952): the nonce goes between the parts' blocks as a stored block, an empty final
 * block closes the stream, and the trailer's CRC-32 and length cover the whole page (the CRC
 * combined from the parts' own, server/crc32-combine.ts).
 */
export function gzipWithNonce(parts: DeflatedParts, nonce: Buffer): Buffer {
  const stored = Buffer.alloc(5 + nonce.length);
  stored.writeUInt8(0, 0);
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(stored, 5);
  const nonceCrc = zlib.crc32(nonce);
  const nonceShift = crc32Shift(nonce.length);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.blocks.forEach((block, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = crc32Combine(crc, nonceCrc, nonceShift);
      size += nonce.length;
    }
    chunks.push(block);
    crc =
      i === 0
        ? (parts.crcs[0] as number)
        : crc32Combine(crc, parts.crcs[i] as number, parts.shifts[i] as number);
    size += parts.lengths[i] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

interface Pending {
  key: string;
  seq: number;
  tags: string[];
  /** The render in progress that other guests may wait for. */
  render: Render;
}

/** A page being rendered: the guests waiting for it get its entry when it is done. */
interface Render {
  done: Promise<Entry | null>;
  /** Guests waiting for this render now. */
  waiting: number;
  /** Hands the rendered page (or null: none to share) to the waiting guests; idempotent. */
  release: (entry: Entry | null) => void;
}

/** How long a request waits for another one's render of the same page before rendering itself. */
const WAIT_FOR_RENDER_MS = 10_000;
/** How many renders of the same page a request waits for, one after another, before rendering alone. */
const RENDER_ROUNDS = 3;

const pending = new WeakMap<FastifyRequest, Pending>();

/** A response body being streamed, read to its end as one buffer. */
export async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function readAll(payload: unknown): Promise<string | null> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload && typeof (payload as Readable).pipe === 'function')
    return (await readStream(payload as Readable)).toString('utf8');
  return null;
}

/**
 * Serves guests' pages from `cache` and stores the ones rendered for them. Register after the
 * security headers (the response's nonce must exist) and before the routes; compression runs after it.
 */
export function registerPageCache(app: FastifyInstance, cache: PageCache) {
  /**
   * Pages being rendered now: concurrent misses of one page wait for the first render and are
   * served from it, not rendered again. Without it, a rush of guests on one page that is not in
   * the cache (just invalidated, or `PAGE_CACHE=off`) made as many renders as requests, all
   * competing for the one thread (issue 37).
   */
  const rendering = new Map<string, Render>();
  const serve = (reply: FastifyReply, hit: Entry, how: 'hit' | 'shared' = 'hit') => {
    reply.header('x-page-cache', how).header('content-type', hit.contentType).status(200);
    // The response's nonce, for a page whose parts it joins (a `.data` answer has no nonce in it).
    const glue = () => Buffer.from(reply.cspNonce?.script ?? '');
    // A browser takes gzip: the parts were compressed once when stored, and only the nonce is new.
    if ((hit.gzipped || hit.deflated) && acceptsGzip(reply.request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
      return reply.send(hit.gzipped ?? gzipWithNonce(hit.deflated as DeflatedParts, glue()));
    }
    if (hit.parts.length === 1) return reply.send(hit.parts[0]);
    return reply.send(Buffer.concat(hit.parts.flatMap((part, i) => (i === 0 ? [part] : [glue(), part]))));
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSharedPage(request.url)) return;
    const key = cache.keyOf(request);
    if (key === null) {
      reply.header('x-page-cache', 'bypass');
      return;
    }
    // A render this request waited for may not serve it (a write came meanwhile, the render failed):
    // it then waits for the next render of the page, or makes it, rather than every waiting guest
    // rendering the page at once. Up to RENDER_ROUNDS such rounds.
    let alone = false;
    for (let round = 0; ; round++) {
      const hit = cache.lookup(key);
      if (hit) return serve(reply, hit);
      const running = rendering.get(key);
      if (!running) break;
      if (round === RENDER_ROUNDS) {
        alone = true;
        break;
      }
      running.waiting += 1;
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const shared = await Promise.race([
        running.done,
        new Promise<null>(
          (r) =>
            (timer = setTimeout(() => {
              timedOut = true;
              r(null);
            }, WAIT_FOR_RENDER_MS)),
        ),
      ]);
      clearTimeout(timer);
      running.waiting -= 1;
      // Served only when no write touched the page since its render began (so none since this
      // request came either).
      if (shared && cache.readCache.isFresh(shared.tags, shared.seq))
        return serve(reply, shared, cache.keeps ? 'hit' : 'shared');
      if (timedOut) {
        alone = true;
        break;
      }
    }
    reply.header('x-page-cache', 'miss');
    if (request.method !== 'GET' || alone) return;
    const [path = '', query = ''] = request.url.split('?', 2);
    const page = pagePath(path);
    if (!page) return;
    let release: (entry: Entry | null) => void = () => {};
    const render: Render = {
      done: new Promise<Entry | null>((resolve) => {
        release = (entry) => {
          if (rendering.get(key) === render) rendering.delete(key);
          resolve(entry);
        };
      }),
      waiting: 0,
      release: (entry) => release(entry),
    };
    rendering.set(key, render);
    pending.set(request, {
      key,
      seq: cache.readCache.version(),
      tags: pageTags(page.path, new URLSearchParams(query)),
      render,
    });
    // The render starts on the loop's next turn. A page whose data is in the read cache renders
    // from start to end without letting the loop read another socket, so guests whose requests
    // for it were already waiting in their sockets were each rendered one after another; now the
    // loop first reads them all, and they wait for this render (they all came before it began).
    await new Promise((resolve) => setImmediate(resolve));
  });

  // Whatever became of the render (an error, a closed connection), the waiting requests go on; they
  // also stop waiting after WAIT_FOR_RENDER_MS.
  app.addHook('onResponse', async (request) => {
    pending.get(request)?.render.release(null);
    pending.delete(request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = pending.get(request);
    if (!miss) return payload;
    pending.delete(request);
    let entry: Entry | null = null;
    try {
      const kept = await keep(request, reply, payload, miss);
      entry = kept.entry;
      return kept.payload;
    } finally {
      miss.render.release(entry);
    }
  });

  async function keep(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    miss: Pending,
  ): Promise<{ payload: unknown; entry: Entry | null }> {
    const contentType = String(reply.getHeader('content-type') ?? '');
    const data = request.url.split('?', 1)[0]?.endsWith('.data') ?? false;
    if (
      reply.statusCode !== 200 ||
      reply.hasHeader('set-cookie') ||
      !(data ? contentType.startsWith('text/x-script') : contentType.startsWith('text/html'))
    )
      return { payload, entry: null };
    // Nothing kept and nobody waiting: the answer goes as it is.
    if (!cache.keeps && miss.render.waiting === 0) return { payload, entry: null };
    const body = await readAll(payload);
    if (body === null) return { payload, entry: null };
    const nonce = reply.cspNonce?.script ?? '';
    const entry = cache.store(
      miss.key,
      {
        parts: (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part)),
        contentType,
        tags: miss.tags,
        seq: miss.seq,
      },
      miss.render.waiting > 0,
    );
    return { payload: body, entry };
  }
}
