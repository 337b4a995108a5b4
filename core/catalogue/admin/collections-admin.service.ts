import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/audit.service.ts';
import type { Db, Tx } from '../../db/client.ts';
import { collectionGroups, collections, type LocalizedText, productGroups } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import { slugOf, uniqueSlug } from '../slug.rules.ts';
import { type CatalogueAdminContext, StaleError, staleMessage, t } from './catalogue-admin.context.ts';

/** Collections: the list, one with its products, create, update and delete. */
export function createCollectionsAdmin({ db, audit, change, catalogueWide }: CatalogueAdminContext) {
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
    if (row.version !== version) throw new StaleError(staleMessage(locale), record);
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

  return { listCollections, getCollection, createCollection, updateCollection, removeCollection };
}
