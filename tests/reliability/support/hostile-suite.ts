import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../../../core/db/client.ts';
import type { TestApp } from '../../setup/test-app.ts';
import { anyJson, defaultHints, fromJsonSchema, type Hints, jsonSchemaOf, toQuery } from './hostile.ts';

/** One API endpoint and the schemas of its inputs (from server/routes/*.ts). */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  /** With `:name` path parameters, filled from `params`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Extra request headers and their values (e.g. Idempotency-Key). */
  headers?: Record<string, fc.Arbitrary<string>>;
}

/** Rows a refused request must never add, remove or change (orders, users, subscriptions ...). */
const GUARDED_TABLES = [
  'orders',
  'order_lines',
  'order_events',
  'idempotency_keys',
  'payment_notifications',
  'sandbox_payments',
  'cart_reminders',
  'users',
  'sessions',
  'user_addresses',
  'user_carts',
  'restock_subscriptions',
  'newsletter_subscriptions',
  'crm_requests',
  'outbox',
  'returns',
  'return_lines',
];

/** What `execute` gives on both engines. */
type Rows = { rows: unknown[] };

/** One query that summarises the guarded state: row counts, total stock and promo-code use. */
export async function stateProbe(db: Db): Promise<() => Promise<string>> {
  const existing = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as Rows;
  const names = new Set((existing.rows as { table_name: string }[]).map((r) => r.table_name));
  const parts = GUARDED_TABLES.filter((t) => names.has(t)).map((t) => `(select count(*) from "${t}")`);
  parts.push('(select coalesce(sum(stock), 0) from variant_products)');
  if (names.has('promo_codes')) parts.push('(select coalesce(sum(used_count), 0) from promo_codes)');
  const query = sql.raw(`select concat_ws(',', ${parts.join(', ')}) as state`);
  return async () => {
    const result = (await db.execute(query)) as unknown as Rows;
    return String((result.rows as { state: string }[])[0]?.state);
  };
}

/** The next transaction id: it moves whenever anything at all is written. */
async function writeMark(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
  )) as unknown as Rows;
  return String((result.rows as { x: string }[])[0]?.x);
}

const languages = fc.constantFrom('ru', 'en', 'en-US,en;q=0.9', '', 'xx', '*', 'ru;q=abc');

/** Cookies the routes read (cart, viewed, orders, session), holding anything. */
const cookies = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(fc.constantFrom('cart', 'viewed', 'shi-orders', 'shi_token', 'shi-city', 'x'), anyJson)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value) ?? '')}`),
  fc.string({ maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, '')),
);

function fillPath(path: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x');
    // A lone surrogate cannot be percent-encoded: send its replacement character instead.
    return encodeURIComponent(text.toWellFormed() || 'x');
  });
}

/** A case for messages, with long values cut. */
export function show(c: HostileCase): string {
  return JSON.stringify(c, (_, v) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}… (${v.length} chars)` : v,
  );
}

export interface HostileCase {
  url: string;
  method: Endpoint['method'];
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

/** Requests for an endpoint: inputs derived from its zod schemas, and hostile headers, cookies and bodies. */
export function requestsFor(endpoint: Endpoint, hints: Hints = defaultHints): fc.Arbitrary<HostileCase> {
  const of = (schema: z.ZodType | undefined) =>
    schema ? fromJsonSchema(jsonSchemaOf(schema), hints) : anyJson;
  const rawBody = fc.oneof(
    {
      weight: 8,
      arbitrary: of(endpoint.body).map((v) => ({
        type: 'application/json',
        text: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 200 }),
          // Broken and extreme JSON: deep nesting, a huge number, duplicate keys, a BOM.
          fc.constantFrom(
            `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
            `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
            `[${'9'.repeat(5_000)}]`,
            '{"products":[],"products":"x"}',
            '\uFEFF{}',
            '{"a":1}{"b":2}',
          ),
        )
        .map((text) => ({ type: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/xml',
          ),
          fc.string({ maxLength: 200 }),
        )
        .map(([type, text]) => ({ type, text })),
    },
  );
  const extraHeaders = Object.entries(endpoint.headers ?? {});
  return fc
    .record({
      params: endpoint.params ? of(endpoint.params) : fc.constant({}),
      query: fc.oneof(
        { weight: 4, arbitrary: of(endpoint.query) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      body: rawBody,
      language: languages,
      cookie: cookies,
      bearer: fc.option(fc.string({ maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, ''))),
      extra: fc.tuple(...extraHeaders.map(([, arb]) => fc.option(arb))),
      ip: fc.ipV4(),
    })
    .map(({ params, query, body, language, cookie, bearer, extra, ip }) => {
      const headers: Record<string, string> = { 'accept-language': language };
      if (cookie) headers.cookie = cookie;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      extraHeaders.forEach(([name], i) => {
        const value = extra[i];
        if (typeof value === 'string') headers[name] = value.replace(/[\r\n]/g, '');
      });
      const qs = query === undefined ? '' : toQuery(query);
      const url = `${fillPath(endpoint.path, params)}${qs ? `?${qs}` : ''}`;
      const c: HostileCase =
        endpoint.method === 'GET'
          ? { url, method: endpoint.method, headers, remoteAddress: ip }
          : {
              url,
              method: endpoint.method,
              headers: { ...headers, 'content-type': body.type },
              payload: body.text,
              remoteAddress: ip,
            };
      // fast-check prints counterexamples with this: a 200 kB body stays readable.
      return Object.assign(c, { [fc.toStringMethod]: () => show(c) });
    });
}

/**
 * Sends `runs` generated requests to one endpoint through `app.inject`: none may answer 500 (or any
 * 5xx but a clear 503), none may pollute Object.prototype, and a refused one (4xx or 503) must
 * leave the guarded tables as they were.
 */
export async function assertNoHarm(t: TestApp, endpoint: Endpoint, runs: number, hints?: Hints) {
  const probe = await stateProbe(t.database.db);
  let state = await probe();
  let mark = await writeMark(t.database.db);
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requestsFor(endpoint, hints), async (c) => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: c.headers,
        payload: c.payload,
        remoteAddress: c.remoteAddress,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // A 503 is a clear, temporary refusal (a provider or the database unavailable); any other
      // 5xx is an unhandled failure.
      if (res.statusCode >= 500 && res.statusCode !== 503)
        throw new Error(`${res.statusCode} for ${show(c)}: ${res.body.slice(0, 500)}`);
      if (({} as Record<string, unknown>).polluted !== undefined)
        throw new Error(`prototype polluted by ${show(c)}`);
      const nextMark = await writeMark(t.database.db);
      if (nextMark !== mark) {
        mark = nextMark;
        const next = await probe();
        // A refusal (4xx, or a 503) leaves orders, users and subscriptions as they were.
        const before = state;
        state = next;
        if (res.statusCode >= 400 && next !== before) {
          throw new Error(`a ${res.statusCode} changed the database (${before} -> ${next}) for ${show(c)}`);
        }
        // The probe itself wrote nothing; re-read the mark after it anyway (background work).
        mark = await writeMark(t.database.db);
      }
    }),
    { numRuns: runs },
  );
  return statuses;
}
