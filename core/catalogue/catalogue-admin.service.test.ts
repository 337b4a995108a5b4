import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { insertStaff } from '../../tests/factories/staff.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../tests/setup/test-database.ts';
import type { Actor } from '../audit/audit.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { cacheTags, createReadCache } from '../cache/read-cache.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { createCatalogueAdminService } from './catalogue-admin.service.ts';

describe.each(engines)('catalogue back office and the storefront caches on %s', (engine) => {
  let database: TestDatabase;
  let actor: Actor;
  let category: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    category = (await insertCategory(database.db)).slug;
    const staff = await insertStaff(database.db, { role: 'editor' });
    actor = { userId: staff.userId, email: staff.email, role: 'editor', ip: '127.0.0.1' };
  });
  afterAll(async () => {
    await database.destroy();
  });

  const setup = () => {
    const cache = createReadCache({ enabled: true });
    let searchDrops = 0;
    const admin = createCatalogueAdminService({
      db: database.db,
      audit: createAuditService({ db: database.db }),
      clock: () => new Date('2026-11-20T09:00:00Z'),
      cache,
      onCatalogueChange: () => {
        searchDrops += 1;
      },
    });
    return {
      cache,
      admin,
      shop: createCatalogueService({ db: database.db, cache }),
      drops: () => searchDrops,
    };
  };

  it('a price change shows on the cached product page at once, drops its rendered pages and the search index', async () => {
    const { cache, admin, shop, drops } = setup();
    const g = await insertProductGroup(database.db, { categorySlug: category, price: 5_000_00 });
    expect((await shop.getProductPage(g.id))?.price).toBe(5_000_00);
    const rendered = cache.version();
    const record = await admin.getProduct(g.id, 'ru');
    const { product, variants } = record;
    await admin.updateProduct(
      g.id,
      {
        version: product.version,
        art: product.art,
        name: product.name,
        description: product.description,
        composition: product.composition,
        care: product.care,
        categorySlug: product.categorySlug,
        collectionSlugs: product.collectionSlugs,
        isNew: product.isNew,
        isBestseller: product.isBestseller,
        price: 4_200_00,
        oldPrice: 5_000_00,
        colorName: product.colorName,
        colorHex: product.colorHex,
        sizeTableId: product.sizeTableId,
        ageGroup: product.ageGroup,
        gender: product.gender,
        vatRate: product.vatRate,
        published: true,
        variants: variants.map((v) => ({ ...v })),
      },
      actor,
      'ru',
    );
    expect(cache.isFresh([cacheTags.group(g.id)], rendered)).toBe(false);
    expect(cache.isFresh([cacheTags.listings], rendered)).toBe(false);
    expect((await shop.getProductPage(g.id))?.price).toBe(4_200_00);
    expect(drops()).toBe(1);
  });

  it('a stock change from zero makes the listing entry stale; hiding takes the page off the shop', async () => {
    const { cache, admin, shop } = setup();
    const g = await insertProductGroup(database.db, { categorySlug: category }, [{ size: 'S', stock: 0 }]);
    expect((await shop.getProductPage(g.id))?.id).toBe(g.id);
    const before = cache.version();
    await admin.setStock(`${g.id}-S`, { stock: 2, was: 0 }, actor, 'ru');
    expect(cache.isFresh([cacheTags.listings], before)).toBe(false);
    await admin.setPublished(g.id, { version: 1, published: false }, actor, 'ru');
    expect(await shop.getProductPage(g.id)).toBeNull();
  });
});
