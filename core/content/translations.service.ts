import { asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  categories,
  collections,
  customPages,
  type LocalizedText,
  type PageSection,
  productGroups,
} from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { contentTags } from './pages-admin.service.ts';
import {
  sectionFieldPattern,
  TRANSLATION_PAGE,
  type TranslationKind,
  type TranslationSave,
  translationFields,
  translationKinds,
} from './translations.schemas.ts';
import type { MissingText, TranslationSaved, TranslationsAnswer } from './translations.wire.ts';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** A text the English edition lacks: Russian there, English empty (pick() in core/i18n.ts then shows Russian). */
export function lacksEnglish(text: Partial<LocalizedText> | null | undefined): boolean {
  return (text?.ru ?? '').trim() !== '' && (text?.en ?? '').trim() === '';
}

/** The SQL twin of {@link lacksEnglish} for a jsonb column. */
const lacksEnglishSql = (column: SQL | unknown) =>
  sql`(btrim(coalesce(${column}->>'ru', '')) <> '' and btrim(coalesce(${column}->>'en', '')) = '')`;

const catalogueTables = {
  product: { table: productGroups, key: productGroups.id, order: [productGroups.position, productGroups.id] },
  category: { table: categories, key: categories.slug, order: [categories.position, categories.slug] },
  collection: { table: collections, key: collections.slug, order: [collections.position, collections.slug] },
} as const;
type CatalogueKind = keyof typeof catalogueTables;

/** A page's texts by field: its title and each text section's title and body. */
function pageTexts(page: { title: LocalizedText; sections: PageSection[] }): [string, LocalizedText][] {
  const texts: [string, LocalizedText][] = [['title', page.title]];
  page.sections.forEach((s, i) => {
    if (s.title) texts.push([`sections.${i}.title`, s.title]);
    if (s.body) texts.push([`sections.${i}.body`, s.body]);
  });
  return texts;
}

/**
 * The English edition's missing texts in one place (issue 34): counts per kind, the texts of a kind a
 * page at a time, and saving the English text of one field over the version the editor read. Saves go
 * through the one write helper, so the storefront's caches drop the record at once.
 */
export function createTranslationsService({
  db,
  audit,
  clock,
  cache = noReadCache,
  onCatalogueChange,
}: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  clock: () => Date;
  cache?: ReadCache;
  onCatalogueChange?: () => void;
}) {
  function catalogueColumns(kind: CatalogueKind) {
    const { table } = catalogueTables[kind];
    return translationFields[kind].map((f) => [f, (table as unknown as Record<string, unknown>)[f]] as const);
  }

  async function countCatalogue(kind: CatalogueKind): Promise<number> {
    const { table } = catalogueTables[kind];
    const sum = catalogueColumns(kind)
      .map(([, column]) => sql`(${lacksEnglishSql(column)})::int`)
      .reduce((a, b) => sql`${a} + ${b}`);
    const [row] = await db.select({ n: sql<number>`coalesce(sum(${sum}), 0)::int` }).from(table);
    return Number(row?.n ?? 0);
  }

  async function missingPages(): Promise<MissingText[]> {
    const pages = await db.select().from(customPages).orderBy(asc(customPages.index), asc(customPages.slug));
    return pages.flatMap((p) =>
      pageTexts(p)
        .filter(([, text]) => lacksEnglish(text))
        .map(([field, text]) => ({
          kind: 'page' as const,
          id: p.id,
          field,
          title: p.title.ru,
          ru: text.ru,
          version: p.updatedAt.toISOString(),
        })),
    );
  }

  async function counts(): Promise<Record<TranslationKind, number>> {
    const [product, category, collection, pages] = await Promise.all([
      countCatalogue('product'),
      countCatalogue('category'),
      countCatalogue('collection'),
      missingPages(),
    ]);
    return { product, category, collection, page: pages.length };
  }

  async function listCatalogue(kind: CatalogueKind, offset: number) {
    const { table, key, order } = catalogueTables[kind];
    const columns = catalogueColumns(kind);
    const rows = (await db
      .select()
      .from(table)
      .where(or(...columns.map(([, column]) => lacksEnglishSql(column))))
      .orderBy(...order.map((c) => asc(c)))
      .limit(TRANSLATION_PAGE + 1)
      .offset(offset)) as Record<string, unknown>[];
    const more = rows.length > TRANSLATION_PAGE;
    const texts = rows.slice(0, TRANSLATION_PAGE).flatMap((row) =>
      columns
        .filter(([field]) => lacksEnglish(row[field] as LocalizedText))
        .map(([field]) => ({
          kind,
          id: String(row[key.name === 'id' ? 'id' : 'slug']),
          field,
          title: (row.name as LocalizedText).ru,
          ru: (row[field] as LocalizedText).ru,
          version: Number(row.version),
        })),
    );
    return { texts, more };
  }

  /** The counts of every kind, and the texts of `kind` (the first kind that lacks any, by default). */
  async function list({
    kind,
    offset = 0,
  }: {
    kind?: TranslationKind;
    offset?: number;
  }): Promise<TranslationsAnswer> {
    const byKind = await counts();
    const shown = kind ?? translationKinds.find((k) => byKind[k] > 0) ?? translationKinds[0];
    let page: { texts: MissingText[]; more: boolean };
    if (shown === 'page') {
      const all = await missingPages();
      page = {
        texts: all.slice(offset, offset + TRANSLATION_PAGE),
        more: all.length > offset + TRANSLATION_PAGE,
      };
    } else {
      page = await listCatalogue(shown, offset);
    }
    const total = translationKinds.reduce((s, k) => s + byKind[k], 0);
    return { counts: byKind, total, kind: shown, offset, ...page };
  }

  function requireField(kind: TranslationKind, field: string, locale: Locale) {
    const known =
      (translationFields[kind] as readonly string[]).includes(field) ||
      (kind === 'page' && sectionFieldPattern.test(field));
    if (!known) {
      throw new AppError(
        'invalid_data',
        t(locale, 'Такого текста у записи нет', 'The record has no such text'),
        {
          field: 'field',
        },
      );
    }
  }

  const staleMessage = (locale: Locale) =>
    t(
      locale,
      'Текст изменили, пока вы его переводили. Ниже — новый текст; проверьте и сохраните ещё раз',
      'Someone changed this text while you were translating it. The newer text is shown; check it and save again',
    );
  const notFound = (locale: Locale) =>
    new AppError('not_found', t(locale, 'Запись не найдена', 'Record not found'));

  async function saveCatalogue(
    tx: Tx,
    tags: Set<string>,
    input: TranslationSave,
    actor: Actor,
    locale: Locale,
  ) {
    const kind = input.kind as CatalogueKind;
    const { table, key } = catalogueTables[kind];
    const [before] = (await tx.select().from(table).where(eq(key, input.id)).for('update')) as Record<
      string,
      unknown
    >[];
    if (!before) throw notFound(locale);
    const text = before[input.field] as LocalizedText;
    if (before.version !== input.version) {
      throw new StaleError(staleMessage(locale), { version: before.version, ru: text.ru, en: text.en });
    }
    const changes: Record<string, unknown> = {
      [input.field]: { ...text, en: input.en },
      version: sql`${(table as unknown as { version: unknown }).version} + 1`,
    };
    if (kind === 'product') changes.updatedAt = clock();
    const [after] = (await tx
      .update(table)
      .set(changes as never)
      .where(eq(key, input.id))
      .returning()) as Record<string, unknown>[];
    await audit.record(tx, actor, {
      action: `${kind}.update`,
      entityType: kind,
      entityId: input.id,
      before: { [input.field]: text },
      after: { [input.field]: after?.[input.field] },
    });
    tags.add(cacheTags.catalogue);
    tags.add(cacheTags.listings);
    if (kind === 'product') tags.add(cacheTags.group(input.id));
    return { version: Number(after?.version), en: input.en };
  }

  async function savePage(tx: Tx, tags: Set<string>, input: TranslationSave, actor: Actor, locale: Locale) {
    const [before] = await tx.select().from(customPages).where(eq(customPages.id, input.id)).for('update');
    if (!before) throw notFound(locale);
    const section = sectionFieldPattern.exec(input.field);
    const sections = before.sections.map((s) => ({ ...s }));
    let text: LocalizedText | undefined;
    let title = before.title;
    if (section) {
      const target = sections[Number(section[1])];
      const part = section[2] as 'title' | 'body';
      text = target?.[part];
      if (target && text) target[part] = { ...text, en: input.en };
    } else {
      text = before.title;
      title = { ...before.title, en: input.en };
    }
    if (!text) throw notFound(locale);
    if (before.updatedAt.toISOString() !== input.version) {
      throw new StaleError(
        staleMessage(locale),
        { version: before.updatedAt.toISOString(), ru: text.ru, en: text.en },
        'updatedAt',
      );
    }
    const stamp = new Date(Math.max(clock().getTime(), before.updatedAt.getTime() + 1));
    await tx
      .update(customPages)
      .set({ title, sections, updatedAt: stamp })
      .where(eq(customPages.id, input.id));
    await audit.record(tx, actor, {
      action: 'page.update',
      entityType: 'page',
      entityId: input.id,
      before: { [input.field]: text },
      after: { [input.field]: { ...text, en: input.en } },
    });
    for (const tag of contentTags) tags.add(tag);
    return { version: stamp.toISOString(), en: input.en };
  }

  /** Saves the English text of one field; the Russian stays as it is. */
  async function save(input: TranslationSave, actor: Actor, locale: Locale): Promise<TranslationSaved> {
    requireField(input.kind, input.field, locale);
    const result = await announcedWrite<TranslationSaved>(db, cache, (tx, tags) =>
      input.kind === 'page'
        ? savePage(tx, tags, input, actor, locale)
        : saveCatalogue(tx, tags, input, actor, locale),
    );
    if (input.kind !== 'page') onCatalogueChange?.();
    return result;
  }

  return { list, counts, save };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
