import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Actor } from '../../audit/audit.service.ts';
import type { Tx } from '../../db/client.ts';
import { productGroups, sizeTables } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import type { SizeTableInput } from '../catalogue-admin.schemas.ts';
import { slugOf, uniqueSlug } from '../slug.rules.ts';
import {
  type CatalogueAdminContext,
  InUseError,
  StaleError,
  staleMessage,
  t,
} from './catalogue-admin.context.ts';

/** Size tables: the list, one table, create, update and delete (refused while products use one). */
export function createSizeTablesAdmin({ db, audit, change, catalogueWide, usersOf }: CatalogueAdminContext) {
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
    if (row.version !== version) throw new StaleError(staleMessage(locale), row);
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

  return { listSizeTables, getSizeTable, createSizeTable, updateSizeTable, removeSizeTable };
}
