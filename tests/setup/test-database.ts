import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../core/db/client.ts';

export type Engine = 'pglite' | 'postgres';
/**
 * The prefix of the migrated templates each test file copies (one per Vitest project). TEST_TEMPLATE_DB
 * names another one, so that two checkouts can run their suites against one server at once without
 * dropping each other's templates.
 */
export const TEMPLATE_DB = (process.env.TEST_TEMPLATE_DB ?? 'shop_test_template').replace(/[^a-z0-9_]/g, '_');

/** Tests read the server's address here; the shop itself reads configuration only in core/config. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The migrated PGlite data folder that the run's global setup dumped (tests/setup/global-setup.ts),
 * read once per test file's process; each database loads a copy, so no file migrates its own.
 */
function template(): Promise<Blob> {
  pgliteTemplate ??= fs.promises.readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

export interface TestDatabase extends Database {
  /** Closes and, on the server, drops the file's database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty database of the given engine for one test file. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openPglite(await PGlite.create({ loadDataDir: await template() }));
    return { ...database, destroy: () => database.close() };
  }
  const url = testDatabaseUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), 4);
  return {
    ...database,
    async destroy() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(url) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
