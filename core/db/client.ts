import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/env.ts';
import { lockDataFolder } from './lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A Drizzle database on either engine; services take this and never know which. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction()` callback gets; services pass it to the steps that join their transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a cheap query; used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Deadlines of the PostgreSQL pool (see openPostgres). */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;
/** The health check answers a load balancer quickly, whatever the database does. */
const PING_TIMEOUT_MS = 3_000;

async function withDeadline(query: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Connection terminated: no answer in ${ms} ms`)), ms);
  });
  query.catch(() => {});
  try {
    await Promise.race([query, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Any number of instances may start at once against one server: migrations run under an advisory lock. */
const MIGRATION_LOCK_KEY = 727_001;

async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export async function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = () => {},
): Promise<Database> {
  await migratePostgres(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that stops answering (a partition, a hung server) fails requests with 503 in
    // seconds instead of holding them forever: connecting (or waiting for a free connection)
    // and each query have a deadline.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting outage.
  pool.on('error', onIdleError);
  // A connection that dies while checked out (inside a transaction) emits 'error' on its client,
  // where the pool listens only while it is idle: without a listener that event would crash the
  // process. The transaction's own query already receives the error, and the pool drops the
  // client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    ping: () => withDeadline(pool.query('select 1'), PING_TIMEOUT_MS),
    close: () => pool.end(),
  };
}

/** One turn of the event loop: what is waiting on sockets and timers runs before the next query. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The PGlite client as Drizzle uses it, each query taking its turn of the event loop first
 * (issue 37). PGlite runs in the shop's own thread and answers a query synchronously, so the
 * steps of a transaction followed one another as promise callbacks, which Node runs before it
 * reads any socket again: ten orders being placed kept a page-cache hit or a health check
 * waiting for whole transactions (listing answers fell from thousands a second to a few dozen).
 * With a turn before each query, the requests that need no database are answered between them.
 */
function turnTaking(client: PGlite): PGlite {
  type Queries = Pick<PGlite, 'query' | 'exec'>;
  const taking = <T extends Queries>(target: T): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver);
        if (name === 'query' || name === 'exec') {
          const run = value as (...args: unknown[]) => Promise<unknown>;
          return async (...args: unknown[]) => {
            await nextTurn();
            return run.apply(object, args);
          };
        }
        if (name === 'transaction') {
          const begin = value as PGlite['transaction'];
          return <R>(callback: Parameters<PGlite['transaction']>[0]) =>
            begin.call(object, (tx) => callback(taking(tx)) as Promise<R>);
        }
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return taking(client);
}

/** Wraps an open PGlite instance (a data folder, memory, or a clone in tests) and migrates it. */
export async function openPglite(client: PGlite, release: () => void = () => {}): Promise<Database> {
  const db = drizzlePglite(turnTaking(client), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PostgreSQL settings of the embedded database, sized for one small shop in one process
 * (docs/decisions/0038-embedded-memory.md). PGlite's memory is a WebAssembly heap that grows and
 * never shrinks, and initdb's defaults reserve 128 MB of shared buffers in it: 16 MB still holds
 * the demo's and a 20,000-product catalogue's hot pages.
 */
export const pgliteSettings = [
  'shared_buffers=16MB',
  // Index builds (migrations) and VACUUM: a peak here would stay in the heap for good.
  'maintenance_work_mem=16MB',
];

/** PGlite's own start parameters plus {@link pgliteSettings}. */
export const pgliteStartParams = [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((s) => ['-c', s])];

export async function openDatabase(
  config: Config['database'],
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url, config.poolSize, onIdleError);
  const release = lockDataFolder(config.dataDir);
  try {
    const client = await PGlite.create(config.dataDir, { startParams: pgliteStartParams });
    return await openPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
