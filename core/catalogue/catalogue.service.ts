import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  collectionGroups,
  collections,
  photoTags,
  productGroups,
  productPhotos,
  productVideos,
  sizeTables,
  variantProducts,
} from '../db/schema/index.ts';
import { VIEWED_LIMIT } from './catalogue.schemas.ts';
import type {
  CategoryView,
  CollectionView,
  GroupDetails,
  PhotoTagView,
  ProductCard,
  ProductPage,
  VariantView,
} from './catalogue.types.ts';
import { LISTING_PAGE_SIZE, type ListingQuery } from './listing.rules.ts';
import { sortSizes } from './size.rules.ts';

/** What a category or a collection view reads, shared by the lists and the single look-ups. */
const categoryColumns = {
  slug: categories.slug,
  parentSlug: categories.parentSlug,
  name: categories.name,
  position: categories.position,
};
const collectionColumns = {
  slug: collections.slug,
  name: collections.name,
  description: collections.description,
  coverSrc: collections.coverSrc,
};
/** A size as the storefront reads it (VariantView). */
const variantColumns = {
  id: variantProducts.id,
  size: variantProducts.size,
  barcode: variantProducts.barcode,
  stock: variantProducts.stock,
  preorder: variantProducts.preorder,
  notification: variantProducts.notification,
};
/** A photo's tag as the storefront reads it and staff edit it in place (PhotoTagView). */
export const photoTagColumns = {
  id: photoTags.id,
  left: photoTags.left,
  top: photoTags.top,
  name: photoTags.name,
  nameEn: photoTags.nameEn,
  path: photoTags.path,
  link: photoTags.link,
  maxWidth: photoTags.maxWidth,
};

/** What a listing or a home page shows depends on every group's availability. */
const listingTags = [cacheTags.catalogue, cacheTags.listings];
const groupTags = (ids: string[]) => [cacheTags.catalogue, ...ids.map(cacheTags.group)];

export function createCatalogueService({ db, cache = noReadCache }: { db: Db; cache?: ReadCache }) {
  function listCategories(): Promise<CategoryView[]> {
    return cache.get('categories', [cacheTags.catalogue], readCategories);
  }

  async function readCategories(): Promise<CategoryView[]> {
    return db
      .select(categoryColumns)
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.slug));
  }

  async function listTopCategories(): Promise<CategoryView[]> {
    return (await listCategories()).filter((c) => c.parentSlug === null);
  }

  function listCollections(): Promise<CollectionView[]> {
    return cache.get('collections', [cacheTags.catalogue], () =>
      db.select(collectionColumns).from(collections).orderBy(asc(collections.position)),
    );
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
  function getHomeContent(limit = 8) {
    return cache.get(`home:${limit}`, listingTags, () => readHomeContent(limit));
  }

  async function readHomeContent(limit: number) {
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

  /** A category (with its subcategories), a collection, or the whole catalogue. */
  type Scope = { kind: 'all' } | { kind: 'category'; slug: string } | { kind: 'collection'; slug: string };

  function scopeCondition(scope: Scope): SQL | undefined {
    if (scope.kind === 'category') {
      return or(
        eq(productGroups.categorySlug, scope.slug),
        inArray(
          productGroups.categorySlug,
          db.select({ slug: categories.slug }).from(categories).where(eq(categories.parentSlug, scope.slug)),
        ),
      );
    }
    if (scope.kind === 'collection') {
      return inArray(
        productGroups.id,
        db
          .select({ id: collectionGroups.groupId })
          .from(collectionGroups)
          .where(eq(collectionGroups.collectionSlug, scope.slug)),
      );
    }
    return undefined;
  }

  /**
   * One page of a listing with its filters (catalogue.md §2): sizes (a group matches when it has
   * one of them, sellable when `availableOnly`), availability, sale; sorted and paged.
   */
  function listGroups(scope: Scope, query: ListingQuery) {
    // The order of the chosen sizes does not change the answer.
    const key = JSON.stringify([scope, { ...query, sizes: [...query.sizes].sort() }]);
    return cache.get(`listing:${key}`, listingTags, () => readListing(scope, query));
  }

  async function readListing(scope: Scope, query: ListingQuery) {
    const conditions: (SQL | undefined)[] = [eq(productGroups.published, true), scopeCondition(scope)];
    if (query.saleOnly) conditions.push(isNotNull(productGroups.oldPrice));
    // The variant filters read the group's own columns, kept by a trigger on variant_products
    // (docs/decisions/0040-catalogue-at-scale.md), so no variant is read.
    if (query.sizes.length > 0) {
      const sizes = sql`array[${sql.join(
        query.sizes.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`;
      conditions.push(
        query.availableOnly
          ? sql`${productGroups.sizesOnSale} && ${sizes}`
          : sql`${productGroups.sizes} && ${sizes}`,
      );
    } else if (query.availableOnly) {
      conditions.push(eq(productGroups.sellable, true));
    }
    const where = and(...conditions);
    const order =
      query.sort === 'price-asc'
        ? [asc(productGroups.price), asc(productGroups.position), asc(productGroups.id)]
        : query.sort === 'price-desc'
          ? [desc(productGroups.price), asc(productGroups.position), asc(productGroups.id)]
          : query.sort === 'new'
            ? [
                desc(productGroups.isNew),
                desc(productGroups.createdAt),
                asc(productGroups.position),
                asc(productGroups.id),
              ]
            : [asc(productGroups.position), asc(productGroups.id)];
    const [total, rows, sizeOptions] = await Promise.all([
      db.$count(productGroups, where),
      db
        .select({ id: productGroups.id })
        .from(productGroups)
        .where(where)
        .orderBy(...order)
        .limit(LISTING_PAGE_SIZE)
        .offset((query.page - 1) * LISTING_PAGE_SIZE),
      // Size options come from the scope and the other filters, not the chosen sizes, so a chosen
      // size can be unchosen and no size offered leads to an empty page (issue 35).
      scopeSizes(scope, { availableOnly: query.availableOnly, saleOnly: query.saleOnly }).then((sizes) =>
        sortSizes([...new Set([...sizes, ...query.sizes])], (s) => s),
      ),
    ]);
    return {
      cards: await cardsByIds(rows.map((r) => r.id)),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE)),
      sizeOptions,
    };
  }

  /**
   * The sizes a scope's published groups come in (each group's `sizes` column; with `availableOnly`
   * the sizes on sale, `sizesOnSale`; with `saleOnly` only discounted groups'): the same for every
   * page and sort of the scope, so kept once per scope and filters (docs/decisions/0040-catalogue-at-scale.md).
   */
  function scopeSizes(
    scope: Scope,
    filters: { availableOnly: boolean; saleOnly: boolean },
  ): Promise<string[]> {
    return cache.get(`sizes:${JSON.stringify([scope, filters])}`, listingTags, () =>
      readScopeSizes(scope, filters),
    );
  }

  async function readScopeSizes(
    scope: Scope,
    { availableOnly, saleOnly }: { availableOnly: boolean; saleOnly: boolean },
  ): Promise<string[]> {
    const column = availableOnly ? productGroups.sizesOnSale : productGroups.sizes;
    // The distinct sets are few (one per run of sizes), fewer rows to hash than every size.
    const rows = await db
      .selectDistinct({ sizes: column })
      .from(productGroups)
      .where(
        and(
          eq(productGroups.published, true),
          scopeCondition(scope),
          saleOnly ? isNotNull(productGroups.oldPrice) : undefined,
        ),
      );
    return sortSizes([...new Set(rows.flatMap((r) => r.sizes))], (s) => s);
  }

  async function getCategory(slug: string): Promise<CategoryView | null> {
    return (await listCategories()).find((c) => c.slug === slug) ?? null;
  }

  async function getCollection(slug: string): Promise<CollectionView | null> {
    return (await listCollections()).find((c) => c.slug === slug) ?? null;
  }

  /** Tags on a group's photos, or on one photo of it (`POST /api/tags-fetch`). */
  async function listPhotoTags(groupId: string, src?: string): Promise<(PhotoTagView & { src: string })[]> {
    return db
      .select({ ...photoTagColumns, src: photoTags.src })
      .from(photoTags)
      .where(and(eq(photoTags.groupId, groupId), src ? eq(photoTags.src, src) : undefined))
      .orderBy(asc(photoTags.id));
  }

  /** Everything the product page shows of one group, or null when it does not exist or is hidden. */
  function getProductPage(id: string): Promise<ProductPage | null> {
    return cache.get(`product:${id}`, groupTags([id]), () => readProductPage(id));
  }

  async function readProductPage(id: string): Promise<ProductPage | null> {
    const [group] = await db
      .select()
      .from(productGroups)
      .where(and(eq(productGroups.id, id), eq(productGroups.published, true)));
    if (!group) return null;
    const [variants, photos, videos, colours, category, table, tags] = await Promise.all([
      db.select(variantColumns).from(variantProducts).where(eq(variantProducts.groupId, id)),
      db
        .select({ src: productPhotos.src, width: productPhotos.width, height: productPhotos.height })
        .from(productPhotos)
        .where(eq(productPhotos.groupId, id))
        .orderBy(asc(productPhotos.position)),
      db
        .select({ src: productVideos.src })
        .from(productVideos)
        .where(eq(productVideos.groupId, id))
        .orderBy(asc(productVideos.position)),
      db
        .select({
          id: productGroups.id,
          colorName: productGroups.colorName,
          colorHex: productGroups.colorHex,
        })
        .from(productGroups)
        .where(and(eq(productGroups.art, group.art), eq(productGroups.published, true)))
        .orderBy(asc(productGroups.position)),
      getCategory(group.categorySlug),
      group.sizeTableId
        ? db.select().from(sizeTables).where(eq(sizeTables.id, group.sizeTableId))
        : Promise.resolve([]),
      listPhotoTags(id),
    ]);
    if (!category) return null;
    const parentCategory = category.parentSlug ? await getCategory(category.parentSlug) : null;
    return {
      id: group.id,
      art: group.art,
      name: group.name,
      description: group.description,
      composition: group.composition,
      care: group.care,
      category,
      parentCategory,
      colorName: group.colorName,
      colorHex: group.colorHex,
      price: group.price,
      oldPrice: group.oldPrice,
      isNew: group.isNew,
      isBestseller: group.isBestseller,
      barcode: group.barcode,
      variants: sortSizes(variants, (v) => v.size),
      photos: photos.map((p) => ({
        ...p,
        tags: tags.filter((t) => t.src === p.src).map(({ src: _, ...t }) => t),
      })),
      videos: videos.map((v) => v.src),
      colours,
      sizeTable: table[0] ? { title: table[0].title, items: table[0].items } : null,
    };
  }

  /** Ids of the groups that own any of `ids`, which may name groups or variants (the cart holds variants). */
  async function groupIdsFor(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const viaVariants = await db
      .select({ groupId: variantProducts.groupId, id: variantProducts.id })
      .from(variantProducts)
      .where(inArray(variantProducts.id, ids));
    const byVariant = new Map(viaVariants.map((v) => [v.id, v.groupId]));
    return [...new Set(ids.map((id) => byVariant.get(id) ?? id))];
  }

  /** Product groups with their variants, for favourites and the cart (`POST /api/groups-by-ids`). */
  function listGroupsByIds(ids: string[]): Promise<(ProductCard & { variants: VariantView[] })[]> {
    return cache.get(
      `groups:${JSON.stringify(ids)}`,
      (groups) => groupTags(groups.map((g) => g.id)),
      () => readGroupsByIds(ids),
    );
  }

  async function readGroupsByIds(ids: string[]): Promise<(ProductCard & { variants: VariantView[] })[]> {
    const groupIds = await groupIdsFor(ids);
    const cards = await cardsByIds(groupIds);
    if (cards.length === 0) return [];
    const variants = await db
      .select({ groupId: variantProducts.groupId, ...variantColumns })
      .from(variantProducts)
      .where(
        inArray(
          variantProducts.groupId,
          cards.map((c) => c.id),
        ),
      );
    return cards.map((card) => ({
      ...card,
      variants: sortSizes(
        variants.filter((v) => v.groupId === card.id).map(({ groupId: _, ...v }) => v),
        (v) => v.size,
      ),
    }));
  }

  /**
   * Product groups as the app's API answers them (catalogue.md §7, DECISIONS 28): the groups of
   * `ids` (groups or variants, in their order) with barcode, videos and the article's colours.
   */
  function listGroupDetails(ids: string[]): Promise<GroupDetails[]> {
    return cache.get(
      `group-details:${JSON.stringify(ids)}`,
      (groups) => groupTags(groups.flatMap((g) => [g.id, ...g.colours.map((c) => c.id)])),
      () => readGroupDetails(ids),
    );
  }

  async function readGroupDetails(ids: string[]): Promise<GroupDetails[]> {
    const groups = await readGroupsByIds(ids);
    if (groups.length === 0) return [];
    const groupIds = groups.map((g) => g.id);
    const [own, videos, siblings] = await Promise.all([
      db
        .select({ id: productGroups.id, barcode: productGroups.barcode })
        .from(productGroups)
        .where(inArray(productGroups.id, groupIds)),
      db
        .select({ groupId: productVideos.groupId, src: productVideos.src })
        .from(productVideos)
        .where(inArray(productVideos.groupId, groupIds))
        .orderBy(asc(productVideos.groupId), asc(productVideos.position)),
      db
        .select({
          id: productGroups.id,
          art: productGroups.art,
          colorName: productGroups.colorName,
          colorHex: productGroups.colorHex,
        })
        .from(productGroups)
        .where(
          and(
            inArray(productGroups.art, [...new Set(groups.map((g) => g.art))]),
            eq(productGroups.published, true),
          ),
        )
        .orderBy(asc(productGroups.position)),
    ]);
    const barcodes = new Map(own.map((g) => [g.id, g.barcode]));
    return groups.map((group) => ({
      ...group,
      barcode: barcodes.get(group.id) ?? null,
      videos: videos.filter((v) => v.groupId === group.id).map((v) => v.src),
      colours: siblings.filter((s) => s.art === group.art).map(({ art: _, ...s }) => s),
    }));
  }

  /**
   * The product page's suggestion blocks: also-like (same category, then its parent),
   * recommendations (bestsellers of other categories: completing the look) and recently viewed.
   */
  async function getSuggestions(groupId: string, viewed: string[], limit: number) {
    const [group] = await db
      .select({ categorySlug: productGroups.categorySlug, art: productGroups.art })
      .from(productGroups)
      .where(and(eq(productGroups.id, groupId), eq(productGroups.published, true)));
    if (!group) return null;
    const category = await getCategory(group.categorySlug);
    const near = await db
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(
        and(
          eq(productGroups.published, true),
          sql`${productGroups.art} <> ${group.art}`,
          category?.parentSlug
            ? scopeCondition({ kind: 'category', slug: category.parentSlug })
            : eq(productGroups.categorySlug, group.categorySlug),
        ),
      )
      .orderBy(
        sql`(${productGroups.categorySlug} = ${group.categorySlug}) desc`,
        desc(productGroups.isBestseller),
        asc(productGroups.position),
      )
      .limit(limit);
    const top = category?.parentSlug ?? category?.slug ?? '';
    const others = await db
      .select({ id: productGroups.id })
      .from(productGroups)
      .innerJoin(categories, eq(categories.slug, productGroups.categorySlug))
      .where(
        and(
          eq(productGroups.published, true),
          sql`coalesce(${categories.parentSlug}, ${categories.slug}) <> ${top}`,
          eq(productGroups.isBestseller, true),
        ),
      )
      .orderBy(asc(productGroups.position))
      .limit(limit);
    const [like, suggestions, recent] = await Promise.all([
      cardsByIds(near.map((r) => r.id)),
      cardsByIds(others.map((r) => r.id)),
      cardsByIds(viewed.filter((v) => v !== groupId).slice(0, VIEWED_LIMIT)),
    ]);
    return { like, suggestions, viewed: recent };
  }

  /** Every public path of the Russian edition, for the sitemap; the English edition mirrors it under /en. */
  async function listPublicPaths(): Promise<{ path: string; updatedAt: Date | null }[]> {
    const [cats, cols, groups] = await Promise.all([
      listCategories(),
      listCollections(),
      db
        .select({ id: productGroups.id, updatedAt: productGroups.updatedAt })
        .from(productGroups)
        .where(eq(productGroups.published, true))
        .orderBy(asc(productGroups.position)),
    ]);
    const bySlug = new Map(cats.map((c) => [c.slug, c]));
    return [
      { path: '/', updatedAt: null },
      { path: '/catalog', updatedAt: null },
      ...cats.map((c) => ({
        path: c.parentSlug ? `/catalog/${bySlug.get(c.parentSlug)?.slug}/${c.slug}` : `/catalog/${c.slug}`,
        updatedAt: null,
      })),
      ...cols.map((c) => ({ path: `/catalog/collection/${c.slug}`, updatedAt: null })),
      ...groups.map((g) => ({ path: `/products/${g.id}`, updatedAt: g.updatedAt })),
    ];
  }

  return {
    listPhotoTags,
    listPublicPaths,
    getSuggestions,
    listGroupsByIds,
    listGroupDetails,
    getProductPage,
    listCategories,
    listTopCategories,
    listCollections,
    cardsByIds,
    getHomeContent,
    listGroups,
    getCategory,
    getCollection,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
export type HomeContent = Awaited<ReturnType<CatalogueService['getHomeContent']>>;
