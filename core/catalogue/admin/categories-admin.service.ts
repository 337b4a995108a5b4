import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/audit.service.ts';
import type { Tx } from '../../db/client.ts';
import { categories, productGroups } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import type { CategoryCreateInput, CategoryUpdateInput } from '../catalogue-admin.schemas.ts';
import { slugOf, uniqueSlug } from '../slug.rules.ts';
import {
  audienceColumnsOnCreate,
  audienceColumnsOnUpdate,
  type CatalogueAdminContext,
  InUseError,
  StaleError,
  staleMessage,
  t,
} from './catalogue-admin.context.ts';

/** Categories: the tree, create, update and delete (refused while products or subcategories use one). */
export function createCategoriesAdmin({ db, audit, change, catalogueWide, usersOf }: CatalogueAdminContext) {
  async function listCategories() {
    const rows = await db
      .select({
        slug: categories.slug,
        parentSlug: categories.parentSlug,
        name: categories.name,
        position: categories.position,
        ageGroup: categories.ageGroup,
        gender: categories.gender,
        vatRate: categories.vatRate,
        marked: categories.marked,
        hsCode: categories.hsCode,
        originCountry: categories.originCountry,
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

  async function createCategory(input: CategoryCreateInput, actor: Actor, locale: Locale) {
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
          ...audienceColumnsOnCreate(input),
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
    if (row.version !== version) throw new StaleError(staleMessage(locale), row);
    return row;
  }

  async function updateCategory(slug: string, input: CategoryUpdateInput, actor: Actor, locale: Locale) {
    return change(async (tx, tags) => {
      const before = await lockCategory(tx, slug, input.version, locale);
      await requireParent(tx, input.parentSlug, slug, locale);
      const [after] = await tx
        .update(categories)
        .set({
          name: input.name,
          parentSlug: input.parentSlug,
          position: input.position,
          ...audienceColumnsOnUpdate(input),
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

  return { listCategories, createCategory, updateCategory, removeCategory };
}
