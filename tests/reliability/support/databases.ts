import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, testDatabaseUrl } from '../../setup/test-database.ts';

/** An empty PostgreSQL database of its own (`rel_*`), dropped by `drop()`. The shop migrates it on start. */
export interface RelDatabase {
  name: string;
  url: string;
  /** A direct client pool for the test's own checks. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createRelDatabase(): Promise<RelDatabase> {
  const base = testDatabaseUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rel_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => {});
      const dropper = new pg.Client({ connectionString: adminUrl(base) });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
