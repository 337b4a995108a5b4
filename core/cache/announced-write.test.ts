import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type Engine,
  engines,
  type TestDatabase,
} from '../../tests/setup/test-database.ts';
import { announcedWrite } from './announced-write.ts';
import { createReadCache } from './read-cache.ts';

describe.each(engines)('a write announced to the read cache on %s', (engine: Engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
    await database.db.execute(sql`insert into notes values (1, 'first')`);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const read = async () => {
    const result = (await database.db.execute(sql`select body from notes where id = 1`)) as {
      rows: { body: string }[];
    };
    return result.rows[0]?.body;
  };

  it('forgets the tags the work added, and the ones given before, once the transaction committed', async () => {
    const cache = createReadCache({ enabled: true });
    expect(await cache.get('note', ['notes'], read)).toBe('first');
    expect(await cache.get('other', ['others'], async () => 'kept')).toBe('kept');
    const value = await announcedWrite(database.db, cache, async (tx, tags) => {
      await tx.execute(sql`update notes set body = 'second' where id = 1`);
      // Not yet committed: this instance still serves what it held.
      expect(await cache.get('note', ['notes'], read)).toBe('first');
      tags.add('notes');
      return 'done';
    });
    expect(value).toBe('done');
    expect(await cache.get('note', ['notes'], read)).toBe('second');
    expect(await cache.get('other', ['others'], async () => 'reloaded')).toBe('kept');
    await announcedWrite(
      database.db,
      cache,
      (tx) => tx.execute(sql`update notes set body = 'third' where id = 1`),
      ['notes'],
    );
    expect(await cache.get('note', ['notes'], read)).toBe('third');
  });

  it('a transaction that throws changes nothing and forgets nothing', async () => {
    const cache = createReadCache({ enabled: true });
    expect(await cache.get('note', ['notes'], read)).toBe('third');
    await expect(
      announcedWrite(database.db, cache, async (tx, tags) => {
        await tx.execute(sql`update notes set body = 'lost' where id = 1`);
        tags.add('notes');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await read()).toBe('third');
    expect(cache.size()).toBe(1);
  });
});
