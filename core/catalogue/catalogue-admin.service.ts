import { and, asc, count, desc, eq, exists, ilike, inArray, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  categories,
  collectionGroups,
  collections,
  type LocalizedText,
  orderLines,
  productGroups,
  productPhotos,
  sizeTables,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';
import { bulkPrice } from './catalogue-admin.rules.ts';
import {
  type BulkChange,
  catalogueLimits,
  type DuplicateInput,
  type ProductCreateInput,
  type ProductListQuery,
  type ProductUpdateInput,
  type SizeTableInput,
  type VariantInput,
} from './catalogue-admin.schemas.ts';
import { sortSizes } from './size.rules.ts';
import { slugOf, uniqueSlug } from './slug.rules.ts';

type GroupRow = typeof productGroups.$inferSelect;
type VariantRow = typeof variantProducts.$inferSelect;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/**
 * A save over a version newer than the one the screen showed (DECISIONS 31): refused, and the
 * answer carries the record as it is now so the screen can show the newer values.
 */
export class StaleRecordError extends AppError {
  readonly current: unknown;
  constructor(message: string, current: unknown) {
    super('conflict', message);
    this.current = current;
  }
}

/** A deletion refused because products use the record: how many, and the first few of them. */
export class InUseError extends AppError {
  readonly usedBy: { count: number; products: { id: string; name: string }[]; categories?: string[] };
  constructor(message: string, usedBy: InUseError['usedBy']) {
    super('conflict', message);
    this.usedBy = usedBy;
  }
}

/**
 * The back office's catalogue (issue 15; docs/decisions/0028-catalogue-back-office.md). Every
 * change runs in one transaction with its audit record (DECISIONS 31) and the announcement of the
 * read-cache tags it touched, so the storefront (read cache and page cache, on every instance)
 * shows it at once; the search index is dropped after the commit.
 */
export function createCatalogueAdminService({
  db,
  audit,
  clock,
  cache = noReadCache,
  onCatalogueChange,
}: {
  db: Db;
  audit: AuditService;
  clock: () => Date;
  cache?: ReadCache;
  /** After a committed catalogue change (the search index is dropped here). */
  onCatalogueChange?: () => void;
}) {
  /** A transaction that announces `tags` at commit and forgets them here right after. */
  async function change<T>(work: (tx: Tx, tags: Set<string>) => Promise<T>): Promise<T> {
    const tags = new Set<string>();
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, tags);
      await cache.announce(tx, [...tags]);
      return value;
    });
    cache.invalidate([...tags]);
    onCatalogueChange?.();
    return result;
  }

  const catalogueWide = (tags: Set<string>, ...groupIds: string[]) => {
    tags.add(cacheTags.catalogue);
    tags.add(cacheTags.listings);
    for (const id of groupIds) tags.add(cacheTags.group(id));
  };

  // ---------------------------------------------------------------- products

  async function listProducts(query: ProductListQuery) {
    const limit = query.limit ?? 50;
    const page = query.page ?? 1;
    const where: (SQL | undefined)[] = [];
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        or(
          ilike(productGroups.id, like),
          ilike(productGroups.art, like),
          sql`${productGroups.name}->>'ru' ilike ${like}`,
          sql`${productGroups.name}->>'en' ilike ${like}`,
          eq(productGroups.barcode, query.q),
          exists(
            db
              .select({ one: sql`1` })
              .from(variantProducts)
              .where(
                and(eq(variantProducts.groupId, productGroups.id), eq(variantProducts.barcode, query.q)),
              ),
          ),
        ),
      );
    }
    if (query.category) {
      where.push(
        or(
          eq(productGroups.categorySlug, query.category),
          inArray(
            productGroups.categorySlug,
            db
              .select({ slug: categories.slug })
              .from(categories)
              .where(eq(categories.parentSlug, query.category)),
          ),
        ),
      );
    }
    if (query.collection) {
      where.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(collectionGroups)
            .where(
              and(
                eq(collectionGroups.groupId, productGroups.id),
                eq(collectionGroups.collectionSlug, query.collection),
              ),
            ),
        ),
      );
    }
    if (query.inStock) {
      const inStock = exists(
        db
          .select({ one: sql`1` })
          .from(variantProducts)
          .where(and(eq(variantProducts.groupId, productGroups.id), sql`${variantProducts.stock} > 0`)),
      );
      where.push(query.inStock === '1' ? inStock : not(inStock));
    }
    if (query.noPhoto) {
      where.push(
        not(
          exists(
            db.select({ one: sql`1` }).from(productPhotos).where(eq(productPhotos.groupId, productGroups.id)),
          ),
        ),
      );
    }
    if (query.hidden) where.push(eq(productGroups.published, query.hidden !== '1'));
    const condition = and(...where);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: productGroups.id,
          art: productGroups.art,
          name: productGroups.name,
          colorName: productGroups.colorName,
          colorHex: productGroups.colorHex,
          categorySlug: productGroups.categorySlug,
          price: productGroups.price,
          oldPrice: productGroups.oldPrice,
          isNew: productGroups.isNew,
          isBestseller: productGroups.isBestseller,
          published: productGroups.published,
          version: productGroups.version,
          // Literal names: drizzle leaves columns unqualified inside a selected subquery.
          stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from variant_products v where v.group_id = product_groups.id)`,
          sizes: sql<number>`(select count(*)::int from variant_products v where v.group_id = product_groups.id)`,
          photo: sql<
            string | null
          >`(select p.src from product_photos p where p.group_id = product_groups.id order by p.position limit 1)`,
        })
        .from(productGroups)
        .where(condition)
        .orderBy(desc(productGroups.updatedAt), asc(productGroups.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(productGroups).where(condition),
    ]);
    return { rows, total: total?.n ?? 0, page, limit };
  }

  async function readProduct(runner: Db | Tx, id: string) {
    const [group] = await runner.select().from(productGroups).where(eq(productGroups.id, id));
    if (!group) return null;
    const [variants, members, siblings, photos] = await Promise.all([
      runner
        .select()
        .from(variantProducts)
        .where(eq(variantProducts.groupId, id))
        .orderBy(asc(variantProducts.id)),
      runner
        .select({ slug: collectionGroups.collectionSlug })
        .from(collectionGroups)
        .where(eq(collectionGroups.groupId, id))
        .orderBy(asc(collectionGroups.collectionSlug)),
      runner
        .select({
          id: productGroups.id,
          colorName: productGroups.colorName,
          colorHex: productGroups.colorHex,
          published: productGroups.published,
        })
        .from(productGroups)
        .where(and(eq(productGroups.art, group.art), ne(productGroups.id, id)))
        .orderBy(asc(productGroups.position), asc(productGroups.id)),
      runner.select({ n: count() }).from(productPhotos).where(eq(productPhotos.groupId, id)),
    ]);
    return {
      product: { ...group, collectionSlugs: members.map((m) => m.slug) },
      variants: sortSizes(variants, (v) => v.size),
      siblings,
      photoCount: photos[0]?.n ?? 0,
    };
  }
  type ProductRecord = NonNullable<Awaited<ReturnType<typeof readProduct>>>;

  async function getProduct(id: string, locale: Locale): Promise<ProductRecord> {
    const record = await readProduct(db, id);
    if (!record) throw new AppError('not_found', t(locale, 'Товар не найден', 'Product not found'));
    return record;
  }

  const auditShape = (r: ProductRecord) => ({
    ...r.product,
    createdAt: undefined,
    updatedAt: undefined,
    variants: r.variants,
  });

  async function requireRefs(
    tx: Tx,
    input: { categorySlug: string; collectionSlugs: string[]; sizeTableId: string | null },
    locale: Locale,
  ) {
    const [category] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.slug, input.categorySlug));
    if (!category)
      throw new AppError('invalid_data', t(locale, 'Нет такой категории', 'No such category'), {
        field: 'categorySlug',
      });
    if (input.collectionSlugs.length > 0) {
      const found = await tx
        .select({ slug: collections.slug })
        .from(collections)
        .where(inArray(collections.slug, input.collectionSlugs));
      if (found.length !== new Set(input.collectionSlugs).size)
        throw new AppError('invalid_data', t(locale, 'Нет такой коллекции', 'No such collection'), {
          field: 'collectionSlugs',
        });
    }
    if (input.sizeTableId) {
      const [table] = await tx
        .select({ id: sizeTables.id })
        .from(sizeTables)
        .where(eq(sizeTables.id, input.sizeTableId));
      if (!table)
        throw new AppError('invalid_data', t(locale, 'Нет такой таблицы размеров', 'No such size table'), {
          field: 'sizeTableId',
        });
    }
  }

  /** Barcodes are unique across the shop: a clash names the field and the product holding it. */
  async function requireFreeBarcodes(tx: Tx, variants: VariantInput[], groupId: string, locale: Locale) {
    if (variants.length === 0) return;
    const taken = await tx
      .select({ barcode: variantProducts.barcode, groupId: variantProducts.groupId })
      .from(variantProducts)
      .where(
        and(
          inArray(
            variantProducts.barcode,
            variants.map((v) => v.barcode),
          ),
          ne(variantProducts.groupId, groupId),
        ),
      );
    const clash = taken[0];
    if (clash) {
      const i = variants.findIndex((v) => v.barcode === clash.barcode);
      throw new AppError(
        'invalid_data',
        t(
          locale,
          `Штрихкод ${clash.barcode} уже у товара ${clash.groupId}`,
          `Barcode ${clash.barcode} already belongs to product ${clash.groupId}`,
        ),
        { field: `variants.${i}.barcode` },
      );
    }
  }

  async function takenIds(tx: Tx, base: string): Promise<Set<string>> {
    const rows = await tx
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(or(eq(productGroups.id, base), ilike(productGroups.id, `${base}-%`)));
    return new Set(rows.map((r) => r.id));
  }

  const variantIdOf = (groupId: string, size: string) =>
    `${groupId}${size ? `-${slugOf(size, 'size')}` : ''}`;

  async function freeVariantId(tx: Tx, groupId: string, size: string): Promise<string> {
    const base = variantIdOf(groupId, size);
    const rows = await tx
      .select({ id: variantProducts.id })
      .from(variantProducts)
      .where(or(eq(variantProducts.id, base), ilike(variantProducts.id, `${base}-%`)));
    return uniqueSlug(base, new Set(rows.map((r) => r.id)));
  }

  async function setCollections(tx: Tx, groupId: string, slugs: string[]) {
    await tx.delete(collectionGroups).where(eq(collectionGroups.groupId, groupId));
    if (slugs.length === 0) return;
    await tx.insert(collectionGroups).values(
      [...new Set(slugs)].map((slug) => ({
        collectionSlug: slug,
        groupId,
        position: sql`(select coalesce(max(${collectionGroups.position}), -1) + 1 from ${collectionGroups} where ${collectionGroups.collectionSlug} = ${slug})`,
      })),
    );
  }

  async function createProduct(input: ProductCreateInput, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      await requireRefs(tx, input, locale);
      const colour = slugOf(input.colorName.en || input.colorName.ru, 'colour');
      const base = slugOf(`${input.name.en || input.name.ru} ${colour}`, 'product');
      const id = uniqueSlug(base, await takenIds(tx, base));
      await requireFreeBarcodes(tx, input.variants, id, locale);
      const now = clock();
      await tx.insert(productGroups).values({
        id,
        art: input.art,
        name: input.name,
        description: input.description,
        composition: input.composition,
        care: input.care,
        categorySlug: input.categorySlug,
        colorName: input.colorName,
        colorHex: input.colorHex,
        price: input.price,
        oldPrice: input.oldPrice,
        isNew: input.isNew,
        isBestseller: input.isBestseller,
        sizeTableId: input.sizeTableId,
        published: input.published,
        position: sql`(select coalesce(max(${productGroups.position}), 0) + 1 from ${productGroups})`,
        createdAt: now,
        updatedAt: now,
      });
      for (const v of input.variants) {
        await tx.insert(variantProducts).values({
          id: await freeVariantId(tx, id, v.size),
          groupId: id,
          size: v.size,
          color: colour,
          barcode: v.barcode,
          stock: v.stock,
          preorder: v.preorder,
          notification: v.notification,
        });
      }
      await setCollections(tx, id, input.collectionSlugs);
      const after = await readProduct(tx, id);
      if (!after) throw new Error('created product not found');
      await audit.record(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: id,
        after: auditShape(after),
      });
      catalogueWide(tags, id, ...after.siblings.map((s) => s.id));
      return after;
    });
  }

  /** Locks the group's row and checks the version the screen showed. */
  async function lockProduct(tx: Tx, id: string, version: number, locale: Locale): Promise<ProductRecord> {
    const [row] = await tx
      .select({ version: productGroups.version })
      .from(productGroups)
      .where(eq(productGroups.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', t(locale, 'Товар не найден', 'Product not found'));
    const record = await readProduct(tx, id);
    if (!record) throw new AppError('not_found', t(locale, 'Товар не найден', 'Product not found'));
    if (row.version !== version) {
      throw new StaleRecordError(
        t(
          locale,
          'Товар изменили, пока вы его редактировали. Ниже — новые значения; обновите и повторите',
          'Someone changed this product while you were editing it. The newer values are shown; reload and try again',
        ),
        record,
      );
    }
    return record;
  }

  /** Order lines keep the variant they sold: such a variant is never deleted (stock 0 or hide instead). */
  async function variantsInOrders(tx: Tx, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: orderLines.variantId, n: count() })
      .from(orderLines)
      .where(inArray(orderLines.variantId, ids))
      .groupBy(orderLines.variantId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  async function updateProduct(id: string, input: ProductUpdateInput, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const before = await lockProduct(tx, id, input.version, locale);
      await requireRefs(tx, input, locale);
      const known = new Map(before.variants.map((v) => [v.id, v]));
      input.variants.forEach((v, i) => {
        if (v.id && !known.has(v.id))
          throw new AppError('invalid_data', t(locale, 'Нет такого размера', 'No such size'), {
            field: `variants.${i}.id`,
          });
      });
      const kept = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
      const removed = before.variants.filter((v) => !kept.has(v.id));
      const sold = await variantsInOrders(
        tx,
        removed.map((v) => v.id),
      );
      const firstSold = removed.find((v) => sold.has(v.id));
      if (firstSold) {
        throw new AppError(
          'conflict',
          t(
            locale,
            `Размер ${firstSold.size || 'без размера'} есть в заказах (${sold.get(firstSold.id)}): его нельзя удалить. Поставьте остаток 0 или скройте товар`,
            `Size ${firstSold.size || 'one size'} is in ${sold.get(firstSold.id)} order(s) and cannot be removed. Set its stock to 0 or hide the product`,
          ),
          { field: 'variants' },
        );
      }
      await requireFreeBarcodes(tx, input.variants, id, locale);
      const now = clock();
      await tx
        .update(productGroups)
        .set({
          art: input.art,
          name: input.name,
          description: input.description,
          composition: input.composition,
          care: input.care,
          categorySlug: input.categorySlug,
          colorName: input.colorName,
          colorHex: input.colorHex,
          price: input.price,
          oldPrice: input.oldPrice,
          isNew: input.isNew,
          isBestseller: input.isBestseller,
          sizeTableId: input.sizeTableId,
          published: input.published,
          version: sql`${productGroups.version} + 1`,
          updatedAt: now,
        })
        .where(eq(productGroups.id, id));
      if (removed.length > 0)
        await tx.delete(variantProducts).where(
          inArray(
            variantProducts.id,
            removed.map((v) => v.id),
          ),
        );
      // Barcodes move between sizes of one product: clear the changed ones first (unique index).
      for (const v of input.variants) {
        const old = v.id ? known.get(v.id) : undefined;
        if (old && old.barcode !== v.barcode)
          await tx
            .update(variantProducts)
            .set({ barcode: `~${old.id}` })
            .where(eq(variantProducts.id, old.id));
      }
      const colour = slugOf(input.colorName.en || input.colorName.ru, 'colour');
      for (const v of input.variants) {
        const old = v.id ? known.get(v.id) : undefined;
        if (old) {
          // The stock of an existing size is not taken from the editor's form: orders move it
          // while the form is open. It changes through setStock, over the figure shown.
          await tx
            .update(variantProducts)
            .set({
              size: v.size,
              barcode: v.barcode,
              preorder: v.preorder,
              notification: v.notification,
              color: colour,
            })
            .where(eq(variantProducts.id, old.id));
        } else {
          const variantId = await freeVariantId(tx, id, v.size);
          await tx.insert(variantProducts).values({
            id: variantId,
            groupId: id,
            size: v.size,
            color: colour,
            barcode: v.barcode,
            stock: v.stock,
            preorder: v.preorder,
            notification: v.notification,
          });
        }
      }
      await setCollections(tx, id, input.collectionSlugs);
      const after = await readProduct(tx, id);
      if (!after) throw new Error('updated product not found');
      await audit.record(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before: auditShape(before),
        after: auditShape(after),
      });
      catalogueWide(tags, id, ...before.siblings.map((s) => s.id), ...after.siblings.map((s) => s.id));
      return after;
    });
  }

  async function setPublished(
    id: string,
    input: { version: number; published: boolean },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const before = await lockProduct(tx, id, input.version, locale);
      await tx
        .update(productGroups)
        .set({ published: input.published, version: sql`${productGroups.version} + 1`, updatedAt: clock() })
        .where(eq(productGroups.id, id));
      await audit.record(tx, actor, {
        action: input.published ? 'product.show' : 'product.hide',
        entityType: 'product',
        entityId: id,
        before: { published: before.product.published, version: before.product.version },
        after: { published: input.published, version: before.product.version + 1 },
      });
      catalogueWide(tags, id, ...before.siblings.map((s) => s.id));
      const after = await readProduct(tx, id);
      if (!after) throw new Error('product vanished');
      return after;
    });
  }

  /** Another colour of the same article: hidden, new slug, the texts and price copied, no photos. */
  async function duplicateProduct(id: string, input: DuplicateInput, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const source = await lockProduct(tx, id, input.version, locale);
      const colour = slugOf(input.colorName.en || input.colorName.ru, 'colour');
      const base = slugOf(`${source.product.name.en || source.product.name.ru} ${colour}`, 'product');
      const newId = uniqueSlug(base, await takenIds(tx, base));
      const variants: VariantInput[] = source.variants.flatMap((v) => {
        const barcode = input.barcodes[v.size];
        return barcode
          ? [{ size: v.size, barcode, stock: 0, preorder: v.preorder, notification: v.notification }]
          : [];
      });
      await requireFreeBarcodes(tx, variants, newId, locale);
      const { product } = source;
      const now = clock();
      await tx.insert(productGroups).values({
        id: newId,
        art: product.art,
        name: product.name,
        description: product.description,
        composition: product.composition,
        care: product.care,
        categorySlug: product.categorySlug,
        colorName: input.colorName,
        colorHex: input.colorHex,
        price: product.price,
        oldPrice: product.oldPrice,
        isNew: product.isNew,
        isBestseller: product.isBestseller,
        sizeTableId: product.sizeTableId,
        published: false,
        position: product.position,
        createdAt: now,
        updatedAt: now,
      });
      for (const v of variants) {
        await tx.insert(variantProducts).values({
          id: await freeVariantId(tx, newId, v.size),
          groupId: newId,
          size: v.size,
          color: colour,
          barcode: v.barcode,
          stock: 0,
          preorder: v.preorder,
          notification: v.notification,
        });
      }
      await setCollections(tx, newId, product.collectionSlugs);
      const after = await readProduct(tx, newId);
      if (!after) throw new Error('duplicate not found');
      await audit.record(tx, actor, {
        action: 'product.duplicate',
        entityType: 'product',
        entityId: newId,
        before: { source: id },
        after: auditShape(after),
      });
      catalogueWide(tags, newId, id, ...source.siblings.map((s) => s.id));
      return after;
    });
  }

  /**
   * One variant's stock (managers too, DECISIONS 30). `was` is what the screen showed: an order
   * or another staff member that moved the stock since makes it a 409 with the current figure.
   */
  async function setStock(
    variantId: string,
    input: { stock: number; was: number },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const [variant] = await tx
        .select()
        .from(variantProducts)
        .where(eq(variantProducts.id, variantId))
        .for('update');
      if (!variant) throw new AppError('not_found', t(locale, 'Размер не найден', 'Size not found'));
      if (variant.stock !== input.was) {
        throw new StaleRecordError(
          t(
            locale,
            `Остаток изменился, пока вы его смотрели: сейчас ${variant.stock}`,
            `The stock changed while you were looking at it: it is ${variant.stock} now`,
          ),
          variant,
        );
      }
      if (variant.stock === input.stock) return variant;
      const [after] = await tx
        .update(variantProducts)
        .set({ stock: input.stock })
        .where(eq(variantProducts.id, variantId))
        .returning();
      await tx.update(productGroups).set({ updatedAt: clock() }).where(eq(productGroups.id, variant.groupId));
      await audit.record(tx, actor, {
        action: 'variant.stock',
        entityType: 'product',
        entityId: variant.groupId,
        before: { variantId, stock: variant.stock },
        after: { variantId, stock: input.stock },
      });
      await stockTags(tx, tags, variant, input.stock);
      return after ?? variant;
    });
  }

  async function stockTags(tx: Tx, tags: Set<string>, variant: VariantRow, stock: number) {
    tags.add(cacheTags.group(variant.groupId));
    if ((variant.stock === 0) !== (stock === 0)) tags.add(cacheTags.listings);
    if (variant.stock === 0 && stock > 0) await enqueueRestockCheck(tx, variant.id, clock());
  }

  /** One change to every selected product, all or nothing (one transaction). */
  async function bulkEdit(ids: string[], changeInput: BulkChange, actor: Actor, locale: Locale) {
    const unique = [...new Set(ids)];
    return change(async (tx, tags) => {
      const groups = await tx
        .select()
        .from(productGroups)
        .where(inArray(productGroups.id, unique))
        .orderBy(asc(productGroups.id))
        .for('update');
      if (groups.length !== unique.length) {
        const found = new Set(groups.map((g) => g.id));
        const missing = unique.find((id) => !found.has(id));
        throw new AppError(
          'not_found',
          t(locale, `Товар ${missing} не найден`, `Product ${missing} not found`),
          {
            field: 'ids',
          },
        );
      }
      const now = clock();
      for (const group of groups) {
        const before = pickChanged(group);
        let set: Partial<typeof productGroups.$inferInsert> = {};
        switch (changeInput.kind) {
          case 'price-set':
          case 'price-percent': {
            const result = bulkPrice(group, changeInput);
            if (!result.ok) {
              throw new AppError(
                'invalid_data',
                t(
                  locale,
                  `Цена товара ${group.id} вышла бы за допустимые пределы или не ниже старой цены`,
                  `The price of ${group.id} would leave the allowed range or not stay below its old price`,
                ),
                { field: 'change.price' },
              );
            }
            set = { price: result.price, oldPrice: result.oldPrice };
            break;
          }
          case 'flags':
            if (changeInput.isNew !== undefined) set.isNew = changeInput.isNew;
            if (changeInput.isBestseller !== undefined) set.isBestseller = changeInput.isBestseller;
            if (changeInput.sale === false) set.oldPrice = null;
            break;
          case 'published':
            set = { published: changeInput.published };
            break;
          case 'stock-set': {
            const variants = await tx
              .select()
              .from(variantProducts)
              .where(eq(variantProducts.groupId, group.id))
              .orderBy(asc(variantProducts.id))
              .for('update');
            for (const v of variants) {
              if (v.stock === changeInput.stock) continue;
              await tx
                .update(variantProducts)
                .set({ stock: changeInput.stock })
                .where(eq(variantProducts.id, v.id));
              await stockTags(tx, tags, v, changeInput.stock);
            }
            await audit.record(tx, actor, {
              action: 'product.bulk-stock',
              entityType: 'product',
              entityId: group.id,
              before: { stock: variants.map((v) => ({ variantId: v.id, stock: v.stock })) },
              after: { stock: variants.map((v) => ({ variantId: v.id, stock: changeInput.stock })) },
            });
            await tx.update(productGroups).set({ updatedAt: now }).where(eq(productGroups.id, group.id));
            continue;
          }
        }
        await tx
          .update(productGroups)
          .set({ ...set, version: sql`${productGroups.version} + 1`, updatedAt: now })
          .where(eq(productGroups.id, group.id));
        await audit.record(tx, actor, {
          action: `product.bulk-${changeInput.kind}`,
          entityType: 'product',
          entityId: group.id,
          before,
          after: { ...before, ...set },
        });
        catalogueWide(tags, group.id);
      }
      return { changed: groups.length };
    });
  }

  const pickChanged = (g: GroupRow) => ({
    price: g.price,
    oldPrice: g.oldPrice,
    isNew: g.isNew,
    isBestseller: g.isBestseller,
    published: g.published,
    version: g.version,
  });

  // ---------------------------------------------------------------- categories

  async function listCategories() {
    const rows = await db
      .select({
        slug: categories.slug,
        parentSlug: categories.parentSlug,
        name: categories.name,
        position: categories.position,
        version: categories.version,
        products: sql<number>`(select count(*)::int from product_groups g where g.category_slug = categories.slug)`,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.slug));
    return { rows };
  }

  async function requireParent(tx: Tx, slug: string | null, self: string | null, locale: Locale) {
    if (!slug) return;
    let cursor: string | null = slug;
    const seen = new Set<string>();
    while (cursor) {
      if (cursor === self || seen.has(cursor))
        throw new AppError(
          'invalid_data',
          t(locale, 'Категория не может быть внутри самой себя', 'A category cannot sit inside itself'),
          { field: 'parentSlug' },
        );
      seen.add(cursor);
      const [row]: { parent: string | null }[] = await tx
        .select({ parent: categories.parentSlug })
        .from(categories)
        .where(eq(categories.slug, cursor));
      if (!row)
        throw new AppError('invalid_data', t(locale, 'Нет такой категории', 'No such category'), {
          field: 'parentSlug',
        });
      cursor = row.parent;
    }
  }

  const staleMessage = (locale: Locale) =>
    t(
      locale,
      'Запись изменили, пока вы её редактировали. Ниже — новые значения; обновите и повторите',
      'Someone changed this record while you were editing it. The newer values are shown; reload and try again',
    );

  async function createCategory(
    input: { name: LocalizedText; parentSlug: string | null; position?: number },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      await requireParent(tx, input.parentSlug, null, locale);
      const base = slugOf(input.name.en || input.name.ru, 'category');
      const taken = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(or(eq(categories.slug, base), ilike(categories.slug, `${base}-%`)));
      const slug = uniqueSlug(base, new Set(taken.map((r) => r.slug)));
      const [row] = await tx
        .insert(categories)
        .values({
          slug,
          parentSlug: input.parentSlug,
          name: input.name,
          position:
            input.position ?? sql`(select coalesce(max(${categories.position}), 0) + 1 from ${categories})`,
        })
        .returning();
      await audit.record(tx, actor, {
        action: 'category.create',
        entityType: 'category',
        entityId: slug,
        after: row,
      });
      catalogueWide(tags);
      return row;
    });
  }

  async function lockCategory(tx: Tx, slug: string, version: number, locale: Locale) {
    const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
    if (!row) throw new AppError('not_found', t(locale, 'Категория не найдена', 'Category not found'));
    if (row.version !== version) throw new StaleRecordError(staleMessage(locale), row);
    return row;
  }

  async function updateCategory(
    slug: string,
    input: { version: number; name: LocalizedText; parentSlug: string | null; position: number },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const before = await lockCategory(tx, slug, input.version, locale);
      await requireParent(tx, input.parentSlug, slug, locale);
      const [after] = await tx
        .update(categories)
        .set({
          name: input.name,
          parentSlug: input.parentSlug,
          position: input.position,
          version: sql`${categories.version} + 1`,
        })
        .where(eq(categories.slug, slug))
        .returning();
      await audit.record(tx, actor, {
        action: 'category.update',
        entityType: 'category',
        entityId: slug,
        before,
        after,
      });
      catalogueWide(tags);
      return after;
    });
  }

  async function usersOf(tx: Tx, where: SQL) {
    const [total] = await tx.select({ n: count() }).from(productGroups).where(where);
    const products = await tx
      .select({ id: productGroups.id, name: sql<string>`${productGroups.name}->>'ru'` })
      .from(productGroups)
      .where(where)
      .orderBy(asc(productGroups.id))
      .limit(catalogueLimits.inUseShown);
    return { count: total?.n ?? 0, products };
  }

  async function removeCategory(slug: string, version: number, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const before = await lockCategory(tx, slug, version, locale);
      const used = await usersOf(tx, eq(productGroups.categorySlug, slug));
      const children = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.parentSlug, slug))
        .orderBy(asc(categories.slug));
      if (used.count > 0 || children.length > 0) {
        throw new InUseError(
          t(
            locale,
            `Категорию нельзя удалить: в ней товаров — ${used.count}, подкатегорий — ${children.length}`,
            `The category cannot be deleted: it holds ${used.count} product(s) and ${children.length} subcategory(ies)`,
          ),
          { ...used, categories: children.map((c) => c.slug) },
        );
      }
      await tx.delete(categories).where(eq(categories.slug, slug));
      await audit.record(tx, actor, {
        action: 'category.delete',
        entityType: 'category',
        entityId: slug,
        before,
      });
      catalogueWide(tags);
      return { deleted: slug };
    });
  }

  // ---------------------------------------------------------------- collections

  async function listCollections() {
    const rows = await db
      .select({
        slug: collections.slug,
        name: collections.name,
        position: collections.position,
        version: collections.version,
        products: sql<number>`(select count(*)::int from collection_groups m where m.collection_slug = collections.slug)`,
      })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.slug));
    return { rows };
  }

  async function readCollection(runner: Db | Tx, slug: string) {
    const [row] = await runner.select().from(collections).where(eq(collections.slug, slug));
    if (!row) return null;
    const members = await runner
      .select({ id: productGroups.id, name: productGroups.name, published: productGroups.published })
      .from(collectionGroups)
      .innerJoin(productGroups, eq(productGroups.id, collectionGroups.groupId))
      .where(eq(collectionGroups.collectionSlug, slug))
      .orderBy(asc(collectionGroups.position), asc(collectionGroups.groupId));
    return { ...row, members, groupIds: members.map((m) => m.id) };
  }

  async function getCollection(slug: string, locale: Locale) {
    const record = await readCollection(db, slug);
    if (!record) throw new AppError('not_found', t(locale, 'Коллекция не найдена', 'Collection not found'));
    return record;
  }

  async function setMembers(tx: Tx, slug: string, groupIds: string[], locale: Locale) {
    const ids = [...new Set(groupIds)];
    if (ids.length > 0) {
      const found = await tx
        .select({ id: productGroups.id })
        .from(productGroups)
        .where(inArray(productGroups.id, ids));
      if (found.length !== ids.length) {
        const have = new Set(found.map((f) => f.id));
        throw new AppError(
          'invalid_data',
          t(
            locale,
            `Нет товара ${ids.find((id) => !have.has(id))}`,
            `No product ${ids.find((id) => !have.has(id))}`,
          ),
          { field: 'groupIds' },
        );
      }
    }
    await tx.delete(collectionGroups).where(eq(collectionGroups.collectionSlug, slug));
    if (ids.length > 0)
      await tx
        .insert(collectionGroups)
        .values(ids.map((groupId, position) => ({ collectionSlug: slug, groupId, position })));
  }

  async function createCollection(
    input: { name: LocalizedText; description: LocalizedText; position?: number; groupIds: string[] },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const base = slugOf(input.name.en || input.name.ru, 'collection');
      const taken = await tx
        .select({ slug: collections.slug })
        .from(collections)
        .where(or(eq(collections.slug, base), ilike(collections.slug, `${base}-%`)));
      const slug = uniqueSlug(base, new Set(taken.map((r) => r.slug)));
      await tx.insert(collections).values({
        slug,
        name: input.name,
        description: input.description,
        position:
          input.position ?? sql`(select coalesce(max(${collections.position}), 0) + 1 from ${collections})`,
      });
      await setMembers(tx, slug, input.groupIds, locale);
      const after = await readCollection(tx, slug);
      await audit.record(tx, actor, {
        action: 'collection.create',
        entityType: 'collection',
        entityId: slug,
        after,
      });
      catalogueWide(tags, ...input.groupIds);
      return after;
    });
  }

  async function lockCollection(tx: Tx, slug: string, version: number, locale: Locale) {
    const [row] = await tx
      .select({ version: collections.version })
      .from(collections)
      .where(eq(collections.slug, slug))
      .for('update');
    const record = row ? await readCollection(tx, slug) : null;
    if (!row || !record)
      throw new AppError('not_found', t(locale, 'Коллекция не найдена', 'Collection not found'));
    if (row.version !== version) throw new StaleRecordError(staleMessage(locale), record);
    return record;
  }

  async function updateCollection(
    slug: string,
    input: {
      version: number;
      name: LocalizedText;
      description: LocalizedText;
      position: number;
      groupIds: string[];
    },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const before = await lockCollection(tx, slug, input.version, locale);
      await tx
        .update(collections)
        .set({
          name: input.name,
          description: input.description,
          position: input.position,
          version: sql`${collections.version} + 1`,
        })
        .where(eq(collections.slug, slug));
      await setMembers(tx, slug, input.groupIds, locale);
      const after = await readCollection(tx, slug);
      await audit.record(tx, actor, {
        action: 'collection.update',
        entityType: 'collection',
        entityId: slug,
        before,
        after,
      });
      catalogueWide(tags, ...before.groupIds, ...input.groupIds);
      return after;
    });
  }

  async function removeCollection(slug: string, version: number, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const before = await lockCollection(tx, slug, version, locale);
      await tx.delete(collections).where(eq(collections.slug, slug));
      await audit.record(tx, actor, {
        action: 'collection.delete',
        entityType: 'collection',
        entityId: slug,
        before,
      });
      catalogueWide(tags, ...before.groupIds);
      return { deleted: slug };
    });
  }

  // ---------------------------------------------------------------- size tables

  async function listSizeTables() {
    const rows = await db
      .select({
        id: sizeTables.id,
        title: sizeTables.title,
        items: sizeTables.items,
        version: sizeTables.version,
        products: sql<number>`(select count(*)::int from product_groups g where g.size_table_id = size_tables.id)`,
      })
      .from(sizeTables)
      .orderBy(asc(sizeTables.id));
    return { rows };
  }

  async function getSizeTable(id: string, locale: Locale) {
    const [row] = await db.select().from(sizeTables).where(eq(sizeTables.id, id));
    if (!row)
      throw new AppError('not_found', t(locale, 'Таблица размеров не найдена', 'Size table not found'));
    return row;
  }

  async function createSizeTable(input: SizeTableInput, actor: Actor) {
    return change(async (tx, tags) => {
      const base = slugOf(input.title.en || input.title.ru, 'sizes');
      const taken = await tx
        .select({ id: sizeTables.id })
        .from(sizeTables)
        .where(or(eq(sizeTables.id, base), ilike(sizeTables.id, `${base}-%`)));
      const id = uniqueSlug(base, new Set(taken.map((r) => r.id)));
      const [row] = await tx
        .insert(sizeTables)
        .values({ id, title: input.title, items: input.items })
        .returning();
      await audit.record(tx, actor, {
        action: 'size-table.create',
        entityType: 'size-table',
        entityId: id,
        after: row,
      });
      catalogueWide(tags);
      return row;
    });
  }

  async function lockSizeTable(tx: Tx, id: string, version: number, locale: Locale) {
    const [row] = await tx.select().from(sizeTables).where(eq(sizeTables.id, id)).for('update');
    if (!row)
      throw new AppError('not_found', t(locale, 'Таблица размеров не найдена', 'Size table not found'));
    if (row.version !== version) throw new StaleRecordError(staleMessage(locale), row);
    return row;
  }

  async function updateSizeTable(
    id: string,
    input: SizeTableInput & { version: number },
    actor: Actor,
    locale: Locale,
  ) {
    return change(async (tx, tags) => {
      const before = await lockSizeTable(tx, id, input.version, locale);
      const [after] = await tx
        .update(sizeTables)
        .set({ title: input.title, items: input.items, version: sql`${sizeTables.version} + 1` })
        .where(eq(sizeTables.id, id))
        .returning();
      await audit.record(tx, actor, {
        action: 'size-table.update',
        entityType: 'size-table',
        entityId: id,
        before,
        after,
      });
      // The product pages that show it: the catalogue tag covers them all.
      catalogueWide(tags);
      return after;
    });
  }

  async function removeSizeTable(id: string, version: number, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const before = await lockSizeTable(tx, id, version, locale);
      const used = await usersOf(tx, eq(productGroups.sizeTableId, id));
      if (used.count > 0) {
        throw new InUseError(
          t(
            locale,
            `Таблицу размеров нельзя удалить: её используют товары (${used.count})`,
            `The size table cannot be deleted: ${used.count} product(s) use it`,
          ),
          used,
        );
      }
      await tx.delete(sizeTables).where(eq(sizeTables.id, id));
      await audit.record(tx, actor, {
        action: 'size-table.delete',
        entityType: 'size-table',
        entityId: id,
        before,
      });
      catalogueWide(tags);
      return { deleted: id };
    });
  }

  /** What the product editor chooses from. */
  async function editorOptions() {
    const [cats, cols, tables] = await Promise.all([
      db
        .select({ slug: categories.slug, name: categories.name, parentSlug: categories.parentSlug })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.slug)),
      db
        .select({ slug: collections.slug, name: collections.name })
        .from(collections)
        .orderBy(asc(collections.position), asc(collections.slug)),
      db.select({ id: sizeTables.id, title: sizeTables.title }).from(sizeTables).orderBy(asc(sizeTables.id)),
    ]);
    return { categories: cats, collections: cols, sizeTables: tables };
  }

  return {
    listProducts,
    getProduct,
    createProduct,
    updateProduct,
    setPublished,
    duplicateProduct,
    setStock,
    bulkEdit,
    editorOptions,
    listCategories,
    createCategory,
    updateCategory,
    removeCategory,
    listCollections,
    getCollection,
    createCollection,
    updateCollection,
    removeCollection,
    listSizeTables,
    getSizeTable,
    createSizeTable,
    updateSizeTable,
    removeSizeTable,
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
