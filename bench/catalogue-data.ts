// The bench's catalogues: the demo brand, or the demo brand plus 20,000 or 100,000 generated
// product groups in its categories (names, prices, sale, sizes and stock spread like a real shop's).

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { productGroups, productPhotos, variantProducts } from '../core/db/schema/index.ts';
import { demoCategories } from '../demo/demo-catalogue.ts';
import { seedDemo } from '../demo/seed-demo.ts';

export type CatalogueKind = 'demo' | '20k' | '100k';

/** Generated product groups each catalogue adds to the demo. */
export const GENERATED: Record<CatalogueKind, number> = { demo: 0, '20k': 20_000, '100k': 100_000 };

/** Stock of the order bench's variant: orders never run out during a run. */
export const BENCH_STOCK = 1_000_000_000;

const words = {
  kind: [
    ['Платье', 'dress'],
    ['Пальто', 'coat'],
    ['Свитер', 'sweater'],
    ['Рубашка', 'shirt'],
    ['Брюки', 'trousers'],
    ['Юбка', 'skirt'],
    ['Жакет', 'jacket'],
    ['Кардиган', 'cardigan'],
  ],
  material: [
    ['из льна', 'linen'],
    ['из шерсти', 'wool'],
    ['из кашемира', 'cashmere'],
    ['из хлопка', 'cotton'],
    ['из шёлка', 'silk'],
    ['из вискозы', 'viscose'],
  ],
  fit: [
    ['свободное', 'relaxed'],
    ['приталенное', 'fitted'],
    ['укороченное', 'cropped'],
    ['удлинённое', 'long'],
    ['оверсайз', 'oversized'],
  ],
  colour: [
    ['Песочный', 'Sand', '#d3bc96'],
    ['Чёрный', 'Black', '#1f1e1d'],
    ['Молочный', 'Milk', '#f2ece1'],
    ['Графит', 'Graphite', '#4a4d52'],
    ['Олива', 'Olive', '#6e6a42'],
  ],
};
const sizes = ['XS', 'S', 'M', 'L', 'XL'];

const at = <T>(list: T[], i: number): T => list[i % list.length] as T;

/** Adds `count` generated product groups (with sizes, stock and photos rows) to the demo's categories. */
export async function addGenerated(db: Db, count: number) {
  const leaves = demoCategories.filter((c) => c.parentSlug !== null && c.parentSlug !== 'shoes');
  const demoPhotos = await db
    .select({ groupId: productPhotos.groupId, src: productPhotos.src, position: productPhotos.position })
    .from(productPhotos)
    .orderBy(productPhotos.groupId, productPhotos.position);
  const donors = [...new Set(demoPhotos.map((p) => p.groupId))];
  const photosOf = new Map<string, { src: string; position: number }[]>();
  for (const p of demoPhotos) photosOf.set(p.groupId, [...(photosOf.get(p.groupId) ?? []), p]);

  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const groups = [];
    const variants = [];
    const photos = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const kind = at(words.kind, i);
      const material = at(words.material, Math.floor(i / 8));
      const fit = at(words.fit, Math.floor(i / 48));
      const colour = at(words.colour, Math.floor(i / 240));
      const id = `gen-${i}`;
      const price = 2_000_00 + (i % 300) * 100_00;
      groups.push({
        id,
        art: `GEN-${Math.floor(i / 3)}`,
        name: {
          ru: `${kind[0]} ${fit[0]} ${material[0]} ${i}`,
          en: `${fit[1]} ${material[1]} ${kind[1]} ${i}`,
        },
        description: {
          ru: 'Сгенерированный товар для нагрузочного теста.',
          en: 'A generated bench product.',
        },
        composition: { ru: '100% хлопок', en: '100% cotton' },
        care: { ru: 'Стирка 30 °C', en: 'Wash at 30 °C' },
        categorySlug: at(leaves, i).slug,
        colorName: { ru: colour[0] as string, en: colour[1] as string },
        colorHex: colour[2] as string,
        price,
        oldPrice: i % 7 === 0 ? Math.round(price * 1.3) : null,
        isNew: i % 11 === 0,
        isBestseller: i % 13 === 0,
        barcode: `29${String(i).padStart(11, '0')}`,
        sizeTableId: 'clothes-letter',
        position: 1000 + i,
      });
      for (const [s, size] of sizes.entries()) {
        // About one size in six is sold out, as in a live shop.
        const stock = (i * 7 + s * 3) % 6 === 0 ? 0 : 1 + ((i + s) % 15);
        variants.push({
          id: `${id}-${size.toLowerCase()}`,
          groupId: id,
          size,
          color: 'generated',
          barcode: `28${String(i * 5 + s).padStart(11, '0')}`,
          stock,
          preorder: false,
          notification: stock === 0,
        });
      }
      for (const p of photosOf.get(at(donors, i)) ?? [])
        photos.push({ groupId: id, src: p.src, width: 1200, height: 1500, position: p.position });
    }
    await db.insert(productGroups).values(groups);
    await db.insert(variantProducts).values(variants);
    if (photos.length > 0) await db.insert(productPhotos).values(photos);
  }
}

export interface BenchTargets {
  /** A product page and the order's product (its `M` variant holds {@link BENCH_STOCK}). */
  productId: string;
  orderVariant: string;
  /** A typical cart: variant ids, and one group id as favourites send. */
  cartIds: string[];
}

/** Seeds an empty, migrated database with the chosen catalogue. Photos are drawn once into `mediaDir`. */
export async function seedBenchCatalogue(
  db: Db,
  kind: CatalogueKind,
  mediaDir: string,
  log: (m: string) => void,
  /** Draw the demo's photos up front (Lighthouse); otherwise the shop draws each on its first request. */
  renderPhotos = true,
) {
  await seedDemo(db, { mediaDir, log, renderPhotos });
  const count = GENERATED[kind];
  if (count > 0) {
    const started = Date.now();
    await addGenerated(db, count);
    log(`bench: ${count.toLocaleString('en')} generated groups stored in ${Date.now() - started} ms`);
  }
  // Vacuumed too, as autovacuum would soon after a bulk load: the listing counts read an index
  // alone only where the visibility map says the rows are visible (decision 0040).
  await db.execute(sql`vacuum analyze`);
}

/** Picks the bench's products and gives the order's variant its large stock. */
export async function prepareTargets(db: Db, kind: CatalogueKind): Promise<BenchTargets> {
  const rows = await db
    .select({ id: variantProducts.id, groupId: variantProducts.groupId })
    .from(variantProducts)
    .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
    .where(
      and(
        eq(productGroups.published, true),
        eq(variantProducts.size, 'M'),
        GENERATED[kind] > 0
          ? sql`${productGroups.id} like 'gen-%'`
          : sql`${productGroups.id} not like 'gen-%'`,
      ),
    )
    .orderBy(productGroups.position)
    .limit(8);
  const first = rows[0];
  if (!first) throw new Error('The bench catalogue has no product with an M size');
  await db
    .update(variantProducts)
    .set({ stock: BENCH_STOCK, preorder: false, notification: false })
    .where(eq(variantProducts.id, first.id));
  return {
    productId: first.groupId,
    orderVariant: first.id,
    cartIds: [...rows.slice(1, 5).map((r) => r.id), rows[5]?.groupId ?? first.groupId],
  };
}
