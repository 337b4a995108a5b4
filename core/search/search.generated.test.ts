import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGenerated } from '../../bench/catalogue-data.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { createSearchService, type SearchService } from './search.service.ts';

/**
 * Issue 21 over a generated catalogue (bench/catalogue-data.ts: `gen-<i>` is kind i % 8, material
 * ⌊i / 8⌋ % 6, colour ⌊i / 240⌋ % 5): the expected hits are known by arithmetic.
 */
const COUNT = 1_200;
const kind = (i: number) => i % 8; // 0 платье, 1 пальто, 3 рубашка, 5 юбка
const material = (i: number) => Math.floor(i / 8) % 6; // 0 лён, 1 шерсть, 4 шёлк
const colour = (i: number) => Math.floor(i / 240) % 5; // 2 молочный
const gen = (id: string) => (id.startsWith('gen-') ? Number(id.slice(4)) : null);

describe.each(engines)('search over a generated catalogue on %s', (engine) => {
  let database: TestDatabase;
  let search: SearchService;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemo(database.db, {
      mediaDir: path.join(os.tmpdir(), 'search-gen-media'),
      renderPhotos: false,
    });
    await addGenerated(database.db, COUNT);
    search = createSearchService({ db: database.db, clock: () => new Date() });
  }, 180_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const products = async (q: string) =>
    (await search.search(q, 'ru', 200)).filter((r) => r.view === 'product').map((r) => r._id);
  const all = Array.from({ length: COUNT }, (_, i) => i);

  /** The generated goods with every word come before any other generated one, and all of them are found. */
  async function expectAllWordsFirst(q: string, expected: number[]) {
    const list = await products(q);
    const generated = list.map(gen).filter((i) => i !== null);
    const head = generated.slice(0, expected.length);
    expect(new Set(head), q).toEqual(new Set(expected));
  }

  it('льняное платье: every generated linen dress first', async () => {
    await expectAllWordsFirst(
      'льняное платье',
      all.filter((i) => kind(i) === 0 && material(i) === 0),
    );
  });

  it('шерстяное пальто: every generated wool coat first', async () => {
    await expectAllWordsFirst(
      'шерстяное пальто',
      all.filter((i) => kind(i) === 1 && material(i) === 1),
    );
  });

  it('белая рубашка: every generated milk-coloured shirt first', async () => {
    await expectAllWordsFirst(
      'белая рубашка',
      all.filter((i) => kind(i) === 3 && colour(i) === 2),
    );
  });

  it('шёлковая юбка and its wrong layout: every generated silk skirt first', async () => {
    const expected = all.filter((i) => kind(i) === 5 && material(i) === 4);
    await expectAllWordsFirst('шёлковая юбка', expected);
    await expectAllWordsFirst('itkrjdfz .,rf', expected);
  });

  it('лён finds the generated linen goods, and no other generated goods', async () => {
    const list = (await products('лён')).map(gen).filter((i) => i !== null);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => material(i) === 0)).toBe(true);
  });
});
