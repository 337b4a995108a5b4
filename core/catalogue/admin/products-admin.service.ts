import { and, asc, count, desc, eq, exists, ilike, inArray, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/audit.service.ts';
import { cacheTags } from '../../cache/read-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  categories,
  collectionGroups,
  collections,
  orderLines,
  productGroups,
  productPhotos,
  sizeTables,
  variantProducts,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { forgetExchangeHiding } from '../../exchange/catalogue-writes.ts';
import type { Locale } from '../../i18n.ts';
import { enqueueRestockCheck } from '../../messages/order-messages.service.ts';
import { bulkPrice } from '../catalogue-admin.rules.ts';
import type {
  BulkChange,
  DuplicateInput,
  ProductCreateInput,
  ProductListQuery,
  ProductUpdateInput,
  VariantInput,
} from '../catalogue-admin.schemas.ts';
import { sortSizes } from '../size.rules.ts';
import { slugOf, uniqueSlug } from '../slug.rules.ts';
import {
  audienceColumnsOnCreate,
  audienceColumnsOnUpdate,
  type CatalogueAdminContext,
  type GroupRow,
  StaleError,
  t,
  type VariantRow,
} from './catalogue-admin.context.ts';

/** Products: the list, one product with its sizes and photos, create, update, publish, duplicate, stock and bulk edits; the editor's options. */
export function createProductsAdmin({ db, audit, clock, change, catalogueWide }: CatalogueAdminContext) {
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
        ...audienceColumnsOnCreate(input),
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
      throw new StaleError(
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
          ...audienceColumnsOnUpdate(input),
          published: input.published,
          version: sql`${productGroups.version} + 1`,
          updatedAt: now,
        })
        .where(eq(productGroups.id, id));
      // Shown by hand: no longer the 1C exchange's hiding to undo (docs/decisions/0031).
      if (input.published) await forgetExchangeHiding(tx, [id]);
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
      // Shown or hidden by hand: the 1C exchange never undoes it (docs/decisions/0031).
      await forgetExchangeHiding(tx, [id]);
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
        ageGroup: product.ageGroup,
        gender: product.gender,
        vatRate: product.vatRate,
        marked: product.marked,
        hsCode: product.hsCode,
        originCountry: product.originCountry,
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
        throw new StaleError(
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
            await forgetExchangeHiding(tx, [group.id]);
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

  async function editorOptions() {
    const [cats, cols, tables] = await Promise.all([
      db
        .select({
          slug: categories.slug,
          name: categories.name,
          parentSlug: categories.parentSlug,
          ageGroup: categories.ageGroup,
          gender: categories.gender,
          vatRate: categories.vatRate,
          marked: categories.marked,
          hsCode: categories.hsCode,
          originCountry: categories.originCountry,
        })
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
  };
}
