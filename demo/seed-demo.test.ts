import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveAudience } from '../core/catalogue/audience.rules.ts';
import { createSettingsService } from '../core/content/settings.service.ts';
import {
  categories,
  collectionGroups,
  looks,
  productGroups,
  productPhotos,
  variantProducts,
} from '../core/db/schema/index.ts';
import { createTestDatabase, engines, type TestDatabase } from '../tests/setup/test-database.ts';
import { demoArticles } from './demo-catalogue.ts';
import { renderGarmentSvg } from './garment-art.ts';
import { ean13, isDatabaseEmpty, seedDemo } from './seed-demo.ts';

describe('ean13', () => {
  it('appends the check digit', () => {
    expect(ean13('400638133393')).toBe('4006381333931');
    expect(ean13('460123456789')).toBe('4601234567893');
  });
});

describe('the demo garment art', () => {
  it('draws every garment kind as an SVG that renders to a non-blank picture', async () => {
    const kinds = [...new Set(demoArticles.map((a) => a.kind))];
    for (const kind of kinds) {
      const png = await sharp(Buffer.from(renderGarmentSvg(kind, '#8a3b2e', 'front')))
        .resize(60, 75)
        .raw()
        .toBuffer();
      // The garment's colour must appear somewhere: not just background.
      let reddish = 0;
      for (let i = 0; i < png.length; i += 3) if ((png[i] ?? 0) > (png[i + 2] ?? 0) + 40) reddish++;
      expect(reddish, kind).toBeGreaterThan(30);
    }
  });
});

describe.each(engines)('the demo seed on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-'));
    await seedDemo(database.db, { mediaDir, renderPhotos: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('looks like a brand: 8+ top categories with subcategories, 80+ groups, 3 collections', async () => {
    const db = database.db;
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await db.$count(categories, isNull(categories.parentSlug))).toBeGreaterThanOrEqual(8);
    const tops = await db.select().from(categories).where(isNull(categories.parentSlug));
    for (const top of tops) {
      expect(await db.$count(categories, eq(categories.parentSlug, top.slug)), top.slug).toBeGreaterThan(0);
    }
    expect(await db.$count(productGroups)).toBeGreaterThanOrEqual(80);
    const perCollection = await db
      .select({ slug: collectionGroups.collectionSlug, n: sql<number>`count(*)::int` })
      .from(collectionGroups)
      .groupBy(collectionGroups.collectionSlug);
    expect(perCollection).toHaveLength(3);
    for (const c of perCollection) expect(c.n).toBeGreaterThan(3);
  });

  it('names every group in Russian and English with a description, 2+ photos each', async () => {
    const groups = await database.db.select().from(productGroups);
    for (const g of groups) {
      expect(g.name.ru && g.name.en && g.description.ru && g.description.en, g.id).toBeTruthy();
    }
    const photos = await database.db
      .select({ groupId: productPhotos.groupId, n: sql<number>`count(*)::int` })
      .from(productPhotos)
      .groupBy(productPhotos.groupId);
    expect(photos).toHaveLength(groups.length);
    for (const p of photos) expect(p.n).toBeGreaterThanOrEqual(2);
  });

  it('gives every product an HS code and a country of manufacture through its categories, so a parcel abroad can be declared', async () => {
    const cats = await database.db.select().from(categories);
    const chain = (slug: string | null): (typeof cats)[number][] => {
      const c = cats.find((x) => x.slug === slug);
      return c ? [c, ...chain(c.parentSlug)] : [];
    };
    const groups = await database.db.select().from(productGroups);
    for (const g of groups) {
      const up = chain(g.categorySlug);
      expect(g.hsCode ?? up.find((c) => c.hsCode)?.hsCode, g.art).toMatch(/^\d{6,10}$/);
      expect(g.originCountry ?? up.find((c) => c.originCountry)?.originCountry, g.art).toBe('RU');
    }
  });

  it("says who each product is for as the feeds need: women's by their category, men's by the article", async () => {
    const cats = await database.db.select().from(categories);
    const chain = (slug: string | null): (typeof cats)[number][] => {
      const c = cats.find((x) => x.slug === slug);
      return c ? [c, ...chain(c.parentSlug)] : [];
    };
    const groups = await database.db.select().from(productGroups);
    const genderOf = (art: string) => {
      const g = groups.find((x) => x.art === art);
      if (!g) throw new Error(`no group of ${art}`);
      return effectiveAudience(g, chain(g.categorySlug));
    };
    expect(genderOf('DR-1042')).toEqual({ ageGroup: 'adult', gender: 'female' });
    expect(genderOf('SK-7010').gender).toBe('female');
    expect(genderOf('CT-2010').gender).toBe('female');
    expect(genderOf('SN-8110').gender).toBe('unisex');
    expect(genderOf('SC-9110').gender).toBe('unisex');
    for (const g of groups.filter((x) => x.name.ru.startsWith('Мужск')))
      expect(genderOf(g.art).gender, g.art).toBe('male');
    expect(groups.filter((x) => x.name.ru.startsWith('Мужск')).length).toBeGreaterThanOrEqual(7);
  });

  it('has every stock state the storefront shows', async () => {
    const db = database.db;
    const count = (where: ReturnType<typeof sql>) => db.$count(variantProducts, where);
    expect(await count(sql`stock between 1 and 2`)).toBeGreaterThan(0);
    expect(await count(sql`stock = 0 and not preorder`)).toBeGreaterThan(0);
    expect(await count(sql`stock = 0 and preorder`)).toBeGreaterThan(0);
    expect(await count(sql`notification`)).toBeGreaterThan(0);
    expect(await count(sql`size = ''`)).toBeGreaterThan(0); // one-size accessories
    expect(await count(sql`size in ('XS', 'M')`)).toBeGreaterThan(0);
    expect(await count(sql`size in ('44', '38')`)).toBeGreaterThan(0);
    expect(await db.$count(productGroups, sql`old_price is not null`)).toBeGreaterThan(0);
    expect(await db.$count(productGroups, sql`is_new`)).toBeGreaterThan(0);
    expect(await db.$count(productGroups, sql`is_bestseller`)).toBeGreaterThan(0);
  });

  it('stores settings that pass their schemas, with the Moscow delivery prices', async () => {
    const settings = await createSettingsService({
      db: database.db,
      clock: () => new Date(),
    }).getShopSettings();
    expect(settings.ui.moscowTryDeliveryPrice).toBeGreaterThan(0);
    expect(settings.ui.deliveryTexts.moscow.title.ru).toBeTruthy();
    expect(settings.contacts.phone).toMatch(/\+7/);
    const tops = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(isNull(categories.parentSlug));
    expect(tops.length).toBeGreaterThan(0);
  });
  it('shows the looks page: two looks of published groups, linked from the header and the global menu', async () => {
    const rows = await database.db.select().from(looks);
    expect(rows).toHaveLength(2);
    const published = new Set(
      (
        await database.db
          .select({ id: productGroups.id })
          .from(productGroups)
          .where(eq(productGroups.published, true))
      ).map((g) => g.id),
    );
    for (const look of rows) {
      expect(look.src, look.id).toMatch(/^\/media\/looks\/[a-z0-9-]+-960\.webp$/);
      expect(look.tags.length, look.id).toBeGreaterThanOrEqual(2);
      for (const tag of look.tags) {
        expect(published.has(tag.productID), tag.productID).toBe(true);
        expect(tag.left >= 0 && tag.left <= 100 && tag.top >= 0 && tag.top <= 100, tag.productID).toBe(true);
        // Named in both editions: the English one shows the English name.
        expect(tag.name && tag.nameEn, tag.productID).toBeTruthy();
      }
    }
    const settings = await createSettingsService({
      db: database.db,
      clock: () => new Date(),
    }).getShopSettings();
    expect(settings.ui.header.menu.map((item) => item.path)).toContain('/looks');
    expect(settings.ui.global.menu.categoriesPrefix.map((item) => item.path)).toContain('/looks');
  });
});
