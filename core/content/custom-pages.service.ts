import { randomBytes } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { noReadCache } from '../cache/read-cache.ts';
import { slugOf, uniqueSlug } from '../catalogue/slug.rules.ts';
import type { Tx } from '../db/client.ts';
import { customPageCategories, looks, productGroups } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import {
  type ContentServiceDeps,
  changeRecorder,
  contentWrites,
  freshRow,
  newOrder,
} from './content-write.ts';
import type {
  CategoryCreateInput,
  CategoryUpdateInput,
  CategoryWire,
  LookUpdateInput,
  LookWire,
} from './custom-pages.schemas.ts';
import { lookItemIds } from './looks.rules.ts';

type CategoryRow = typeof customPageCategories.$inferSelect;
type LookRow = typeof looks.$inferSelect;
const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

const categoryWire = (row: CategoryRow): CategoryWire => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  sections: row.sections,
  date: row.date.toISOString(),
  index: row.index,
  updatedAt: row.updatedAt.toISOString(),
});

const lookWire = (row: LookRow): LookWire => ({
  _id: row.id,
  date: row.date.toISOString(),
  sections: row.sections,
  src: row.src,
  tags: row.tags,
  index: row.index,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Custom-page categories and the looks of the 'instashop' page (catalogue.md §3, §7): public reads,
 * staff changes each in one transaction with its audit record, then the page caches are dropped.
 */
export function createCustomPagesService({ db, audit, clock, cache = noReadCache }: ContentServiceDeps) {
  const { write, nextStamp } = contentWrites({ db, clock, cache });
  const recordCategory = changeRecorder(audit, 'page-category');
  const recordLook = changeRecorder(audit, 'look');

  // --- categories -------------------------------------------------------------------------

  async function listCategories(direction: 'index:1' | 'index:-1' = 'index:1'): Promise<CategoryWire[]> {
    const order =
      direction === 'index:1' ? asc(customPageCategories.index) : desc(customPageCategories.index);
    const rows = await db
      .select()
      .from(customPageCategories)
      .orderBy(order, asc(customPageCategories.date), asc(customPageCategories.id));
    return rows.map(categoryWire);
  }

  const categoryNotFound = (locale: Locale) =>
    new AppError('not_found', t(locale, 'Категория не найдена', 'Category not found'));
  const slugTaken = (slug: string, locale: Locale) =>
    new AppError(
      'conflict',
      t(
        locale,
        `Адрес ${slug} уже занят другой категорией`,
        `The address ${slug} is taken by another category`,
      ),
      { field: 'slug' },
    );

  async function createCategory(input: CategoryCreateInput, actor: Actor, locale: Locale) {
    const now = clock();
    return write(async (tx) => {
      // Creations one at a time: the index and the derived slug are chosen from what exists.
      await tx.execute(sql`lock table ${customPageCategories} in share row exclusive mode`);
      const rows = await tx.select().from(customPageCategories);
      const taken = new Set(rows.map((r) => r.slug));
      if (input.slug && taken.has(input.slug)) throw slugTaken(input.slug, locale);
      const slug = input.slug ?? uniqueSlug(slugOf(input.name, 'category'), taken);
      const [row] = await tx
        .insert(customPageCategories)
        .values({
          id: randomBytes(12).toString('hex'),
          name: input.name,
          slug,
          sections: input.sections,
          date: now,
          index: rows.reduce((m, r) => Math.max(m, r.index), 0) + 1,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('category insert returned nothing');
      const after = categoryWire(row);
      await recordCategory(tx, actor, 'create', row.id, { after });
      return after;
    });
  }

  async function lockCategory(tx: Tx, id: string, updatedAt: string | undefined, locale: Locale) {
    const [before] = await tx
      .select()
      .from(customPageCategories)
      .where(eq(customPageCategories.id, id))
      .for('update');
    return freshRow(
      before,
      updatedAt,
      {
        notFound: () => categoryNotFound(locale),
        stale: t(
          locale,
          'Категорию изменили, пока вы её редактировали: показана новая версия',
          'The category was changed while you edited it: the newer version is shown',
        ),
      },
      categoryWire,
    );
  }

  async function updateCategory(id: string, input: CategoryUpdateInput, actor: Actor, locale: Locale) {
    if (input._id !== undefined && input._id !== id)
      throw new AppError('invalid_data', t(locale, 'Не та категория', 'Another category'), { field: '_id' });
    return write(async (tx) => {
      const before = await lockCategory(tx, id, input.updatedAt, locale);
      if (input.slug !== before.slug) {
        const [other] = await tx
          .select({ id: customPageCategories.id })
          .from(customPageCategories)
          .where(eq(customPageCategories.slug, input.slug));
        if (other) throw slugTaken(input.slug, locale);
      }
      const [row] = await tx
        .update(customPageCategories)
        .set({
          name: input.name,
          slug: input.slug,
          sections: input.sections,
          index: input.index,
          updatedAt: nextStamp(before.updatedAt),
        })
        .where(eq(customPageCategories.id, id))
        .returning();
      if (!row) throw new Error(`category ${id} vanished under its lock`);
      const after = categoryWire(row);
      await recordCategory(tx, actor, 'update', id, { before: categoryWire(before), after });
      return after;
    });
  }

  async function removeCategory(id: string, updatedAt: string | undefined, actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const before = await lockCategory(tx, id, updatedAt, locale);
      // Pages of the category stay, without a category (the foreign key sets it to null).
      await tx.delete(customPageCategories).where(eq(customPageCategories.id, id));
      await recordCategory(tx, actor, 'delete', id, { before: categoryWire(before) });
      return { removed: id };
    });
  }

  // --- looks ------------------------------------------------------------------------------

  /** GET /api/custompages/instashop: every look, by index ascending. */
  async function listLooks(): Promise<LookWire[]> {
    const rows = await db.select().from(looks).orderBy(asc(looks.index), asc(looks.date), asc(looks.id));
    return rows.map(lookWire);
  }

  const lookNotFound = (locale: Locale) =>
    new AppError('not_found', t(locale, 'Образ не найден', 'Look not found'));

  async function lockLook(tx: Tx, id: string, updatedAt: string, locale: Locale) {
    const [before] = await tx.select().from(looks).where(eq(looks.id, id)).for('update');
    return freshRow(
      before,
      updatedAt,
      {
        notFound: () => lookNotFound(locale),
        stale: t(
          locale,
          'Образ изменили, пока вы его редактировали: показана новая версия',
          'The look was changed while you edited it: the newer version is shown',
        ),
      },
      lookWire,
    );
  }

  /** A new look goes last with the defaults of catalogue.md §7 (date now, no sections, no tags). */
  async function createLook(src: string, actor: Actor) {
    const now = clock();
    return write(async (tx) => {
      await tx.execute(sql`lock table ${looks} in share row exclusive mode`);
      const [last] = await tx.select({ index: looks.index }).from(looks).orderBy(desc(looks.index)).limit(1);
      const [row] = await tx
        .insert(looks)
        .values({
          id: randomBytes(12).toString('hex'),
          src,
          tags: [],
          sections: [],
          date: now,
          index: (last?.index ?? 0) + 1,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('look insert returned nothing');
      const after = lookWire(row);
      await recordLook(tx, actor, 'create', row.id, { after });
      return after;
    });
  }

  /** The photo and its tags; every tag must name a product group of the catalogue. */
  async function updateLook(id: string, input: LookUpdateInput, actor: Actor, locale: Locale) {
    const ids = lookItemIds(input.tags);
    const known = new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: productGroups.id })
              .from(productGroups)
              .where(inArray(productGroups.id, ids))
          ).map((r) => r.id),
    );
    const unknown = input.tags.findIndex((tag) => !known.has(tag.productID));
    if (unknown >= 0) {
      throw new AppError(
        'invalid_data',
        t(
          locale,
          `Товар ${input.tags[unknown]?.productID} не найден`,
          `Product ${input.tags[unknown]?.productID} not found`,
        ),
        { field: `tags.${unknown}.productID` },
      );
    }
    return write(async (tx) => {
      const before = await lockLook(tx, id, input.updatedAt, locale);
      const [row] = await tx
        .update(looks)
        .set({ src: input.src, tags: input.tags, updatedAt: nextStamp(before.updatedAt) })
        .where(eq(looks.id, id))
        .returning();
      if (!row) throw new Error(`look ${id} vanished under its lock`);
      const after = lookWire(row);
      await recordLook(tx, actor, 'update', id, { before: lookWire(before), after });
      return after;
    });
  }

  async function removeLook(id: string, updatedAt: string, actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const before = await lockLook(tx, id, updatedAt, locale);
      await tx.delete(looks).where(eq(looks.id, id));
      await recordLook(tx, actor, 'delete', id, { before: lookWire(before) });
      return { removed: id };
    });
  }

  /** The looks' order on the page: `ids` from first to last, every look named once. */
  async function reorderLooks(ids: string[], actor: Actor, locale: Locale) {
    return write(async (tx) => {
      const rows = await tx.select().from(looks).for('update');
      const { before, moves } = newOrder(
        ids,
        rows,
        t(
          locale,
          'Порядок должен назвать каждый образ один раз (список устарел — обновите страницу)',
          'The order must name every look once (the list is out of date: reload it)',
        ),
      );
      // The order is not an edit of a look: open editors stay valid.
      for (const { id, index } of moves) await tx.update(looks).set({ index }).where(eq(looks.id, id));
      await recordLook(tx, actor, 'reorder', '*', { before, after: ids });
      return { data: await listLooksIn(tx) };
    });
  }

  async function listLooksIn(tx: Tx) {
    return (await tx.select().from(looks).orderBy(asc(looks.index), asc(looks.id))).map(lookWire);
  }

  return {
    listCategories,
    createCategory,
    updateCategory,
    removeCategory,
    listLooks,
    createLook,
    updateLook,
    removeLook,
    reorderLooks,
  };
}

export type CustomPagesService = ReturnType<typeof createCustomPagesService>;
