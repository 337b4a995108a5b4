import pg from 'pg';
import { openPostgres } from '../../core/db/client.ts';
import { adminUrl, TEMPLATE_DB, testDatabaseUrl } from './test-database.ts';

/** With TEST_DATABASE_URL, migrates a template database once; each test file copies it. */
export default async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openPostgres(withDatabase(url, TEMPLATE_DB), 1);
  await template.close();
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
