import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, collections, productGroups, productPhotos } from '../db/schema/index.ts';
import type { CategoryView, CollectionView, ProductCard } from './catalogue.types.ts';

export function createCatalogueService({ db }: { db: Db }) {
  async function listCategories(): Promise<CategoryView[]> {
    return db
      .select({
        slug: categories.slug,
        parentSlug: categories.parentSlug,
        name: categories.name,
        position: categories.position,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.slug));
  }

  async function listTopCategories(): Promise<CategoryView[]> {
    return (await listCategories()).filter((c) => c.parentSlug === null);
  }

  async function listCollections(): Promise<CollectionView[]> {
    return db
      .select({
        slug: collections.slug,
        name: collections.name,
        description: collections.description,
        coverSrc: collections.coverSrc,
      })
      .from(collections)
      .orderBy(asc(collections.position));
  }

  /** Cards for the given groups, keeping the order of `ids`. */
  async function cardsByIds(ids: string[]): Promise<ProductCard[]> {
    if (ids.length === 0) return [];
    const groups = await db
      .select({
        id: productGroups.id,
        art: productGroups.art,
        name: productGroups.name,
        categorySlug: productGroups.categorySlug,
        colorName: productGroups.colorName,
        colorHex: productGroups.colorHex,
        price: productGroups.price,
        oldPrice: productGroups.oldPrice,
        isNew: productGroups.isNew,
        isBestseller: productGroups.isBestseller,
        // Written out: inside a select list Drizzle renders columns unqualified, which the subquery would capture.
        available: sql<boolean>`exists (select 1 from variant_products v where v.group_id = product_groups.id and (v.stock > 0 or v.preorder))`,
      })
      .from(productGroups)
      .where(and(inArray(productGroups.id, ids), eq(productGroups.published, true)));
    const photos = await db
      .select({ groupId: productPhotos.groupId, src: productPhotos.src })
      .from(productPhotos)
      .where(inArray(productPhotos.groupId, ids))
      .orderBy(asc(productPhotos.groupId), asc(productPhotos.position));
    const photosByGroup = new Map<string, string[]>();
    for (const p of photos) {
      const list = photosByGroup.get(p.groupId) ?? [];
      list.push(p.src);
      photosByGroup.set(p.groupId, list);
    }
    const byId = new Map(groups.map((g) => [g.id, { ...g, photos: photosByGroup.get(g.id) ?? [] }]));
    return ids.flatMap((id) => {
      const card = byId.get(id);
      return card ? [card] : [];
    });
  }

  /** The home page: new arrivals, bestsellers, a cover product per top category, collections. */
  async function getHomeContent(limit = 8) {
    const pick = async (where: ReturnType<typeof eq>) =>
      (
        await db
          .select({ id: productGroups.id })
          .from(productGroups)
          .where(and(where, eq(productGroups.published, true)))
          .orderBy(asc(productGroups.position))
          .limit(limit)
      ).map((r) => r.id);
    const [newIds, bestIds, tops, cols] = await Promise.all([
      pick(eq(productGroups.isNew, true)),
      pick(eq(productGroups.isBestseller, true)),
      db
        .select({ slug: categories.slug, name: categories.name })
        .from(categories)
        .where(isNull(categories.parentSlug))
        .orderBy(asc(categories.position)),
      listCollections(),
    ]);
    // One cover photo per top category: the first photo of its first product (subcategories included).
    const covers = await db
      .select({
        top: sql<string>`coalesce(${categories.parentSlug}, ${categories.slug})`,
        src: productPhotos.src,
      })
      .from(productGroups)
      .innerJoin(categories, eq(categories.slug, productGroups.categorySlug))
      .innerJoin(productPhotos, eq(productPhotos.groupId, productGroups.id))
      .where(and(eq(productPhotos.position, 0), eq(productGroups.published, true)))
      .orderBy(desc(productGroups.isBestseller), asc(productGroups.position));
    const coverByTop = new Map<string, string>();
    for (const c of covers) if (!coverByTop.has(c.top)) coverByTop.set(c.top, c.src);
    const [newArrivals, bestsellers] = await Promise.all([cardsByIds(newIds), cardsByIds(bestIds)]);
    return {
      newArrivals,
      bestsellers,
      categories: tops.map((t) => ({ ...t, coverSrc: coverByTop.get(t.slug) ?? null })),
      collections: cols,
    };
  }

  return { listCategories, listTopCategories, listCollections, cardsByIds, getHomeContent };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
export type HomeContent = Awaited<ReturnType<CatalogueService['getHomeContent']>>;
