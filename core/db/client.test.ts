import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/setup/test-database.ts';
import { openDatabase } from './client.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('starts, and starts again, with the small shop’s memory settings (docs/decisions/0038-embedded-memory.md)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
    folders.push(folder);
    const config = { kind: 'pglite', dataDir: path.join(folder, 'pglite') } as const;
    for (const _ of ['initdb', 'reopen']) {
      const database = await openDatabase(config);
      try {
        const rows = (await database.db.execute(
          sql`select name, current_setting(name) as setting from pg_settings
              where name in ('shared_buffers', 'maintenance_work_mem', 'work_mem') order by name`,
        )) as unknown as { rows: { name: string; setting: string }[] };
        expect(Object.fromEntries(rows.rows.map((r) => [r.name, r.setting]))).toEqual({
          maintenance_work_mem: '16MB',
          shared_buffers: '16MB',
          work_mem: '4MB',
        });
        // Migrated, and a sort bigger than the buffers still runs.
        const sorted = (await database.db.execute(
          sql`select n from generate_series(1, 200000) n order by md5(n::text) limit 1`,
        )) as unknown as { rows: { n: number }[] };
        expect(sorted.rows).toHaveLength(1);
      } finally {
        await database.close();
      }
    }
  });
});

describe('the embedded database beside other requests', () => {
  it('lets the event loop run between the queries of a transaction (issue 37)', async () => {
    const database = await createTestDatabase('pglite');
    try {
      // Another request's work, queued as a socket's read is: it runs only when the loop turns.
      let turns = 0;
      let spinning = true;
      const spin = () => {
        turns += 1;
        if (spinning) setImmediate(spin);
      };
      setImmediate(spin);
      const before = turns;
      const seen: number[] = [];
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) {
          await tx.execute(sql`select ${i}::int as n`);
          seen.push(turns);
        }
      });
      spinning = false;
      // Each query waited for a turn of the loop: the other work advanced between every two.
      expect(seen[0]).toBeGreaterThan(before);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
    } finally {
      await database.destroy();
    }
  });
});
