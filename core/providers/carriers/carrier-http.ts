import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

/**
 * What the real carrier adapters share (docs/decisions/0025-real-carriers.md): JSON over HTTP with a
 * deadline per request, answers parsed by a schema, and bounded in-memory caches of answers.
 */

/**
 * A carrier answered something the shop cannot use: an HTTP error, a malformed body, a refusal, or
 * nothing in time. A temporary failure for the shopper (503 with the catalogue's "the delivery
 * service did not answer" text); `message` keeps the carrier's detail for the log and for staff.
 */
export class CarrierError extends AppError {
  readonly carrier: string;
  /** The HTTP status, when the carrier answered one. */
  readonly httpStatus: number | null;
  /** The carrier's own words when it refused the request (its error text), for staff to read. */
  readonly said: string | null;
  constructor(carrier: string, detail: string, httpStatus: number | null = null, said: string | null = null) {
    super('unavailable', { key: 'timeout.carriers' });
    this.message = `${carrier}: ${detail}`;
    this.name = 'CarrierError';
    this.carrier = carrier;
    this.httpStatus = httpStatus;
    this.said = said;
  }
}

/**
 * A phone in the international form the carriers document (`+79161234567`; CDEK's own plugin and
 * DHL's schema examples): the shop keeps digits with the country code; a Russian number written
 * with a leading 8 becomes +7.
 */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  return `+${digits}`;
}

/** How long one request to a carrier may take: inside the registry's 4 s guard, so a quote can still say "impossible". */
export const CARRIER_READ_TIMEOUT_MS = 2_500;
/** Creating a parcel may take longer (staff wait for it, never a shopper). */
export const CARRIER_WRITE_TIMEOUT_MS = 10_000;

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** One request; the body is read as JSON (null when it is empty or not JSON). Network errors and deadlines throw. */
export async function requestJson(
  carrier: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${init.timeoutMs} ms`
        : String(error);
    throw new CarrierError(carrier, `${init.method ?? 'GET'} ${new URL(url).pathname}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: response.status, body };
}

/** The body parsed by `schema`, or a CarrierError naming what came instead. */
export function parseAnswer<S extends z.ZodType>(
  carrier: string,
  what: string,
  schema: S,
  body: unknown,
): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CarrierError(carrier, `${what} answered an unexpected body`);
  return parsed.data;
}

/**
 * A bounded cache of answers with a time to live. Concurrent look-ups of one key share one load; a
 * load that fails serves the expired answer when there is one (a carrier down for a minute does not
 * empty the checkout), else rethrows.
 */
export function answerCache<V>({ max, ttlMs, now }: { max: number; ttlMs: number; now?: () => number }) {
  const cache = new LRUCache<string, { value: V }, () => Promise<V>>({
    max,
    ttl: ttlMs,
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    allowStale: false,
    allowStaleOnFetchRejection: true,
    noDeleteOnStaleGet: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      let failure: unknown = null;
      const recorded = () =>
        load().catch((error: unknown) => {
          failure = error;
          throw error;
        });
      const hit = await cache.fetch(key, { context: recorded });
      // Without a kept answer a failed load comes back empty: its own error is the answer.
      if (!hit) throw failure ?? new Error(`no answer for ${key}`);
      return hit.value;
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
