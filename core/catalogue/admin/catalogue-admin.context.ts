import { asc, count, type SQL, sql } from 'drizzle-orm';
import type { AuditService } from '../../audit/audit.service.ts';
import { announcedWrite } from '../../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../../cache/read-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { productGroups, type variantProducts } from '../../db/schema/index.ts';
import type { Locale } from '../../i18n.ts';
import { type AudienceInput, catalogueLimits } from '../catalogue-admin.schemas.ts';
export type GroupRow = typeof productGroups.$inferSelect;
export type VariantRow = typeof variantProducts.$inferSelect;

export const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** What a save over a newer version of a category, collection or size table answers. */
export const staleMessage = (locale: Locale) =>
  t(
    locale,
    'Запись изменили, пока вы её редактировали. Ниже — новые значения; обновите и повторите',
    'Someone changed this record while you were editing it. The newer values are shown; reload and try again',
  );

/** A new category's or product's audience, VAT, marking and customs columns: an absent one is null. */
export const audienceColumnsOnCreate = (input: AudienceInput) => ({
  ageGroup: input.ageGroup,
  gender: input.gender,
  vatRate: input.vatRate,
  marked: input.marked ?? null,
  hsCode: input.hsCode ?? null,
  originCountry: input.originCountry ?? null,
});

/** The same columns on a save: an absent marking or customs field leaves its column as it is. */
export const audienceColumnsOnUpdate = (input: AudienceInput) => ({
  ageGroup: input.ageGroup,
  gender: input.gender,
  vatRate: input.vatRate,
  ...(input.marked !== undefined ? { marked: input.marked } : {}),
  ...(input.hsCode !== undefined ? { hsCode: input.hsCode } : {}),
  ...(input.originCountry !== undefined ? { originCountry: input.originCountry } : {}),
});

// The one conflict protocol (core/errors.ts), under the names the catalogue's services use.
export { InUseError, StaleError } from '../../errors.ts';

export interface CatalogueAdminDeps {
  db: Db;
  audit: AuditService;
  clock: () => Date;
  cache?: ReadCache;
  /** After a committed catalogue change (the search index is dropped here). */
  onCatalogueChange?: () => void;
}

/**
 * What the parts of the catalogue back office share: the database, the audit log, the clock and
 * `change`, the one transaction that announces the read-cache tags it touched at commit.
 */
export function createCatalogueAdminContext({
  db,
  audit,
  clock,
  cache = noReadCache,
  onCatalogueChange,
}: CatalogueAdminDeps) {
  /** A transaction that announces `tags` at commit and forgets them here right after. */
  async function change<T>(work: (tx: Tx, tags: Set<string>) => Promise<T>): Promise<T> {
    const result = await announcedWrite(db, cache, work);
    onCatalogueChange?.();
    return result;
  }

  const catalogueWide = (tags: Set<string>, ...groupIds: string[]) => {
    tags.add(cacheTags.catalogue);
    tags.add(cacheTags.listings);
    for (const id of groupIds) tags.add(cacheTags.group(id));
  };

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

  return { db, audit, clock, change, catalogueWide, usersOf };
}

export type CatalogueAdminContext = ReturnType<typeof createCatalogueAdminContext>;
