import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { StaleError } from '../catalogue/catalogue-admin.service.ts';
import { slugOf, uniqueSlug } from '../catalogue/slug.rules.ts';
import type { Db, Tx } from '../db/client.ts';
import { categories, type ImportKind, imports, productGroups, variantProducts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import {
  forgetExchangeHiding,
  type PriceChange,
  type StockChange,
  writePriceChanges,
  writeStockChanges,
} from './catalogue-writes.ts';
import {
  CsvFileError,
  type CsvKind,
  type CsvRow,
  csvAgeGroup,
  csvDocument,
  csvGender,
  csvPrice,
  mapHeader,
  readRow,
} from './csv.rules.ts';
import { CsvDecoder, type CsvLimits, CsvTooLarge, readCsvRecords } from './csv-reader.ts';
import { capReport, emptyReport, type ImportReport, REPORT_LIMIT } from './exchange.rules.ts';

type GroupRow = typeof productGroups.$inferSelect;
type VariantRow = typeof variantProducts.$inferSelect;

/** The largest CSV file taken (a shop of 100,000 sizes is about 10 MB). */
export const MAX_CSV_BYTES = 20_000_000;
/** The most lines a CSV file may have after its header (twice the sizes of a large shop). */
export const MAX_CSV_LINES = 200_000;
export const csvLimits: CsvLimits = { maxBytes: MAX_CSV_BYTES, maxLines: MAX_CSV_LINES };

/** A CSV file as uploaded: its bytes as they stream in, or all of them. */
export type CsvInput = Uint8Array | AsyncIterable<Uint8Array>;

async function* chunksOf(input: CsvInput): AsyncIterable<Uint8Array> {
  if (!(input instanceof Uint8Array)) return yield* input;
  for (let at = 0; at < input.length; at += 65_536) yield input.subarray(at, at + 65_536);
}
const BATCH = 1000;
/** The colour a product made from a CSV shows until staff pick one (the file names the colour only). */
const UNSET_COLOUR_HEX = '#9e9e9e';

/** One line of the preview: what applying the file does to the catalogue. */
export interface CsvChange {
  line: number;
  action: 'create' | 'change' | 'hide' | 'show';
  /** The product group's id (or the new one), and the size's barcode when it is about a size. */
  target: string;
  detail: string;
}

export interface CsvReport extends ImportReport {
  encoding: 'utf-8' | 'windows-1251';
  rows: number;
  /** What applying changes (or changed), line by line; the first {@link REPORT_LIMIT}. */
  changes: CsvChange[];
  changesOmitted?: number;
  /** Names the exact changes of a preview: an apply naming another digest meets a changed catalogue. */
  digest: string;
}

export interface CsvOutcome {
  importId: number | null;
  status: 'preview' | 'applied' | 'refused';
  report: CsvReport;
}

interface Plan {
  report: CsvReport;
  allChanges: CsvChange[];
  newGroups: (typeof productGroups.$inferInsert)[];
  groupUpdates: { id: string; set: Partial<typeof productGroups.$inferInsert> }[];
  newVariants: (typeof variantProducts.$inferInsert)[];
  variantUpdates: { id: string; set: Partial<typeof variantProducts.$inferInsert> }[];
  stock: StockChange[];
  prices: PriceChange[];
  tags: Set<string>;
}

const keyOf = (art: string, colour: string) =>
  `${art.trim().toLowerCase()}\u0000${colour.trim().toLowerCase()}`;
const money = (k: number | null) => (k === null ? '—' : csvPrice(k));
const importKind = (kind: CsvKind): ImportKind => (kind === 'products' ? 'csv-products' : 'csv-stock');

/**
 * CSV import and export of the catalogue (issue 20; docs/decisions/0031-catalogue-exchange.md):
 * products (one line per size) and stock and prices (by barcode). A file is first previewed — what
 * it would create, change, hide and refuse, line by line — then applied in one transaction with its
 * audit record, the cache announcement and the restock checks a manual edit makes (the writes are
 * the CommerceML import's, core/exchange/catalogue-writes.ts). Applying the same file again
 * changes nothing. A manager may change stock, not prices (DECISIONS 30).
 */
export function createCsvExchangeService({
  db,
  audit,
  clock,
  cache = noReadCache,
  onCatalogueChange,
  limits = csvLimits,
}: {
  db: Db;
  audit: AuditService;
  clock: () => Date;
  cache?: ReadCache;
  onCatalogueChange?: () => void;
  /** The file's limits; tests lower them. */
  limits?: CsvLimits;
}) {
  /**
   * Reads the file's lines as it streams in; a file past a limit throws {@link CsvTooLarge} before
   * the rest of it is read, one that cannot be read at all {@link CsvFileError}.
   */
  async function readFile(kind: CsvKind, input: CsvInput) {
    const decoder = new CsvDecoder();
    const rows: CsvRow[] = [];
    const refused: ImportReport['refused'] = [];
    let columns: ReturnType<typeof mapHeader> | null = null;
    try {
      for await (const { record, line } of readCsvRecords(chunksOf(input), limits, decoder)) {
        if (!columns) {
          columns = mapHeader(kind, record);
          continue;
        }
        if (record.every((c) => c.trim() === '')) continue;
        const result = readRow(kind, columns, record, line);
        if (result.ok) rows.push(result.row);
        else refused.push({ line: result.line, id: result.id, reason: result.reason });
      }
    } catch (error) {
      if (error instanceof CsvFileError || error instanceof CsvTooLarge) throw error;
      const e = error as { message?: string };
      throw new CsvFileError(`файл не читается как CSV: ${e.message ?? String(error)}`);
    }
    if (!columns) throw new CsvFileError('в файле нет строки заголовка');
    return { rows, refused, encoding: decoder.encoding ?? ('utf-8' as const) };
  }

  async function lockRows(tx: Tx, rows: CsvRow[]) {
    const barcodes = [...new Set(rows.map((r) => r.barcode))];
    const variants: VariantRow[] = [];
    for (let i = 0; i < barcodes.length; i += BATCH) {
      variants.push(
        ...(await tx
          .select()
          .from(variantProducts)
          .where(inArray(variantProducts.barcode, barcodes.slice(i, i + BATCH)))
          .for('update')),
      );
    }
    const arts = [...new Set(rows.map((r) => r.art).filter((a): a is string => Boolean(a)))];
    const groupIds = [...new Set(variants.map((v) => v.groupId))];
    const groups = new Map<string, GroupRow>();
    for (let i = 0; i < Math.max(arts.length, groupIds.length); i += BATCH) {
      const a = arts.slice(i, i + BATCH);
      const g = groupIds.slice(i, i + BATCH);
      const found = await tx
        .select()
        .from(productGroups)
        .where(
          sql`${a.length ? inArray(productGroups.art, a) : sql`false`} or ${g.length ? inArray(productGroups.id, g) : sql`false`}`,
        )
        .for('update');
      for (const row of found) groups.set(row.id, row);
    }
    // Every size of those groups: a new line's size may already be there with another barcode.
    const sizes: VariantRow[] = [];
    const ids = [...groups.keys()];
    for (let i = 0; i < ids.length; i += BATCH) {
      sizes.push(
        ...(await tx
          .select()
          .from(variantProducts)
          .where(inArray(variantProducts.groupId, ids.slice(i, i + BATCH)))),
      );
    }
    return { variants, groups, sizes };
  }

  async function planProducts(tx: Tx, rows: CsvRow[], plan: Plan, now: Date) {
    const { report, allChanges, tags } = plan;
    const { variants, groups, sizes } = await lockRows(tx, rows);
    const categoryRows = await tx.select({ slug: categories.slug, name: categories.name }).from(categories);
    const categoryOf = (text: string) => {
      const t = text.trim().toLowerCase();
      return (
        categoryRows.find((c) => c.slug === t)?.slug ??
        categoryRows.find((c) => c.name.ru.trim().toLowerCase() === t)?.slug ??
        null
      );
    };
    const groupByKey = new Map<string, GroupRow>();
    for (const g of groups.values()) groupByKey.set(keyOf(g.art, g.colorName.ru), g);
    const variantByBarcode = new Map(variants.map((v) => [v.barcode, v]));
    const refuse = (row: CsvRow, reason: string) =>
      report.refused.push({ line: row.line, id: row.barcode, reason });

    // Lines by article and colour (one product group, DECISIONS 25); the first line names the group's fields.
    const planned = new Map<string, { first: CsvRow; category: string; rows: CsvRow[] }>();
    const seenBarcodes = new Map<string, number>();
    for (const row of rows) {
      const key = keyOf(row.art ?? '', row.colour ?? '');
      const seen = seenBarcodes.get(row.barcode);
      if (seen !== undefined) {
        refuse(row, `штрихкод ${row.barcode} уже есть в строке ${seen}`);
        continue;
      }
      const holder = variantByBarcode.get(row.barcode);
      const holderGroup = holder ? groups.get(holder.groupId) : undefined;
      if (holderGroup && keyOf(holderGroup.art, holderGroup.colorName.ru) !== key) {
        refuse(
          row,
          `штрихкод ${row.barcode} уже у товара ${holderGroup.art} ${holderGroup.colorName.ru} (${holderGroup.id})`,
        );
        continue;
      }
      let entry = planned.get(key);
      if (entry) {
        const f = entry.first;
        const differs: string[] = [];
        if (f.name !== row.name) differs.push('«Название»');
        if (f.category !== row.category) differs.push('«Категория»');
        if (f.price !== row.price) differs.push('«Цена»');
        if (f.oldPrice !== row.oldPrice) differs.push('«Старая цена»');
        if (row.published !== undefined && f.published !== row.published) differs.push('«Показан»');
        if (f.ageGroup !== row.ageGroup) differs.push('«Возраст»');
        if (f.gender !== row.gender) differs.push('«Пол»');
        if (differs.length > 0) {
          refuse(row, `${differs.join(', ')}: не как в строке ${f.line} того же артикула и цвета`);
          continue;
        }
        if (entry.rows.some((r) => r.size === row.size)) {
          refuse(
            row,
            `размер «${row.size}» товара ${row.art} ${row.colour} есть и в строке ${entry.rows.find((r) => r.size === row.size)?.line}`,
          );
          continue;
        }
      } else {
        const category = categoryOf(row.category ?? '');
        if (!category) {
          refuse(row, `нет категории «${row.category}» (напишите её адрес или русское название)`);
          continue;
        }
        entry = { first: row, category, rows: [] };
        planned.set(key, entry);
      }
      seenBarcodes.set(row.barcode, row.line);
      entry.rows.push(row);
    }

    // Every id in use (short strings, not rows): a new group or size gets a free one.
    const takenGroupIds = new Set(
      (await tx.select({ id: productGroups.id }).from(productGroups)).map((r) => r.id),
    );
    const takenVariantIds = new Set(
      (await tx.select({ id: variantProducts.id }).from(variantProducts)).map((r) => r.id),
    );
    for (const { first, category, rows: lines } of planned.values()) {
      const existing = groupByKey.get(keyOf(first.art ?? '', first.colour ?? ''));
      const price = first.price ?? 0;
      const oldPrice = first.oldPrice ?? null;
      let groupId: string;
      let groupSizes: VariantRow[] = [];
      if (!existing) {
        groupId = uniqueSlug(slugOf(`${first.art}-${first.colour}`, 'product'), takenGroupIds);
        takenGroupIds.add(groupId);
        const published = first.published ?? false;
        plan.newGroups.push({
          id: groupId,
          art: first.art ?? '',
          name: { ru: first.name ?? '', en: '' },
          description: { ru: '', en: '' },
          composition: { ru: '', en: '' },
          care: { ru: '', en: '' },
          categorySlug: category,
          colorName: { ru: first.colour ?? '', en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price,
          oldPrice,
          published,
          ageGroup: first.ageGroup ?? null,
          gender: first.gender ?? null,
          createdAt: now,
          updatedAt: now,
        });
        report.created.groups += 1;
        allChanges.push({
          line: first.line,
          action: 'create',
          target: groupId,
          detail: `${first.art} ${first.colour}: «${first.name}», ${money(price)}${published ? '' : ', скрыт'}`,
        });
        tags.add(cacheTags.catalogue);
        tags.add(cacheTags.listings);
      } else {
        groupId = existing.id;
        groupSizes = sizes.filter((v) => v.groupId === groupId);
        const set: Partial<typeof productGroups.$inferInsert> = {};
        const what: string[] = [];
        if (existing.name.ru !== first.name) {
          set.name = { ru: first.name ?? '', en: existing.name.en };
          what.push(`название «${existing.name.ru}» → «${first.name}»`);
        }
        if (existing.categorySlug !== category) {
          set.categorySlug = category;
          what.push(`категория ${existing.categorySlug} → ${category}`);
        }
        if (existing.price !== price || existing.oldPrice !== oldPrice) {
          set.price = price;
          set.oldPrice = oldPrice;
          what.push(
            `цена ${money(existing.price)} → ${money(price)}${existing.oldPrice !== oldPrice ? `, старая цена ${money(existing.oldPrice)} → ${money(oldPrice)}` : ''}`,
          );
        }
        if (first.ageGroup !== undefined && existing.ageGroup !== first.ageGroup) {
          set.ageGroup = first.ageGroup;
          what.push(
            `возраст ${audienceText(csvAgeGroup(existing.ageGroup))} → ${audienceText(csvAgeGroup(first.ageGroup))}`,
          );
        }
        if (first.gender !== undefined && existing.gender !== first.gender) {
          set.gender = first.gender;
          what.push(
            `пол ${audienceText(csvGender(existing.gender))} → ${audienceText(csvGender(first.gender))}`,
          );
        }
        let action: CsvChange['action'] = 'change';
        if (first.published !== undefined && existing.published !== first.published) {
          set.published = first.published;
          action = first.published ? 'show' : 'hide';
        }
        if (Object.keys(set).length > 0) {
          plan.groupUpdates.push({ id: groupId, set });
          if (action === 'hide') report.hidden += 1;
          if (action !== 'hide' || what.length > 0) report.changed.groups += 1;
          if (set.price !== undefined) report.changed.prices += 1;
          allChanges.push({
            line: first.line,
            action,
            target: groupId,
            detail: [...what, ...(action === 'change' ? [] : [action === 'hide' ? 'скрыт' : 'показан'])].join(
              '; ',
            ),
          });
          tags.add(cacheTags.group(groupId));
          tags.add(cacheTags.catalogue);
          tags.add(cacheTags.listings);
        }
      }
      for (const row of lines) {
        const size = row.size ?? '';
        const variant = variantByBarcode.get(row.barcode);
        if (variant) {
          const set: Partial<typeof variantProducts.$inferInsert> = {};
          const what: string[] = [];
          if (variant.size !== size) {
            if (groupSizes.some((v) => v.size === size && v.id !== variant.id)) {
              refuse(row, `у размера «${size}» товара ${existing?.id ?? groupId} другой штрихкод`);
              continue;
            }
            set.size = size;
            what.push(`размер ${variant.size} → ${size}`);
          }
          if (Object.keys(set).length > 0) {
            plan.variantUpdates.push({ id: variant.id, set });
            report.changed.variants += 1;
          }
          if (row.stock !== undefined && row.stock !== variant.stock) {
            plan.stock.push({ id: variant.id, groupId, before: variant.stock, stock: row.stock });
            report.changed.stock += 1;
            what.push(`остаток ${variant.stock} → ${row.stock}`);
          }
          if (what.length > 0) {
            tags.add(cacheTags.group(groupId));
            allChanges.push({
              line: row.line,
              action: 'change',
              target: `${groupId} ${row.barcode}`,
              detail: what.join('; '),
            });
          }
          continue;
        }
        const sameSize = groupSizes.find((v) => v.size === size);
        if (sameSize) {
          refuse(row, `у размера «${size}» товара ${groupId} уже есть штрихкод ${sameSize.barcode}`);
          continue;
        }
        const id = uniqueSlug(`${groupId}${size ? `-${slugOf(size, 'size')}` : ''}`, takenVariantIds);
        takenVariantIds.add(id);
        plan.newVariants.push({
          id,
          groupId,
          size,
          color: slugOf(first.colour ?? '', 'colour'),
          barcode: row.barcode,
          stock: row.stock ?? 0,
        });
        report.created.variants += 1;
        tags.add(cacheTags.group(groupId));
        allChanges.push({
          line: row.line,
          action: 'create',
          target: `${groupId} ${row.barcode}`,
          detail: `размер ${size || '—'}, остаток ${row.stock ?? 0}`,
        });
      }
    }
  }

  async function planStock(tx: Tx, rows: CsvRow[], plan: Plan, actor: Actor) {
    const { report, allChanges } = plan;
    const { variants, groups } = await lockRows(tx, rows);
    const variantByBarcode = new Map(variants.map((v) => [v.barcode, v]));
    const refuse = (row: CsvRow, reason: string) =>
      report.refused.push({ line: row.line, id: row.barcode, reason });
    const seen = new Map<string, number>();
    const groupPrice = new Map<string, { line: number; price?: number; oldPrice?: number | null }>();
    const mayPrice = actor.role === 'admin' || actor.role === 'editor';
    for (const row of rows) {
      const variant = variantByBarcode.get(row.barcode);
      if (!variant) {
        refuse(row, `нет размера со штрихкодом ${row.barcode}`);
        continue;
      }
      const first = seen.get(row.barcode);
      if (first !== undefined) {
        refuse(row, `штрихкод ${row.barcode} уже есть в строке ${first}`);
        continue;
      }
      const group = groups.get(variant.groupId) as GroupRow;
      const wantsPrice = row.price !== undefined || row.oldPrice !== undefined;
      if (wantsPrice) {
        const price = row.price ?? group.price;
        const oldPrice =
          row.oldPrice === undefined
            ? group.oldPrice !== null && group.oldPrice > price
              ? group.oldPrice
              : null
            : row.oldPrice;
        if (oldPrice !== null && oldPrice <= price) {
          refuse(row, `старая цена ${money(oldPrice)} не выше цены ${money(price)}`);
          continue;
        }
        const changes = price !== group.price || oldPrice !== group.oldPrice;
        if (changes && !mayPrice) {
          refuse(row, 'менеджер меняет остатки, а не цены: оставьте «Цена» и «Старая цена» как есть');
          continue;
        }
        const before = groupPrice.get(group.id);
        if (before && (before.price !== row.price || before.oldPrice !== row.oldPrice)) {
          refuse(row, `цена не как в строке ${before.line}: у размеров ${group.id} одна цена`);
          continue;
        }
        if (!before) {
          groupPrice.set(group.id, { line: row.line, price: row.price, oldPrice: row.oldPrice });
          if (changes) {
            plan.prices.push({ id: group.id, price, oldPrice, published: group.published });
            report.changed.prices += 1;
            allChanges.push({
              line: row.line,
              action: 'change',
              target: group.id,
              detail: `цена ${money(group.price)} → ${money(price)}${oldPrice !== group.oldPrice ? `, старая цена ${money(group.oldPrice)} → ${money(oldPrice)}` : ''}`,
            });
          }
        }
      }
      seen.set(row.barcode, row.line);
      if (row.stock !== undefined && row.stock !== variant.stock) {
        plan.stock.push({
          id: variant.id,
          groupId: variant.groupId,
          before: variant.stock,
          stock: row.stock,
        });
        report.changed.stock += 1;
        allChanges.push({
          line: row.line,
          action: 'change',
          target: `${variant.groupId} ${row.barcode}`,
          detail: `остаток ${variant.stock} → ${row.stock}`,
        });
      }
    }
  }

  /** Works out the file's changes inside `tx` (which holds the rows it names). */
  async function makePlan(
    tx: Tx,
    kind: CsvKind,
    file: Awaited<ReturnType<typeof readFile>>,
    actor: Actor,
    now: Date,
  ): Promise<Plan> {
    const report: CsvReport = {
      ...emptyReport(),
      encoding: file.encoding,
      rows: file.rows.length + file.refused.length,
      changes: [],
      digest: '',
    };
    report.refused.push(...file.refused);
    const plan: Plan = {
      report,
      allChanges: [],
      newGroups: [],
      groupUpdates: [],
      newVariants: [],
      variantUpdates: [],
      stock: [],
      prices: [],
      tags: new Set(),
    };
    if (kind === 'products') await planProducts(tx, file.rows, plan, now);
    else await planStock(tx, file.rows, plan, actor);
    report.refused.sort((a, b) => a.line - b.line);
    plan.allChanges.sort((a, b) => a.line - b.line);
    report.digest = createHash('sha256')
      .update(JSON.stringify([plan.allChanges, report.refused]))
      .digest('hex')
      .slice(0, 32);
    report.changes = plan.allChanges.slice(0, REPORT_LIMIT);
    if (plan.allChanges.length > REPORT_LIMIT) report.changesOmitted = plan.allChanges.length - REPORT_LIMIT;
    return plan;
  }

  async function write(tx: Tx, plan: Plan, now: Date) {
    for (let i = 0; i < plan.newGroups.length; i += 500)
      await tx.insert(productGroups).values(plan.newGroups.slice(i, i + 500));
    for (const u of plan.groupUpdates) {
      await tx
        .update(productGroups)
        .set({ ...u.set, version: sql`${productGroups.version} + 1`, updatedAt: now })
        .where(eq(productGroups.id, u.id));
    }
    // «Показан» set by the file is staff's choice: the 1C exchange no longer undoes it.
    await forgetExchangeHiding(
      tx,
      plan.groupUpdates.filter((u) => u.set.published !== undefined).map((u) => u.id),
    );
    for (let i = 0; i < plan.newVariants.length; i += 500)
      await tx.insert(variantProducts).values(plan.newVariants.slice(i, i + 500));
    for (const u of plan.variantUpdates)
      await tx.update(variantProducts).set(u.set).where(eq(variantProducts.id, u.id));
    await writeStockChanges(tx, plan.stock, plan.tags, now);
    await writePriceChanges(tx, plan.prices, plan.tags, now);
  }

  function requireRole(kind: CsvKind, actor: Actor) {
    if (kind === 'products' && actor.role !== 'admin' && actor.role !== 'editor')
      throw new AppError('not_allowed', 'товары загружает редактор или администратор');
  }

  /** What applying the file would do; nothing is stored. */
  async function preview(kind: CsvKind, input: CsvInput, actor: Actor): Promise<CsvOutcome> {
    requireRole(kind, actor);
    let file: Awaited<ReturnType<typeof readFile>>;
    try {
      file = await readFile(kind, input);
    } catch (error) {
      if (error instanceof CsvFileError)
        return { importId: null, status: 'refused', report: refusedReport(error) };
      throw error;
    }
    const plan = await db
      .transaction(async (tx) => {
        const made = await makePlan(tx, kind, file, actor, clock());
        // A preview stores nothing: roll back, releasing the rows it held.
        throw new PreviewDone(made);
      })
      .catch((error) => {
        if (error instanceof PreviewDone) return error.plan;
        throw error;
      });
    return { importId: null, status: 'preview', report: plan.report };
  }

  /**
   * Applies the file in one transaction, recorded in `imports`. With `expected` (the preview's
   * digest) a catalogue that changed since the preview is a conflict carrying the new preview.
   */
  async function apply(
    kind: CsvKind,
    input: CsvInput,
    fileName: string,
    actor: Actor,
    expected?: string,
  ): Promise<CsvOutcome> {
    requireRole(kind, actor);
    const [row] = await db
      .insert(imports)
      .values({
        kind: importKind(kind),
        fileName: fileName.slice(0, 255),
        actorId: actor.userId,
        actorLabel: `${actor.email} (${actor.role})`,
        startedAt: clock(),
      })
      .returning({ id: imports.id });
    const importId = row?.id ?? 0;
    const finish = async (status: 'applied' | 'refused' | 'failed', report: CsvReport) => {
      await db
        .update(imports)
        .set({ status, report: capReport(report) as unknown as Record<string, unknown>, finishedAt: clock() })
        .where(eq(imports.id, importId));
    };
    let file: Awaited<ReturnType<typeof readFile>>;
    try {
      file = await readFile(kind, input);
    } catch (error) {
      if (!(error instanceof CsvFileError || error instanceof CsvTooLarge)) throw error;
      const report = refusedReport(error);
      await finish('refused', report);
      // Past a limit the staff member is told at once (the route words it), the refusal kept.
      if (error instanceof CsvTooLarge) throw error;
      return { importId, status: 'refused', report };
    }
    let plan: Plan;
    try {
      plan = await db.transaction(async (tx) => {
        const now = clock();
        const made = await makePlan(tx, kind, file, actor, now);
        if (expected && made.report.digest !== expected) throw new StaleError(STALE_MESSAGE, made.report);
        await write(tx, made, now);
        await audit.record(tx, actor, {
          action: 'catalogue.import',
          entityType: 'import',
          entityId: String(importId),
          after: {
            file: fileName,
            kind: importKind(kind),
            created: made.report.created,
            changed: made.report.changed,
            hidden: made.report.hidden,
            refused: made.report.refused.length,
          },
        });
        await cache.announce(tx, [...made.tags]);
        return made;
      });
    } catch (error) {
      // A stale preview changed nothing and is no import; anything else is kept as failed.
      if (error instanceof StaleError) await db.delete(imports).where(eq(imports.id, importId));
      else
        await finish('failed', {
          ...refusedReport(error instanceof Error ? error : new Error(String(error))),
          encoding: file.encoding,
        });
      throw error;
    }
    await finish('applied', plan.report);
    if (plan.tags.size > 0) {
      cache.invalidate([...plan.tags]);
      onCatalogueChange?.();
    }
    return { importId, status: 'applied', report: plan.report };
  }

  /** The catalogue as a file of the kind, with a BOM, for Excel. */
  async function exportCsv(kind: CsvKind): Promise<string> {
    const rows = await db
      .select({ group: productGroups, variant: variantProducts })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .orderBy(asc(productGroups.art), asc(productGroups.id), asc(variantProducts.id));
    return csvDocument(
      kind,
      rows.map(({ group, variant }) => ({
        art: group.art,
        colour: group.colorName.ru,
        size: variant.size,
        barcode: variant.barcode,
        name: group.name.ru,
        category: group.categorySlug,
        price: csvPrice(group.price),
        oldPrice: csvPrice(group.oldPrice),
        stock: variant.stock,
        published: group.published ? 'да' : 'нет',
        ageGroup: csvAgeGroup(group.ageGroup),
        gender: csvGender(group.gender),
      })),
    );
  }

  return { preview, apply, exportCsv };
}

export type CsvExchangeService = ReturnType<typeof createCsvExchangeService>;

const STALE_MESSAGE = 'Каталог изменился после предпросмотра: проверьте новый и примените снова';

class PreviewDone extends Error {
  readonly plan: Plan;
  constructor(plan: Plan) {
    super('preview');
    this.plan = plan;
  }
}

/** An audience value in a change's detail: its name, or «как у категории» for none. */
const audienceText = (name: string) => (name ? `«${name}»` : 'как у категории');

function refusedReport(error: Error): CsvReport {
  return { ...emptyReport(), encoding: 'utf-8', rows: 0, changes: [], digest: '', error: error.message };
}
