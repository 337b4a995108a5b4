import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { tagsVersion } from '../catalogue/photo-tags.rules.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  categories,
  collections,
  customPages,
  type LocalizedText,
  looks,
  type PageSection,
  photoTags,
  productGroups,
} from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { contentTags } from './pages-admin.service.ts';
import {
  lookTagIdPattern,
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

  /** Photo tags with a Russian name and no English one (core/catalogue/tag-names.rules.ts). */
  const photoTagLacks = sql`(btrim(${photoTags.name}) <> '' and btrim(${photoTags.nameEn}) = '')`;

  async function countPhotoTags(): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(photoTags).where(photoTagLacks);
    return Number(row?.n ?? 0);
  }

  async function listPhotoTags(offset: number) {
    const rows = await db
      .select({ tag: photoTags, product: productGroups.name })
      .from(photoTags)
      .innerJoin(productGroups, eq(productGroups.id, photoTags.groupId))
      .where(photoTagLacks)
      .orderBy(asc(photoTags.id))
      .limit(TRANSLATION_PAGE + 1)
      .offset(offset);
    const texts = rows.slice(0, TRANSLATION_PAGE).map(({ tag, product }) => ({
      kind: 'photoTag' as const,
      id: String(tag.id),
      field: 'name',
      title: product.ru,
      ru: tag.name,
      version: tagsVersion([tag]),
      record: tag.groupId,
    }));
    return { texts, more: rows.length > TRANSLATION_PAGE };
  }

  /** Look tags lack English as a page's texts do: read whole, the looks are few. */
  async function missingLookTags(): Promise<MissingText[]> {
    const rows = await db.select().from(looks).orderBy(asc(looks.index), asc(looks.id));
    const ids = [...new Set(rows.flatMap((look) => look.tags.map((tag) => tag.productID)))];
    const products =
      ids.length > 0
        ? await db
            .select({ id: productGroups.id, name: productGroups.name })
            .from(productGroups)
            .where(inArray(productGroups.id, ids))
        : [];
    const nameOf = new Map(products.map((p) => [p.id, p.name.ru]));
    return rows.flatMap((look) =>
      look.tags.flatMap((tag, i) =>
        lacksEnglish({ ru: tag.name, en: tag.nameEn ?? '' })
          ? [
              {
                kind: 'lookTag' as const,
                id: `${look.id}:${i}`,
                field: 'name',
                // The product the tag names: what the text belongs to.
                title: nameOf.get(tag.productID) ?? tag.productID,
                ru: tag.name,
                version: look.updatedAt.toISOString(),
                record: look.id,
              },
            ]
          : [],
      ),
    );
  }

  async function counts(): Promise<Record<TranslationKind, number>> {
    const [product, category, collection, pages, photoTag, lookTags] = await Promise.all([
      countCatalogue('product'),
      countCatalogue('category'),
      countCatalogue('collection'),
      missingPages(),
      countPhotoTags(),
      missingLookTags(),
    ]);
    return { product, category, collection, page: pages.length, photoTag, lookTag: lookTags.length };
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
    if (shown === 'page' || shown === 'lookTag') {
      const all = shown === 'page' ? await missingPages() : await missingLookTags();
      page = {
        texts: all.slice(offset, offset + TRANSLATION_PAGE),
        more: all.length > offset + TRANSLATION_PAGE,
      };
    } else if (shown === 'photoTag') {
      page = await listPhotoTags(offset);
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

  /** A photo tag's English name, over the version of the tag the editor read. */
  async function savePhotoTag(
    tx: Tx,
    tags: Set<string>,
    input: TranslationSave,
    actor: Actor,
    locale: Locale,
  ) {
    const id = /^\d{1,9}$/.test(input.id) ? Number(input.id) : 0;
    const [found] = await tx.select().from(photoTags).where(eq(photoTags.id, id));
    if (!found) throw notFound(locale);
    // The group's row lock, as the in-place editor's save takes it (core/catalogue/in-place.service.ts).
    await tx
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(eq(productGroups.id, found.groupId))
      .for('update');
    const [before] = await tx.select().from(photoTags).where(eq(photoTags.id, id));
    if (!before) throw notFound(locale);
    const version = tagsVersion([before]);
    if (version !== input.version) {
      throw new StaleError(staleMessage(locale), { version, ru: before.name, en: before.nameEn });
    }
    const [after] = await tx
      .update(photoTags)
      .set({ nameEn: input.en })
      .where(eq(photoTags.id, id))
      .returning();
    if (!after) throw notFound(locale);
    await audit.record(tx, actor, {
      action: 'product.tags.save',
      entityType: 'product_group',
      entityId: before.groupId,
      before: { src: before.src, tags: [before] },
      after: { src: after.src, tags: [after] },
    });
    tags.add(cacheTags.group(before.groupId));
    return { version: tagsVersion([after]), en: input.en };
  }

  /** A look tag's English name, over the look's `updatedAt` the editor read. */
  async function saveLookTag(tx: Tx, input: TranslationSave, actor: Actor, locale: Locale) {
    const match = lookTagIdPattern.exec(input.id);
    const [before] = match
      ? await tx
          .select()
          .from(looks)
          .where(eq(looks.id, match[1] ?? ''))
          .for('update')
      : [];
    const index = Number(match?.[2] ?? -1);
    const tag = before?.tags[index];
    if (!before || !tag) throw notFound(locale);
    if (before.updatedAt.toISOString() !== input.version) {
      throw new StaleError(
        staleMessage(locale),
        { version: before.updatedAt.toISOString(), ru: tag.name, en: tag.nameEn ?? '' },
        'updatedAt',
      );
    }
    const lookTags = before.tags.map((t, i) => (i === index ? { ...t, nameEn: input.en } : t));
    const stamp = new Date(Math.max(clock().getTime(), before.updatedAt.getTime() + 1));
    await tx.update(looks).set({ tags: lookTags, updatedAt: stamp }).where(eq(looks.id, before.id));
    await audit.record(tx, actor, {
      action: 'look.update',
      entityType: 'look',
      entityId: before.id,
      before: { [`tags.${index}.name`]: { ru: tag.name, en: tag.nameEn ?? '' } },
      after: { [`tags.${index}.name`]: { ru: tag.name, en: input.en } },
    });
    return { version: stamp.toISOString(), en: input.en };
  }

  /** Saves the English text of one field; the Russian stays as it is. */
  async function save(input: TranslationSave, actor: Actor, locale: Locale): Promise<TranslationSaved> {
    requireField(input.kind, input.field, locale);
    const { kind } = input;
    const result = await announcedWrite<TranslationSaved>(db, cache, (tx, tags) => {
      if (kind === 'page') return savePage(tx, tags, input, actor, locale);
      if (kind === 'photoTag') return savePhotoTag(tx, tags, input, actor, locale);
      if (kind === 'lookTag') {
        for (const tag of contentTags) tags.add(tag);
        return saveLookTag(tx, input, actor, locale);
      }
      return saveCatalogue(tx, tags, input, actor, locale);
    });
    if (kind !== 'page' && kind !== 'lookTag') onCatalogueChange?.();
    return result;
  }

  return { list, counts, save };
}

export type TranslationsService = ReturnType<typeof createTranslationsService>;
