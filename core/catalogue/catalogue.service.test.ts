import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import { productGroups } from '../db/schema/index.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { parseListingQuery } from './listing.rules.ts';

describe.each(engines)('the catalogue service on %s', (engine) => {
  let database: TestDatabase;
  // The categories every test files its groups under: each test adds the rows it reads, so any one
  // of them runs alone (`-t`) as well as in order.
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertCategory(database.db, { slug: 'outerwear', position: 2 });
    await insertCategory(database.db, { slug: 'dresses', position: 1 });
    await insertCategory(database.db, { slug: 'dresses-midi', parentSlug: 'dresses', position: 0 });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists top categories in their order, without subcategories', async () => {
    const service = createCatalogueService({ db: database.db });
    expect((await service.listTopCategories()).map((c) => c.slug)).toEqual(['dresses', 'outerwear']);
  });

  it('builds cards in the requested order with photos and availability', async () => {
    const db = database.db;
    const a = await insertProductGroup(db, { categorySlug: 'dresses-midi', isNew: true }, [
      { size: 'S', stock: 0 },
    ]);
    const b = await insertProductGroup(db, { categorySlug: 'dresses-midi' }, [
      { size: 'M', stock: 0, preorder: true },
    ]);
    const service = createCatalogueService({ db });
    const cards = await service.cardsByIds([b.id, 'missing', a.id]);
    expect(cards.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(cards[0]?.available).toBe(true); // pre-order counts as available
    expect(cards[1]?.available).toBe(false);
    expect(cards[1]?.photos).toEqual([`products/${a.id}-front`, `products/${a.id}-back`]);
  });

  it('fills the home page: new arrivals, bestsellers and a cover per top category', async () => {
    const db = database.db;
    // A top category's cover comes from its subcategories' groups too.
    await insertProductGroup(db, { categorySlug: 'dresses-midi' });
    const best = await insertProductGroup(db, { categorySlug: 'outerwear', isBestseller: true });
    const hidden = await insertProductGroup(db, { categorySlug: 'outerwear', isNew: true, published: false });
    const service = createCatalogueService({ db });
    const home = await service.getHomeContent(8);
    expect(home.bestsellers.map((c) => c.id)).toEqual([best.id]);
    expect(home.newArrivals.map((c) => c.id)).not.toContain(hidden.id);
    expect(home.categories.find((c) => c.slug === 'outerwear')?.coverSrc).toBe(`products/${best.id}-front`);
    expect(home.categories.find((c) => c.slug === 'dresses')?.coverSrc).toMatch(
      /^products\/product-\d+-front$/,
    );
  });

  it('refuses a negative stock at the database level', async () => {
    const db = database.db;
    await expect(
      insertProductGroup(db, { categorySlug: 'outerwear' }, [{ size: 'S', stock: -1 }]),
    ).rejects.toThrow();
    // The group row went in before the failing variant; the check protected the stock column.
    expect(await db.$count(productGroups)).toBeGreaterThan(0);
  });

  it('offers the sizes of the published groups in scope and the other filters, and the chosen ones', async () => {
    const db = database.db;
    await insertCategory(db, { slug: 'shoes', position: 3 });
    await insertProductGroup(db, { categorySlug: 'shoes' }, [
      { size: '38', stock: 2 },
      { size: '39', stock: 0 },
    ]);
    await insertProductGroup(db, { categorySlug: 'shoes', published: false }, [{ size: '41', stock: 5 }]);
    await insertProductGroup(db, { categorySlug: 'shoes', oldPrice: 99_900_00 }, [{ size: '40', stock: 0 }]);
    await insertProductGroup(db, { categorySlug: 'dresses-midi' }, [
      { size: 'XS', stock: 1 },
      { size: '', stock: 1 },
    ]);
    const service = createCatalogueService({ db });
    const query = (qs: string) => parseListingQuery(new URLSearchParams(qs));
    const shoes = (qs: string) => service.listGroups({ kind: 'category', slug: 'shoes' }, query(qs));
    // A hidden group's size is not on offer; a size the scope has is, whatever the chosen sizes.
    expect((await shoes('size=38')).sizeOptions).toEqual(['38', '39', '40']);
    // In stock only: the sizes on sale, and a chosen sold-out size stays to be unchosen.
    expect((await shoes('avail=1')).sizeOptions).toEqual(['38']);
    const chosen = await shoes('size=39&avail=1');
    expect(chosen.total).toBe(0);
    expect(chosen.sizeOptions).toEqual(['38', '39']);
    const dresses = await service.listGroups({ kind: 'category', slug: 'dresses' }, query(''));
    expect(dresses.sizeOptions).toContain('XS');
    expect(dresses.sizeOptions).not.toContain('38');
    expect(dresses.sizeOptions).not.toContain('');
    const all = await service.listGroups({ kind: 'all' }, query(''));
    expect(all.sizeOptions).toEqual(expect.arrayContaining(['XS', '38', '39', '40']));
    expect(all.sizeOptions).not.toContain('41');
    // On sale only: the discounted groups' sizes.
    expect((await service.listGroups({ kind: 'all' }, query('sale=1'))).sizeOptions).toEqual(['40']);
  });
});
