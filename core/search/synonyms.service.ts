import { and, asc, eq } from 'drizzle-orm';
import type { Actor, createAuditService } from '../audit/audit.service.ts';
import type { Db } from '../db/client.ts';
import { searchSynonyms } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import type { SynonymCreateInput, SynonymUpdateInput, SynonymView } from './synonyms.schemas.ts';

type Row = typeof searchSynonyms.$inferSelect;
type Audit = Pick<ReturnType<typeof createAuditService>, 'record'>;

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

const view = (row: Row): SynonymView => ({
  id: row.id,
  term: row.term,
  alternatives: row.alternatives,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The search synonyms editors keep (docs/decisions/0029-russian-search-seo-and-shopper-messages.md). Every change is audited
 * in its transaction and drops this instance's search index; other instances rebuild theirs
 * within a minute (the index's lifetime).
 */
export function createSynonymsService({
  db,
  audit,
  clock,
  onChange,
}: {
  db: Db;
  audit: Audit;
  clock: () => Date;
  /** Called after a committed change (the search index is dropped). */
  onChange: () => void;
}) {
  async function list(): Promise<SynonymView[]> {
    const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term));
    return rows.map(view);
  }

  const taken = (locale: Locale) =>
    new AppError('conflict', t(locale, 'Такое слово уже есть в списке', 'This word is already listed'), {
      field: 'term',
    });

  async function create(input: SynonymCreateInput, actor: Actor, locale: Locale): Promise<SynonymView> {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(searchSynonyms)
        .values({ term: input.term, alternatives: input.alternatives, updatedAt: clock() })
        .onConflictDoNothing()
        .returning();
      if (!row) throw taken(locale);
      await audit.record(tx, actor, {
        action: 'search_synonym.create',
        entityType: 'search_synonym',
        entityId: String(row.id),
        after: view(row),
      });
      return view(row);
    });
    onChange();
    return created;
  }

  async function lockCurrent(tx: Pick<Db, 'select'>, id: number, version: number, locale: Locale) {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
    if (!before) throw new AppError('not_found', t(locale, 'Синоним не найден', 'Synonym not found'));
    if (before.version !== version) {
      throw new StaleError(
        t(
          locale,
          'Синоним изменили, пока вы его редактировали: показаны новые значения',
          'The synonym was changed while you edited it: the newer values are shown',
        ),
        view(before),
      );
    }
    return before;
  }

  async function update(id: number, input: SynonymUpdateInput, actor: Actor, locale: Locale) {
    const updated = await db.transaction(async (tx) => {
      const before = await lockCurrent(tx, id, input.version, locale);
      if (input.term !== before.term) {
        const [other] = await tx
          .select({ id: searchSynonyms.id })
          .from(searchSynonyms)
          .where(eq(searchSynonyms.term, input.term));
        if (other) throw taken(locale);
      }
      const [row] = await tx
        .update(searchSynonyms)
        .set({
          term: input.term,
          alternatives: input.alternatives,
          version: before.version + 1,
          updatedAt: clock(),
        })
        .where(and(eq(searchSynonyms.id, id), eq(searchSynonyms.version, before.version)))
        .returning();
      if (!row) throw new Error(`search synonym ${id} vanished under its lock`);
      await audit.record(tx, actor, {
        action: 'search_synonym.update',
        entityType: 'search_synonym',
        entityId: String(id),
        before: view(before),
        after: view(row),
      });
      return view(row);
    });
    onChange();
    return updated;
  }

  async function remove(id: number, version: number, actor: Actor, locale: Locale): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await lockCurrent(tx, id, version, locale);
      await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
      await audit.record(tx, actor, {
        action: 'search_synonym.delete',
        entityType: 'search_synonym',
        entityId: String(id),
        before: view(before),
      });
    });
    onChange();
  }

  return { list, create, update, remove };
}

export type SynonymsService = ReturnType<typeof createSynonymsService>;
