import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { createSearchService, type SearchService } from './search.service.ts';

describe.each(engines)('catalogue search on %s', (engine) => {
  let database: TestDatabase;
  let search: SearchService;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    await insertCategory(db, { slug: 'dresses', name: { ru: 'Платья', en: 'Dresses' } });
    await insertCategory(db, {
      slug: 'dresses-midi',
      parentSlug: 'dresses',
      name: { ru: 'Миди', en: 'Midi' },
    });
    await insertCategory(db, { slug: 'coats', name: { ru: 'Пальто', en: 'Coats' } });
    await insertProductGroup(db, {
      id: 'linen-shirt-dress-sand',
      categorySlug: 'dresses-midi',
      name: { ru: 'Платье-рубашка из льна', en: 'Linen shirt dress' },
    });
    await insertProductGroup(db, {
      id: 'wool-coat-graphite',
      categorySlug: 'coats',
      name: { ru: 'Пальто из шерсти', en: 'Wool coat' },
      colorName: { ru: 'Графит', en: 'Graphite' },
    });
    search = createSearchService({ db, clock: () => new Date() });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const ids = async (q: string, locale: 'ru' | 'en' = 'ru') =>
    (await search.search(q, locale)).map((r) => r._id);

  it('finds by Russian morphology: платье finds Платья and the dress', async () => {
    const results = await search.search('платье', 'ru');
    expect(results[0]).toEqual({
      view: 'category',
      name: 'Платья',
      path: '/catalog/dresses',
      _id: 'dresses',
    });
    expect(results.map((r) => r._id)).toContain('linen-shirt-dress-sand');
    expect(results.map((r) => r._id)).not.toContain('wool-coat-graphite');
  });

  it('finds by English morphology with English names and /en paths', async () => {
    const results = await search.search('dresses', 'en');
    const dress = results.find((r) => r._id === 'linen-shirt-dress-sand');
    expect(dress).toMatchObject({
      view: 'product',
      name: 'Linen shirt dress',
      path: '/en/products/linen-shirt-dress-sand',
    });
    expect(dress?.photo).toBe('products/linen-shirt-dress-sand-front');
    expect(dress?.price).toBe(9_990_00);
  });

  it('tolerates a typo: плаье still finds dresses', async () => {
    expect(await ids('плаье')).toContain('linen-shirt-dress-sand');
  });

  it('reads the wrong keyboard layout: gkfnmt finds платье', async () => {
    expect(await ids('gkfnmt')).toContain('linen-shirt-dress-sand');
  });

  it('matches colour, prefix and several words together', async () => {
    expect(await ids('графит')).toEqual(['wool-coat-graphite']);
    expect(await ids('шерст')).toEqual(['wool-coat-graphite']);
    // No product has both words: the partial matches come, each word's best.
    expect(await ids('пальто лён')).toEqual(['coats', 'wool-coat-graphite', 'linen-shirt-dress-sand']);
    expect(await ids('пальто графит')).toEqual(['coats', 'wool-coat-graphite']);
  });

  it('answers empty and hostile queries with an empty list', async () => {
    expect(await ids('')).toEqual([]);
    expect(await ids('   ,.;')).toEqual([]);
    expect(await ids("'; drop table product_groups; --")).toEqual([]);
    expect(await ids('.*+?([{')).toEqual([]);
    expect(await ids('a'.repeat(100))).toEqual([]);
  });

  it('sees a new product after invalidate', async () => {
    await insertProductGroup(database.db, {
      id: 'silk-dress-black',
      categorySlug: 'dresses-midi',
      name: { ru: 'Шёлковое платье', en: 'Silk dress' },
    });
    expect(await ids('шелковое')).toEqual([]);
    search.invalidate();
    expect(await ids('шелковое')).toEqual(['silk-dress-black']);
  });

  it('answers a repeated query from memory until the index changes', async () => {
    const first = await ids('бархатное');
    await insertProductGroup(database.db, {
      id: 'velvet-dress-green',
      categorySlug: 'dresses-midi',
      name: { ru: 'Бархатное платье', en: 'Velvet dress' },
    });
    expect(await ids('бархатное')).toEqual(first);
    search.invalidate();
    expect(await ids('бархатное')).toEqual(['velvet-dress-green']);
    // Another spelling of the same query is the same question.
    expect(await ids('  Бархатное ')).toEqual(['velvet-dress-green']);
  });

  it('rebuilds a stale index only when the catalogue changed, and then sees the change', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    let builds = 0;
    const timed = createSearchService({
      db: database.db,
      clock: () => new Date(now),
      onBuilt: () => {
        builds += 1;
      },
    });
    const find = async (q: string) => (await timed.search(q, 'ru')).map((r) => r._id);
    expect(await find('пальто')).toContain('wool-coat-graphite');
    expect(builds).toBe(1);
    // A minute on with nothing changed: the database is asked, the index stays.
    now += 61_000;
    await find('платье');
    await find('льняное');
    expect(builds).toBe(1);
    // Stock running out changes a group's sizes on sale (kept on the group row), not what search shows.
    await database.db.execute(
      sql`update variant_products set stock = 0 where group_id = 'wool-coat-graphite'`,
    );
    now += 61_000;
    await find('платье');
    await timed.settled();
    expect(builds).toBe(1);
    // Another instance (no invalidate here) renames a product: seen after the next minute.
    await database.db.execute(
      sql`update product_groups set name = '{"ru":"Твидовое пальто","en":"Tweed coat"}'::jsonb where id = 'wool-coat-graphite'`,
    );
    expect(await find('твидовое')).toEqual([]);
    now += 61_000;
    expect(await find('твидовое')).toEqual([]); // served by the old index while the new one builds
    await timed.settled();
    expect(builds).toBe(2);
    expect(await find('твидовое')).toEqual(['wool-coat-graphite']);
  });
});
