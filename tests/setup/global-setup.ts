import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../core/db/client.ts';
import { adminUrl, TEMPLATE_DB, testDatabaseUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder as an uncompressed tar file; each test file loads a copy. */
    pgliteTemplate: string;
    /** The project's migrated template database on the server, with TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Migrates the test templates once per run: a PGlite data folder dumped to a file, which every
 * test file loads instead of migrating its own (a file runs in a fresh process), and, with
 * TEST_DATABASE_URL, a template database on the server that each file copies.
 */
export default async function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const client = new PGlite();
  const database = await openPglite(client);
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  // Each project of each run has its own template on the server, so no setup ever drops a template
  // that another project's or another run's files are copying; teardown drops it.
  const templateDb = `${TEMPLATE_DB}_${project.name.replace(/[^a-z0-9_]/g, '_')}_${process.pid}`;
  project.provide('postgresTemplate', templateDb);
  const url = testDatabaseUrl();
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${templateDb} with (force)`);
      await admin.query(`create database ${templateDb}`);
    } finally {
      await admin.end();
    }
    const template = await openPostgres(withDatabase(url, templateDb), 1);
    await template.close();
  }
  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (!url) return;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb} with (force)`).finally(() => admin.end());
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
