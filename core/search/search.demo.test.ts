import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import type { SearchResult } from './search.schemas.ts';
import { createSearchService, type SearchService } from './search.service.ts';

/**
 * Issue 21: ordinary Russian queries over the demo catalogue (demo/demo-catalogue.ts) find
 * the goods that match, all words first, then the best partial matches.
 */
describe.each(engines)('search over the demo catalogue on %s', (engine) => {
  let database: TestDatabase;
  let search: SearchService;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemo(database.db, {
      mediaDir: path.join(os.tmpdir(), 'search-demo-media'),
      renderPhotos: false,
    });
    search = createSearchService({ db: database.db, clock: () => new Date() });
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const products = async (q: string, locale: 'ru' | 'en' = 'ru') =>
    (await search.search(q, locale)).filter((r) => r.view === 'product');
  const ids = async (q: string) => (await products(q)).map((r) => r._id);
  /** The articles (ids without their colour) of the first `n` product hits. */
  const firstArticles = async (q: string, n: number) =>
    new Set((await ids(q)).slice(0, n).map((id) => id.replace(/-[a-z]+$/, '')));

  it('лён, лен and льняное reach every linen article by name and by composition', async () => {
    const linen = [
      'linen-shirt-dress',
      'men-s-linen-shirt',
      'linen-maxi-skirt',
      'linen-camisole-top',
      'linen-drawstring-trousers',
      'men-s-linen-blazer',
    ];
    for (const q of ['лён', 'лен', 'льняной', 'льна']) {
      const found = new Set((await ids(q)).map((id) => id.replace(/-[a-z]+$/, '')));
      for (const article of linen) expect(found, `${q} → ${article}`).toContain(article);
    }
    // Nothing unrelated: every hit is linen.
    expect((await ids('лен')).every((id) => linen.some((a) => id.startsWith(a)))).toBe(true);
  });

  it('льняное платье: the linen dress in all its colours comes first, then other dresses and linen', async () => {
    const list = await ids('льняное платье');
    expect(list.slice(0, 3).sort()).toEqual([
      'linen-shirt-dress-milk',
      'linen-shirt-dress-olive',
      'linen-shirt-dress-sand',
    ]);
    // The partial matches follow: other dresses and other linen goods.
    expect(list).toContain('rib-knit-midi-dress-graphite');
    expect(list).toContain('linen-maxi-skirt-sand');
  });

  it('шерстяной finds the wool goods; шерстяное пальто puts the wool coats first', async () => {
    const wool = await ids('шерстяной');
    expect(wool).toContain('wool-wrap-coat-camel');
    expect(wool).toContain('wide-leg-wool-trousers-black');
    expect(wool).toContain('men-s-double-breasted-coat-navy'); // 90% шерсть in its composition
    expect(wool).not.toContain('linen-shirt-dress-sand');
    expect(await firstArticles('шерстяное пальто', 4)).toEqual(
      new Set(['wool-wrap-coat', 'men-s-double-breasted-coat']),
    );
  });

  it('белая рубашка: white is a colour family (молочный, экрю) and shirts come first', async () => {
    const hits = await products('белая рубашка');
    const top = hits.slice(0, 3);
    for (const hit of top) {
      expect(['Молочный', 'Экрю']).toContain(hit.colour);
      expect(hit.name.toLowerCase()).toMatch(/рубашк|блуз/);
    }
    expect(hits.map((h) => h._id)).toContain('oversized-poplin-shirt-milk');
    expect(hits.map((h) => h._id)).toContain('men-s-linen-shirt-ecru');
  });

  it('сатиновая юбка finds the satin skirt first, then other satin and other skirts', async () => {
    const list = await ids('сатиновая юбка');
    expect(list[0]).toMatch(/^satin-slip-skirt-/);
    expect(list[1]).toMatch(/^satin-slip-skirt-/);
    expect(list).toContain('satin-slip-maxi-dress-black');
    expect(list).toContain('pleated-midi-skirt-graphite');
  });

  it('пальто женское finds the coats and leaves out the men’s', async () => {
    const list = await ids('пальто женское');
    expect(list.slice(0, 3).every((id) => id.startsWith('wool-wrap-coat-'))).toBe(true);
    expect(list.some((id) => id.startsWith('men-s-'))).toBe(false);
    // Without the word the men's coat is there.
    expect(await ids('пальто')).toContain('men-s-double-breasted-coat-navy');
  });

  it('платье в цветочек falls back to the dresses (no floral goods in the demo)', async () => {
    const results = await search.search('платье в цветочек', 'ru');
    expect(results.find((r) => r.view === 'category')?._id).toMatch(/^dresses/);
    const list = results.filter((r) => r.view === 'product').map((r) => r._id);
    expect(list.length).toBeGreaterThan(5);
    expect(list.slice(0, 5).every((id) => /dress/.test(id))).toBe(true);
  });

  it('tells siblings apart by colour, in the edition’s language', async () => {
    const ru = (await products('платье-рубашка')).filter((r) => r._id.startsWith('linen-shirt-dress-'));
    expect(ru.map((r) => r.colour).sort()).toEqual(['Молочный', 'Оливковый', 'Песочный']);
    const en = (await products('linen shirt dress', 'en')).filter((r: SearchResult) =>
      r._id.startsWith('linen-shirt-dress-'),
    );
    expect(en.map((r) => r.colour).sort()).toEqual(['Milk', 'Olive', 'Sand']);
  });

  it('keeps typos and the wrong keyboard layout: kmyzyjt gkfnmt, шерстянное', async () => {
    expect((await ids('kmyzyjt gkfnmt')).slice(0, 3).every((id) => id.startsWith('linen-shirt-dress-'))).toBe(
      true,
    );
    expect(await ids('шерстянное пальто')).toContain('wool-wrap-coat-camel');
    expect(await ids('cfnbyjdfz .,rf')).toEqual(await ids('сатиновая юбка'));
  });

  it('searches descriptions: карманы finds the dress with deep pockets', async () => {
    expect(await ids('карманы')).toContain('linen-shirt-dress-sand');
  });

  it('offers popular queries for an empty search, each finding something', async () => {
    const popular = await search.popular('ru');
    expect(popular.length).toBeGreaterThanOrEqual(3);
    for (const q of popular) expect((await search.search(q, 'ru')).length, q).toBeGreaterThan(0);
    expect((await search.popular('en')).every((q) => /^[a-z -]+$/.test(q))).toBe(true);
  });
});
