import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { announceInvalidation, cacheTags } from '../core/cache/read-cache.ts';
import { bannerWidths, photoWidths } from '../core/catalogue/media.rules.ts';
import type { Db } from '../core/db/client.ts';
import {
  categories,
  collectionGroups,
  collections,
  customPages,
  looks,
  photoTags,
  productGroups,
  productPhotos,
  promoCodes,
  settings,
  sizeTables,
  variantProducts,
} from '../core/db/schema/index.ts';
import { loadSharp } from '../core/media/image-pipeline.ts';
import { demoArticles, demoCategories, demoCollections, demoColours } from './demo-catalogue.ts';
import type { DemoArticle, SizeScale } from './demo-data.types.ts';
import { demoLooks, lookStem } from './demo-looks.ts';
import { demoPages } from './demo-pages.ts';
import { demoContactsSettings, demoMainSettings, demoUiSettings } from './demo-settings.ts';
import { demoSizeTables } from './demo-size-tables.ts';
import { type GarmentView, renderBannerSvg, renderGarmentSvg, renderLookSvg } from './garment-art.ts';

const sizesByScale: Record<SizeScale, string[]> = {
  letter: ['XS', 'S', 'M', 'L', 'XL'],
  numeric: ['42', '44', '46', '48', '50'],
  shoes: ['36', '37', '38', '39', '40', '41'],
  'one-size': [''],
};

const sizeTableByScale: Record<SizeScale, string | null> = {
  letter: 'clothes-letter',
  numeric: 'clothes-numeric',
  shoes: 'shoes',
  'one-size': null,
};

/** Deterministic PRNG (mulberry32), so every seeded shop is the same. */
function prng(seedText: string): () => number {
  let a = 0;
  for (const ch of seedText) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** EAN-13 with its check digit. */
export function ean13(body12: string): string {
  const digits = body12.split('').map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface SeedOptions {
  mediaDir: string;
  log?: (message: string) => void;
  /** Tests of the data alone skip drawing the photos (the rows still name them). */
  renderPhotos?: boolean;
}

export interface PlannedGroup {
  id: string;
  article: DemoArticle;
  colourKey: string;
  position: number;
}

export function planGroups(): PlannedGroup[] {
  const planned: PlannedGroup[] = [];
  let position = 0;
  for (const article of demoArticles) {
    for (const colourKey of article.colours) {
      planned.push({
        id: slugify(`${article.name.en}-${colourKey}`),
        article,
        colourKey,
        position: position++,
      });
    }
  }
  return planned;
}

export const views: GarmentView[] = ['front', 'back', 'detail'];

/**
 * Writes `<file>-<width>.webp` for each width that is not there yet. The SVG is rasterised once,
 * straight at the largest width (`viewBoxWidth` sets the density), then scaled down.
 */
export async function writeRenditions(
  svg: string,
  file: string,
  widths: readonly number[],
  viewBoxWidth: number,
) {
  const missing: number[] = [];
  for (const w of widths) {
    try {
      await fs.access(`${file}-${w}.webp`);
    } catch {
      missing.push(w);
    }
  }
  if (missing.length === 0) return;
  const largest = Math.max(...missing);
  const sharp = await loadSharp();
  const rendered = await sharp(Buffer.from(svg), { density: (72 * largest) / viewBoxWidth })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = () => sharp(rendered.data, { raw: rendered.info });
  for (const w of missing) {
    const image = w === largest ? source() : source().resize(w);
    // Written aside and renamed: a crash or a reader never sees half a file under the real name.
    const part = `${file}-${w}.webp.${process.pid}.part`;
    await image.webp({ quality: 80, effort: 4 }).toFile(part);
    await fs.rename(part, `${file}-${w}.webp`);
  }
}

/** Runs `task` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await task(item);
      }
    }),
  );
}

/** One demo photo: its file stem under the media folder, its drawing and the widths stored. */
export interface DemoPhoto {
  stem: string;
  svg: () => string;
  widths: readonly number[];
  viewBoxWidth: number;
}

/** Every photo and banner the demo's rows name, drawn from `garment-art.ts`. */
export function demoPhotos(groups: PlannedGroup[] = planGroups()): DemoPhoto[] {
  const colourByKey = new Map(demoColours.map((c) => [c.key, c]));
  const photos: DemoPhoto[] = groups.flatMap((g) =>
    views.map((view) => ({
      stem: `products/${g.id}-${view}`,
      svg: () => renderGarmentSvg(g.article.kind, colourByKey.get(g.colourKey)?.hex ?? '#888888', view),
      widths: photoWidths,
      viewBoxWidth: 1200,
    })),
  );
  const palette = demoColours.map((c) => c.hex);
  const banners = ['hero', 'collection-1', 'collection-2', 'collection-3'] as const;
  for (const [i, b] of banners.entries()) {
    const shifted = [...palette.slice(i * 3), ...palette.slice(0, i * 3)];
    photos.push({
      stem: `banners/${b}`,
      svg: () => renderBannerSvg(b, shifted),
      widths: bannerWidths,
      viewBoxWidth: 1600,
    });
  }
  const byId = new Map(groups.map((g) => [g.id, g]));
  for (const look of demoLooks) {
    photos.push({
      stem: lookStem(look.id),
      svg: () =>
        renderLookSvg(
          look.pieces.flatMap((p) => {
            const g = byId.get(p.groupId);
            if (!g) return [];
            const hex = colourByKey.get(g.colourKey)?.hex ?? '#888888';
            return [{ kind: g.article.kind, hex, x: p.x, k: p.k, at: p.at }];
          }),
        ),
      widths: photoWidths,
      viewBoxWidth: 1200,
    });
  }
  return photos;
}

async function renderDemoPhotos(groups: PlannedGroup[], mediaDir: string, log: (message: string) => void) {
  const started = Date.now();
  await fs.mkdir(path.join(mediaDir, 'products'), { recursive: true });
  await fs.mkdir(path.join(mediaDir, 'banners'), { recursive: true });
  await fs.mkdir(path.join(mediaDir, 'looks'), { recursive: true });
  const jobs = demoPhotos(groups);
  let done = 0;
  await eachLimited(jobs, 2, async (photo) => {
    await writeRenditions(photo.svg(), path.join(mediaDir, photo.stem), photo.widths, photo.viewBoxWidth);
    done += 1;
    if (done % 50 === 0) log(`seed: ${done} of ${jobs.length} photos drawn`);
  });
  log(`seed: ${jobs.length} photos ready in ${Date.now() - started} ms`);
}

/** True when the database has no catalogue and no settings: a first start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await db.$count(settings)) + (await db.$count(categories)) === 0;
}

/** Removes the catalogue and content, keeping everything else (orders, users in later migrations). */
export async function clearCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate ${looks}, ${photoTags}, ${collectionGroups}, ${collections}, ${productPhotos}, ${variantProducts}, ${productGroups}, ${sizeTables}, ${categories}, ${customPages}, ${settings}, ${promoCodes} cascade`,
    );
    // Running shops on the same PostgreSQL drop their read caches when this commits.
    await announceInvalidation(tx, [cacheTags.all]);
  });
}

/**
 * Seeds the demo brand: categories, collections, ~90 product groups with variants and stock,
 * generated photos in `mediaDir`, size tables, settings and pages. Expects an empty catalogue.
 */
export async function seedDemo(
  db: Db,
  { mediaDir, log = () => {}, renderPhotos = true }: SeedOptions,
): Promise<{ groups: number }> {
  const started = Date.now();
  const groups = planGroups();
  const colourByKey = new Map(demoColours.map((c) => [c.key, c]));

  // Photos first: files are written idempotently, so a crash there leaves no half-seeded database.
  if (renderPhotos) await renderDemoPhotos(groups, mediaDir, log);

  let barcode = 0;
  await db.transaction(async (tx) => {
    await tx.insert(settings).values([
      { id: 'main', data: stripId(demoMainSettings) },
      { id: 'contacts', data: stripId(demoContactsSettings) },
      { id: 'ui', data: stripId(demoUiSettings) },
    ]);
    const ordered = [...demoCategories].sort(
      (a, b) => Number(a.parentSlug !== null) - Number(b.parentSlug !== null),
    );
    await tx.insert(categories).values(
      ordered.map((c) => ({
        slug: c.slug,
        parentSlug: c.parentSlug,
        name: c.name,
        position: c.position,
        gender: c.gender ?? null,
        hsCode: c.hsCode ?? null,
        originCountry: c.originCountry ?? null,
      })),
    );
    await tx.insert(sizeTables).values(demoSizeTables);

    const groupRows = groups.map((g, i) => {
      const colour = colourByKey.get(g.colourKey);
      if (!colour) throw new Error(`Unknown colour ${g.colourKey} in ${g.article.art}`);
      return {
        id: g.id,
        art: g.article.art,
        name: g.article.name,
        description: g.article.description,
        composition: g.article.composition,
        care: g.article.care,
        categorySlug: g.article.categorySlug,
        colorName: colour.name,
        colorHex: colour.hex,
        price: g.article.priceRub * 100,
        oldPrice: g.article.oldPriceRub === null ? null : g.article.oldPriceRub * 100,
        isNew: g.article.isNew,
        isBestseller: g.article.isBestseller,
        barcode: ean13(`4600000${String(i + 1).padStart(5, '0')}`),
        sizeTableId: sizeTableByScale[g.article.sizeScale],
        gender: g.article.gender ?? null,
        position: g.position,
      };
    });
    await tx.insert(productGroups).values(groupRows);

    const variants = groups.flatMap((g, gi) => {
      const random = prng(g.id);
      const sizes = sizesByScale[g.article.sizeScale];
      // Every shop state the storefront must show exists in the demo: wholly sold out with
      // pre-order, wholly sold out with an arrival notice, and scattered low and zero stock.
      const allPreorder = gi % 11 === 5;
      const allNotify = gi % 13 === 7;
      return sizes.map((size) => {
        const r = random();
        let stock = r < 0.12 ? 0 : r < 0.27 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * 20);
        let preorder = stock === 0 && random() < 0.35;
        let notification = stock === 0 && !preorder;
        if (allPreorder) [stock, preorder, notification] = [0, true, false];
        if (allNotify) [stock, preorder, notification] = [0, false, true];
        barcode += 1;
        return {
          id: `${g.id}${size ? `-${slugify(size)}` : ''}`,
          groupId: g.id,
          size,
          color: g.colourKey,
          barcode: ean13(`4601000${String(barcode).padStart(5, '0')}`),
          stock,
          preorder,
          notification,
        };
      });
    });
    await tx.insert(variantProducts).values(variants);

    await tx.insert(productPhotos).values(
      groups.flatMap((g) =>
        views.map((view, position) => ({
          groupId: g.id,
          src: `products/${g.id}-${view}`,
          width: 1200,
          height: 1500,
          position,
        })),
      ),
    );

    await tx.insert(collections).values(
      demoCollections.map((c, i) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        coverSrc: `banners/collection-${i + 1}`,
        position: i,
      })),
    );
    const byArt = new Map<string, PlannedGroup[]>();
    for (const g of groups) byArt.set(g.article.art, [...(byArt.get(g.article.art) ?? []), g]);
    await tx
      .insert(collectionGroups)
      .values(
        demoCollections.flatMap((c) =>
          c.articles
            .flatMap((art) => byArt.get(art) ?? [])
            .map((g, position) => ({ collectionSlug: c.slug, groupId: g.id, position })),
        ),
      );
    // A shop-the-look tag on the cover photo of each collection's first product, pointing to its second.
    const tags = demoCollections.flatMap((c) => {
      const [first, second] = c.articles.map((art) => byArt.get(art)?.[0]).filter((g) => g !== undefined);
      if (!first || !second) return [];
      return [
        {
          src: `products/${first.id}-front`,
          groupId: first.id,
          left: 64,
          top: 38,
          name: second.article.name.ru,
          nameEn: second.article.name.en,
          path: `/products/${second.id}`,
          link: second.id,
          maxWidth: 180,
        },
      ];
    });
    if (tags.length > 0) await tx.insert(photoTags).values(tags);
    // The looks page (catalogue.md §7): two outfits, each tagged with the groups it shows.
    const groupById = new Map(groups.map((g) => [g.id, g]));
    await tx.insert(looks).values(
      demoLooks.map((look, index) => ({
        id: look.id,
        src: `/media/${lookStem(look.id)}-${photoWidths[photoWidths.length - 1]}.webp`,
        tags: look.pieces.map((p) => {
          const g = groupById.get(p.groupId);
          if (!g) throw new Error(`demo look ${look.id}: no group ${p.groupId}`);
          return { ...p.tag, name: g.article.name.ru, nameEn: g.article.name.en, productID: g.id, link: '' };
        }),
        index,
      })),
    );
    await tx.insert(customPages).values(demoPages);
    // A demo promo code for any phone: 10 % off items without their own discount.
    await tx.insert(promoCodes).values({ code: 'WELCOME10', percent: 10 }).onConflictDoNothing();
    await announceInvalidation(tx, [cacheTags.all]);
  });
  log(
    `seed: ${groups.length} product groups and ${barcode} variants stored; ${Date.now() - started} ms in all`,
  );
  return { groups: groups.length };
}

function stripId<T extends { _id: string }>(doc: T): Record<string, unknown> {
  const { _id, ...rest } = doc;
  return rest;
}
