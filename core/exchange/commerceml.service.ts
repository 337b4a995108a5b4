import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import { slugOf, uniqueSlug } from '../catalogue/slug.rules.ts';
import type { Db } from '../db/client.ts';
import {
  categories,
  type ImportKind,
  imports,
  productGroups,
  productPhotos,
  variantProducts,
} from '../db/schema/index.ts';
import type { MediaStore } from '../media/media-store.ts';
import {
  type PriceChange,
  type StockChange,
  writePriceChanges,
  writeStockChanges,
} from './catalogue-writes.ts';
import { type CmlDocument, type CmlOffer, CommerceMlError, parseCommerceMl } from './commerceml.parser.ts';
import { capReport, emptyReport, type ImportReport, STAND_IN_BARCODE_PREFIX } from './exchange.rules.ts';
import { type ExchangePhoto, prepareExchangePhotos } from './exchange-photos.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type GroupRow = typeof productGroups.$inferSelect;
type VariantRow = typeof variantProducts.$inferSelect;

/** The colour shown for a group 1C created until staff pick one (1C sends the colour's name only). */
const UNSET_COLOUR_HEX = '#9e9e9e';
const INSERT_BATCH = 500;
const UPDATE_BATCH = 1000;
/** Records applied at a time as the parser reads them: the file is never held whole. */
const BATCH = 2000;
/** 1C's usual name of the retail price type. */
export const DEFAULT_PRICE_TYPE = 'Розничная';

export interface ImportOptions {
  fileName: string;
  actor: Actor | null;
  /** The 1C price type (its name or Ид) whose prices the shop sells at (ONEC_PRICE_TYPE). */
  priceType?: string;
  /**
   * The exchange folder the file's photos (`<Картинка>import_files/…</Картинка>`) were uploaded to;
   * without it the photos a file names are left out with a warning.
   */
  filesDir?: string;
}

export interface ImportOutcome {
  importId: number;
  status: 'applied' | 'refused' | 'failed';
  report: ImportReport;
}

/**
 * Applies CommerceML 2 files (import.xml: classifier and catalogue; offers.xml: prices and stock)
 * to the catalogue (spec integrations.md §11; docs/decisions/0031-catalogue-exchange.md). Each
 * file is applied in one transaction or not at all, with its audit record, the read-cache and
 * page-cache announcement a manual edit makes and the restock checks of variants back in stock.
 * Applying the same file twice changes nothing the second time. Every run is kept in `imports`.
 */
export function createCommerceMlService({
  db,
  audit,
  clock,
  cache = noReadCache,
  onCatalogueChange,
  store,
  batchSize = BATCH,
}: {
  db: Db;
  audit: AuditService;
  clock: () => Date;
  cache?: ReadCache;
  onCatalogueChange?: () => void;
  /** The media store 1C's photos go to (through the image pipeline). */
  store?: MediaStore;
  /** Records applied at a time (tests make it small to cross batch edges). */
  batchSize?: number;
}) {
  async function importFile(
    source: AsyncIterable<Uint8Array>,
    options: ImportOptions,
  ): Promise<ImportOutcome> {
    const [row] = await db
      .insert(imports)
      .values({
        kind: 'commerceml-import' as ImportKind,
        fileName: options.fileName,
        actorId: options.actor?.userId ?? null,
        actorLabel: options.actor ? `${options.actor.email} (${options.actor.role})` : '1C',
        startedAt: clock(),
      })
      .returning({ id: imports.id });
    const importId = row?.id ?? 0;
    const report = emptyReport();
    let kind: ImportKind | undefined;
    const finish = async (status: ImportOutcome['status']): Promise<ImportOutcome> => {
      const capped = capReport(report);
      await db
        .update(imports)
        .set({
          status,
          report: capped as unknown as Record<string, unknown>,
          finishedAt: clock(),
          ...(kind ? { kind } : {}),
        })
        .where(eq(imports.id, importId));
      return { importId, status, report: capped };
    };

    const tags = new Set<string>();
    const written: string[] = [];
    const run = newRun(options);
    // The records, as the parser reads them, go in batches to a spool file on disk (one JSON line a
    // batch), and the photos they name through the image pipeline: nothing of the file is held
    // whole, and the database is not held while the file is read and the photos are made.
    const spool = path.join(
      os.tmpdir(),
      `shop-cml-${process.pid}-${importId}-${randomBytes(6).toString('hex')}.jsonl`,
    );
    try {
      let doc: CmlDocument;
      try {
        const out = createWriteStream(spool);
        const done = once(out, 'close');
        try {
          doc = await parseCommerceMl(source, {
            batch: batchSize,
            onBatch: async (d) => {
              kind = kindOf(d);
              if (d.products.length > 0) await preparePhotos(d, run, report, written);
              if (d.products.length === 0 && d.offers.length === 0) return;
              if (!out.write(`${JSON.stringify({ products: d.products, offers: d.offers })}\n`))
                await once(out, 'drain');
            },
          });
        } finally {
          out.end();
          await done;
        }
      } catch (error) {
        if (written.length > 0) await store?.delete(written).catch(() => {});
        if (error instanceof CommerceMlError) {
          report.error = error.message;
          report.errorLine = error.line;
          resetCounts(report);
          return finish('refused');
        }
        throw error;
      }
      kind = kindOf(doc);
      return await applySpooled(doc, spool, run, report, tags, written, finish, importId, options);
    } catch (error) {
      if (written.length > 0) await store?.delete(written).catch(() => {});
      resetCounts(report);
      report.error = error instanceof Error ? error.message : String(error);
      return finish('failed');
    } finally {
      await rm(spool, { force: true });
    }
  }

  /**
   * The file's one transaction: the spooled batches applied in turn (categories first), then the
   * hiding, the group prices, the audit record and the cache announcement. A file-level problem
   * anywhere rolls every batch back.
   */
  async function applySpooled(
    doc: CmlDocument,
    spool: string,
    run: Run,
    report: ImportReport,
    tags: Set<string>,
    written: string[],
    finish: (status: ImportOutcome['status']) => Promise<ImportOutcome>,
    importId: number,
    options: ImportOptions,
  ): Promise<ImportOutcome> {
    try {
      await db.transaction(async (tx) => {
        if (!doc.hasCatalogue && !doc.hasOffers && doc.groups.length === 0) {
          throw new RefuseFile('в файле нет ни <Каталог>, ни <Классификатор>, ни <ПакетПредложений>');
        }
        if (doc.groups.length > 0 || doc.hasCatalogue) await applyCategories(tx, doc, run, report, tags);
        const lines = createInterface({
          input: createReadStream(spool, { encoding: 'utf8' }),
          crlfDelay: Infinity,
        });
        for await (const line of lines) {
          if (!line) continue;
          const batch = JSON.parse(line) as Pick<CmlDocument, 'products' | 'offers'>;
          const d: CmlDocument = { ...doc, products: batch.products, offers: batch.offers };
          if (d.products.length > 0) await applyProducts(tx, d, run, report, tags);
          if (d.offers.length > 0) await applyOffers(tx, d, run, report, tags);
        }
        if (doc.hasCatalogue && !doc.onlyChanges) await hideMissing(tx, run, report, tags);
        if (doc.hasOffers) await applyPrices(tx, run, report, tags);
        if (run.pictures > 0 && !(store && options.filesDir)) {
          report.warnings.push({
            line: run.firstPictureLine,
            reason: `названо фото: ${run.pictures}, но папки обмена, откуда их взять, нет: пропущены`,
          });
        }
        await audit.record(tx, options.actor, {
          action: 'catalogue.import',
          entityType: 'import',
          entityId: String(importId),
          after: {
            file: options.fileName,
            created: report.created,
            changed: report.changed,
            hidden: report.hidden,
            refused: report.refused.length,
          },
        });
        await cache.announce(tx, [...tags]);
      });
    } catch (error) {
      // Photos stored for this file and named by no committed row go again.
      if (written.length > 0) await store?.delete(written).catch(() => {});
      resetCounts(report);
      if (error instanceof RefuseFile) {
        report.error = error.message;
        return finish('refused');
      }
      report.error = error instanceof Error ? error.message : String(error);
      return finish('failed');
    }
    if (written.length > 0) await removeUnnamed(written);
    if (tags.size > 0) {
      cache.invalidate([...tags]);
      onCatalogueChange?.();
    }
    report.applied = run.accepted;
    return finish('applied');
  }

  /** What one file's batches share: small per-record keys only, never the records. */
  function newRun(options: ImportOptions) {
    return {
      options,
      categoriesSeen: 0,
      slugBySection: null as Map<string, string> | null,
      categoriesDone: new Set<string>(),
      /** Every group and variant id (for new unique ids): short strings, not rows. */
      groupIds: null as Set<string> | null,
      variantIds: null as Set<string> | null,
      seenIds: new Set<string>(),
      seenBarcodes: new Map<string, number>(),
      /** `key\0size` → the line that gave the size, across batches. */
      seenSizes: new Map<string, number>(),
      touchedGroups: new Set<string>(),
      photos: new Map<string, ExchangePhoto>(),
      pictures: 0,
      firstPictureLine: 0,
      /** offers.xml: the resolved price type, the variants seen, each group's lowest price. */
      priceTypeId: null as string | null,
      knownPriceTypes: new Set<string>(),
      reportedUnknown: new Set<string>(),
      seenOffers: new Set<string>(),
      groupPrices: new Map<string, number>(),
      /** Records applied (products planned, offers taken): none of many means the file failed. */
      accepted: 0,
    };
  }
  type Run = ReturnType<typeof newRun>;

  // ------------------------------------------------------------------ import.xml

  /** 1C groups → categories, matched by the group Ид kept in synchronizationSection; parents first. */
  async function applyCategories(
    tx: Tx,
    doc: CmlDocument,
    run: Run,
    report: ImportReport,
    tags: Set<string>,
  ) {
    run.categoriesSeen = doc.groups.length;
    const catalogueWide = () => {
      tags.add(cacheTags.catalogue);
      tags.add(cacheTags.listings);
    };
    const existingCategories = await tx.select().from(categories);
    const slugBySection = new Map<string, string>();
    const takenSlugs = new Set(existingCategories.map((c) => c.slug));
    const categoryBySlug = new Map(existingCategories.map((c) => [c.slug, c]));
    for (const c of existingCategories)
      if (c.synchronizationSection) slugBySection.set(c.synchronizationSection, c.slug);
    run.slugBySection = slugBySection;
    const groupsById = new Map(doc.groups.map((g) => [g.id, g]));
    const done = run.categoriesDone;
    const ensureCategory = async (id: string, depth = 0): Promise<string | null> => {
      const g = groupsById.get(id);
      if (!g) return slugBySection.get(id) ?? null;
      if (done.has(id)) return slugBySection.get(id) ?? null;
      if (depth > 50) throw new RefuseFile(`группа «${g.name}» вложена сама в себя (строка ${g.line})`);
      done.add(id);
      const parentSlug = g.parentId ? await ensureCategory(g.parentId, depth + 1) : null;
      const name = g.name || g.id;
      const slug = slugBySection.get(id);
      if (slug) {
        const current = categoryBySlug.get(slug);
        if (current && (current.name.ru !== name || current.parentSlug !== parentSlug)) {
          await tx
            .update(categories)
            .set({ name: { ru: name, en: current.name.en }, parentSlug, version: current.version + 1 })
            .where(eq(categories.slug, slug));
          report.changed.categories += 1;
          catalogueWide();
        }
        return slug;
      }
      const newSlug = uniqueSlug(slugOf(name, 'category'), takenSlugs);
      takenSlugs.add(newSlug);
      await tx.insert(categories).values({
        slug: newSlug,
        parentSlug,
        name: { ru: name, en: '' },
        position: existingCategories.length + report.created.categories,
        synchronizationSection: id,
      });
      slugBySection.set(id, newSlug);
      report.created.categories += 1;
      catalogueWide();
      return newSlug;
    };
    for (const g of doc.groups) await ensureCategory(g.id);
  }

  /** The photos a batch names, through the pipeline into the media store (known ones are reused). */
  async function preparePhotos(doc: CmlDocument, run: Run, report: ImportReport, written: string[]) {
    const pictures = new Map<string, number>();
    for (const p of doc.products) {
      if (p.deleted) continue;
      for (const src of p.pictures) if (!run.photos.has(src) && !pictures.has(src)) pictures.set(src, p.line);
    }
    if (pictures.size === 0) return;
    if (run.pictures === 0) run.firstPictureLine = pictures.values().next().value ?? 0;
    run.pictures += pictures.size;
    if (!store || !run.options.filesDir) return;
    const prepared = await prepareExchangePhotos({ db, store, filesDir: run.options.filesDir, pictures });
    for (const [src, photo] of prepared.photos) run.photos.set(src, photo);
    written.push(...prepared.written);
    for (const r of prepared.refused) report.refused.push({ line: r.line, id: r.picture, reason: r.reason });
  }

  /** One batch of 1C products: validated, gathered by article + colour, written. */
  async function applyProducts(tx: Tx, doc: CmlDocument, run: Run, report: ImportReport, tags: Set<string>) {
    const slugBySection = run.slugBySection ?? new Map<string, string>();
    const products = doc.products.filter((p) => !p.deleted);
    if (products.length === 0) return;
    if (!run.groupIds)
      run.groupIds = new Set(
        (await tx.select({ id: productGroups.id }).from(productGroups)).map((r) => r.id),
      );
    if (!run.variantIds)
      run.variantIds = new Set(
        (await tx.select({ id: variantProducts.id }).from(variantProducts)).map((r) => r.id),
      );
    const groupIds = run.groupIds;
    const variantIds = run.variantIds;

    // What the shop has of this batch: variants by 1C Ид or barcode, groups by article.
    const ids = products.map((p) => p.id);
    const barcodes = products.map((p) => p.barcode).filter((b) => b);
    const arts = [...new Set(products.map((p) => p.art).filter((a) => a))];
    const variants = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, ids)} or ${barcodes.length ? inArray(variantProducts.barcode, barcodes) : sql`false`}`,
      );
    const variantByExchange = new Map<string, VariantRow>();
    const variantByBarcode = new Map<string, VariantRow>();
    for (const v of variants) {
      if (v.exchangeId) variantByExchange.set(v.exchangeId, v);
      variantByBarcode.set(v.barcode, v);
    }
    // Products whose sizes came as characteristics (offers `Ид#characteristic`): their groups.
    const characterised = await tx
      .select({ exchangeId: variantProducts.exchangeId, groupId: variantProducts.groupId })
      .from(variantProducts)
      .where(inArray(sql`split_part(${variantProducts.exchangeId}, '#', 1)`, ids));
    const groupsOfCharacterised = new Map<string, Set<string>>();
    for (const v of characterised) {
      if (!v.exchangeId?.includes('#')) continue;
      const base = v.exchangeId.split('#')[0] ?? '';
      const set = groupsOfCharacterised.get(base) ?? new Set<string>();
      set.add(v.groupId);
      groupsOfCharacterised.set(base, set);
    }
    const knownGroupIds = [
      ...new Set([...variants.map((v) => v.groupId), ...characterised.map((v) => v.groupId)]),
    ];
    const groups = await tx
      .select()
      .from(productGroups)
      .where(
        sql`${arts.length ? inArray(productGroups.art, arts) : sql`false`} or ${knownGroupIds.length ? inArray(productGroups.id, knownGroupIds) : sql`false`}`,
      );
    const groupById = new Map(groups.map((g) => [g.id, g]));
    const groupByKey = new Map<string, GroupRow>();
    for (const g of groups) groupByKey.set(keyOf(g.art, g.colorName.ru), g);
    /** Sizes made in the back office, not yet linked to 1C: a 1C product of that size takes them over. */
    const variantBySize = new Map<string, VariantRow>();
    if (groups.length > 0) {
      const unlinked = await tx
        .select()
        .from(variantProducts)
        .where(
          sql`${inArray(
            variantProducts.groupId,
            groups.map((g) => g.id),
          )} and ${variantProducts.exchangeId} is null`,
        );
      for (const v of unlinked) {
        variantBySize.set(`${v.groupId}\u0000${v.size}`, v);
        if (!variantByBarcode.has(v.barcode)) variantByBarcode.set(v.barcode, v);
      }
    }

    // Validate every product and gather them by article + colour.
    interface Planned {
      key: string;
      art: string;
      colour: string;
      name: string;
      description: string;
      categorySlug: string;
      section: string;
      items: { exchangeId: string; size: string; barcode: string; line: number }[];
      /** The photos the group's products name, in the file's order, each once. */
      photos: ExchangePhoto[];
    }
    const planned = new Map<string, Planned>();
    /** Characterised products: their groups take the name, text and category; sizes come from offers. */
    const groupUpdates: { groupId: string; plan: Planned }[] = [];
    const { seenIds, seenBarcodes, seenSizes } = run;
    for (const p of products) {
      const refuse = (reason: string) => report.refused.push({ line: p.line, id: p.id, reason });
      if (seenIds.has(p.id)) {
        refuse(`товар с Ид ${p.id} встречается в файле дважды`);
        continue;
      }
      seenIds.add(p.id);
      if (!p.art) {
        refuse('нет артикула (<Артикул>)');
        continue;
      }
      const categorySlug = p.groupId ? slugBySection.get(p.groupId) : undefined;
      if (!categorySlug) {
        refuse(p.groupId ? `неизвестная группа ${p.groupId}` : 'товар не входит ни в одну группу (<Группы>)');
        continue;
      }
      const sizeGroups = groupsOfCharacterised.get(p.id);
      if (sizeGroups) {
        run.accepted += 1;
        for (const groupId of sizeGroups) {
          const plan: Planned = {
            key: '',
            art: p.art,
            colour: '',
            name: p.name || p.art,
            description: p.description,
            categorySlug,
            section: p.groupId ?? '',
            items: [],
            photos: [],
          };
          for (const src of p.pictures) {
            const photo = run.photos.get(src);
            if (photo && !plan.photos.some((x) => x.src === photo.src)) plan.photos.push(photo);
          }
          groupUpdates.push({ groupId, plan });
        }
        continue;
      }
      // A barcode is optional in 1C: the product is known by its Ид, a barcode is an extra key.
      if (p.barcode) {
        const firstLine = seenBarcodes.get(p.barcode);
        if (firstLine !== undefined) {
          refuse(`штрихкод ${p.barcode} уже у товара в строке ${firstLine}`);
          continue;
        }
        const holder = variantByBarcode.get(p.barcode);
        if (holder && holder.exchangeId !== p.id && variantByExchange.has(p.id)) {
          refuse(`штрихкод ${p.barcode} уже у размера ${holder.id}`);
          continue;
        }
        if (holder?.exchangeId && holder.exchangeId !== p.id) {
          refuse(`штрихкод ${p.barcode} уже у размера ${holder.id}`);
          continue;
        }
      }
      let key = keyOf(p.art, p.colour);
      // Two size-less products of one article are two products (their sizes may come later as
      // characteristics): the second is a group of its own, known by its Ид.
      if (!p.size && seenSizes.has(`${key}\u0000`)) key = `${key}\u0000${p.id}`;
      const sizeKey = `${key}\u0000${p.size}`;
      if (seenSizes.has(sizeKey)) {
        refuse(`размер «${p.size}» артикула ${p.art} ${p.colour} встречается дважды`);
        continue;
      }
      seenSizes.set(sizeKey, p.line);
      if (p.barcode) seenBarcodes.set(p.barcode, p.line);
      run.accepted += 1;
      let plan = planned.get(key);
      if (!plan) {
        plan = {
          key,
          art: p.art,
          colour: p.colour,
          name: p.name || p.art,
          description: p.description,
          categorySlug,
          section: p.groupId ?? '',
          items: [],
          photos: [],
        };
        planned.set(key, plan);
      }
      plan.items.push({ exchangeId: p.id, size: p.size, barcode: p.barcode, line: p.line });
      for (const src of p.pictures) {
        const photo = run.photos.get(src);
        if (photo && !plan.photos.some((x) => x.src === photo.src)) plan.photos.push(photo);
      }
    }

    const now = clock();
    const newGroups: (typeof productGroups.$inferInsert)[] = [];
    const newVariants: (typeof variantProducts.$inferInsert)[] = [];
    const photosOf = new Map<string, ExchangePhoto[]>();
    const updateGroup = async (group: GroupRow, plan: Planned) => {
      const changes: Partial<typeof productGroups.$inferInsert> = {};
      if (group.name.ru !== plan.name) changes.name = { ru: plan.name, en: group.name.en };
      if (plan.description && group.description.ru !== plan.description)
        changes.description = { ru: plan.description, en: group.description.en };
      if (group.categorySlug !== plan.categorySlug) changes.categorySlug = plan.categorySlug;
      if (group.synchronizationSection !== plan.section) changes.synchronizationSection = plan.section;
      if (Object.keys(changes).length > 0) {
        await tx
          .update(productGroups)
          .set({ ...changes, version: group.version + 1, updatedAt: now })
          .where(eq(productGroups.id, group.id));
        report.changed.groups += 1;
        tags.add(cacheTags.group(group.id));
        if (changes.categorySlug || changes.name) {
          tags.add(cacheTags.catalogue);
          tags.add(cacheTags.listings);
        }
      }
    };
    for (const { groupId, plan } of groupUpdates) {
      const group = groupById.get(groupId);
      if (!group) continue;
      await updateGroup(group, plan);
      run.touchedGroups.add(groupId);
      if (plan.photos.length > 0) photosOf.set(groupId, plan.photos);
    }
    for (const plan of planned.values()) {
      // The group: the one a known variant is in, else the one with this article and colour.
      let group = plan.items
        .map((i) => variantByExchange.get(i.exchangeId))
        .map((v) => (v ? groupById.get(v.groupId) : undefined))
        .find((g) => g !== undefined);
      group ??= groupByKey.get(plan.key);
      let groupId: string;
      if (group) {
        groupId = group.id;
        await updateGroup(group, plan);
      } else {
        groupId = uniqueSlug(slugOf(`${plan.art}-${plan.colour}`, 'product'), groupIds);
        groupIds.add(groupId);
        newGroups.push({
          id: groupId,
          art: plan.art,
          name: { ru: plan.name, en: '' },
          description: { ru: plan.description, en: '' },
          composition: { ru: '', en: '' },
          care: { ru: '', en: '' },
          categorySlug: plan.categorySlug,
          colorName: { ru: plan.colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          // Hidden until offers.xml gives it a price (docs/decisions/0031-catalogue-exchange.md).
          published: false,
          synchronizationSection: plan.section,
          createdAt: now,
          updatedAt: now,
        });
        report.created.groups += 1;
        tags.add(cacheTags.catalogue);
      }
      run.touchedGroups.add(groupId);
      if (plan.photos.length > 0) photosOf.set(groupId, plan.photos);
      const colour = slugOf(plan.colour, 'colour');
      for (const item of plan.items) {
        const variant =
          variantByExchange.get(item.exchangeId) ??
          (item.barcode ? variantByBarcode.get(item.barcode) : undefined) ??
          variantBySize.get(`${groupId}\u0000${item.size}`);
        if (variant) {
          // Without a barcode from 1C the size keeps the one it has (staff's, or the stand-in).
          const barcode = item.barcode || variant.barcode;
          if (
            variant.groupId !== groupId ||
            variant.size !== item.size ||
            variant.barcode !== barcode ||
            variant.exchangeId !== item.exchangeId
          ) {
            await tx
              .update(variantProducts)
              .set({
                groupId,
                size: item.size,
                barcode,
                exchangeId: item.exchangeId,
                color: colour,
              })
              .where(eq(variantProducts.id, variant.id));
            report.changed.variants += 1;
            tags.add(cacheTags.group(groupId));
            tags.add(cacheTags.group(variant.groupId));
          }
        } else {
          const base = `${groupId}${item.size ? `-${slugOf(item.size, 'size')}` : ''}`;
          const id = uniqueSlug(base, variantIds);
          variantIds.add(id);
          newVariants.push({
            id,
            groupId,
            size: item.size,
            color: colour,
            barcode: item.barcode || standInBarcode(item.exchangeId),
            stock: 0,
            exchangeId: item.exchangeId,
          });
          report.created.variants += 1;
          tags.add(cacheTags.group(groupId));
        }
      }
    }
    for (let i = 0; i < newGroups.length; i += INSERT_BATCH) {
      await tx.insert(productGroups).values(newGroups.slice(i, i + INSERT_BATCH));
    }
    for (let i = 0; i < newVariants.length; i += INSERT_BATCH) {
      await tx.insert(variantProducts).values(newVariants.slice(i, i + INSERT_BATCH));
    }
    await attachPhotos(tx, photosOf, report, tags, now);
  }

  /** A full catalogue (not only changes) hides the published groups 1C sent before and not now. */
  async function hideMissing(tx: Tx, run: Run, report: ImportReport, tags: Set<string>) {
    const now = clock();
    const fromExchange = await tx
      .selectDistinct({ groupId: variantProducts.groupId })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(sql`${isNotNull(variantProducts.exchangeId)} and ${productGroups.published}`);
    for (const { groupId } of fromExchange) {
      if (run.touchedGroups.has(groupId)) continue;
      await tx
        .update(productGroups)
        .set({ published: false, version: sql`${productGroups.version} + 1`, updatedAt: now })
        .where(eq(productGroups.id, groupId));
      report.hidden += 1;
      tags.add(cacheTags.group(groupId));
      tags.add(cacheTags.catalogue);
      tags.add(cacheTags.listings);
    }
  }

  /** Removes the stored photo files no committed row names (their products were all refused). */
  async function removeUnnamed(keys: string[]) {
    const stemOf = (key: string) => key.replace(/-\d+\.(webp|avif)$/, '');
    const stems = [...new Set(keys.map(stemOf))];
    const named = new Set(
      (
        await db
          .select({ src: productPhotos.src })
          .from(productPhotos)
          .where(inArray(productPhotos.src, stems))
      ).map((r) => r.src),
    );
    const unused = keys.filter((k) => !named.has(stemOf(k)));
    if (unused.length > 0) await store?.delete(unused).catch(() => {});
  }

  /**
   * 1C's photos become the group's photos after the ones it has: a photo (by its content) the group
   * already shows is not added again, and staff's photos and order stay as they are.
   */
  async function attachPhotos(
    tx: Tx,
    photosOf: Map<string, ExchangePhoto[]>,
    report: ImportReport,
    tags: Set<string>,
    now: Date,
  ) {
    const groupIds = [...photosOf.keys()];
    for (let i = 0; i < groupIds.length; i += UPDATE_BATCH) {
      const chunk = groupIds.slice(i, i + UPDATE_BATCH);
      const rows = await tx
        .select({ groupId: productPhotos.groupId, src: productPhotos.src, position: productPhotos.position })
        .from(productPhotos)
        .where(inArray(productPhotos.groupId, chunk));
      const have = new Map<string, { srcs: Set<string>; last: number }>();
      for (const r of rows) {
        const h = have.get(r.groupId) ?? { srcs: new Set<string>(), last: -1 };
        h.srcs.add(r.src);
        h.last = Math.max(h.last, r.position);
        have.set(r.groupId, h);
      }
      const inserts: (typeof productPhotos.$inferInsert)[] = [];
      const changedGroups: string[] = [];
      for (const groupId of chunk) {
        const h = have.get(groupId) ?? { srcs: new Set<string>(), last: -1 };
        const fresh = (photosOf.get(groupId) ?? []).filter((p) => !h.srcs.has(p.src));
        if (fresh.length === 0) continue;
        for (const [k, p] of fresh.entries())
          inserts.push({ groupId, src: p.src, width: p.width, height: p.height, position: h.last + 1 + k });
        changedGroups.push(groupId);
        tags.add(cacheTags.group(groupId));
      }
      for (let j = 0; j < inserts.length; j += INSERT_BATCH)
        await tx.insert(productPhotos).values(inserts.slice(j, j + INSERT_BATCH));
      if (changedGroups.length > 0) {
        await tx
          .update(productGroups)
          .set({ version: sql`${productGroups.version} + 1`, updatedAt: now })
          .where(inArray(productGroups.id, changedGroups));
        tags.add(cacheTags.listings);
        tags.add(cacheTags.catalogue);
      }
      report.created.photos = (report.created.photos ?? 0) + inserts.length;
    }
  }

  // ------------------------------------------------------------------ offers.xml

  /** The configured price type among the file's; a file without it is refused as a whole. */
  function resolvePriceType(doc: CmlDocument, run: Run): string {
    if (run.priceTypeId !== null) return run.priceTypeId;
    const priceType = run.options.priceType ?? DEFAULT_PRICE_TYPE;
    const wanted = priceType.trim().toLowerCase();
    const declared = doc.priceTypes;
    let typeId = wanted;
    if (declared.length > 0) {
      const match = declared.find((t) => t.id.toLowerCase() === wanted || t.name.toLowerCase() === wanted);
      if (!match) {
        throw new RefuseFile(
          `в файле нет типа цен «${priceType}»; есть ${declared.map((t) => `«${t.name}»`).join(', ')}`,
        );
      }
      typeId = match.id.toLowerCase();
    }
    for (const t of declared) run.knownPriceTypes.add(t.id.toLowerCase());
    run.priceTypeId = typeId;
    return typeId;
  }

  /** One batch of offers: stock written now, each group's lowest price kept for the end. */
  async function applyOffers(tx: Tx, doc: CmlDocument, run: Run, report: ImportReport, tags: Set<string>) {
    const typeId = resolvePriceType(doc, run);
    const declared = run.knownPriceTypes.size > 0;
    const ids = doc.offers.map((o) => o.id);
    const barcodes = doc.offers.map((o) => o.barcode).filter((b) => b);
    const variants = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, ids)} or ${barcodes.length ? inArray(variantProducts.barcode, barcodes) : sql`false`}`,
      );
    const byExchange = new Map<string, VariantRow>();
    const byBarcode = new Map<string, VariantRow>();
    for (const v of variants) {
      if (v.exchangeId) byExchange.set(v.exchangeId, v);
      byBarcode.set(v.barcode, v);
    }
    const sizes = await planCharacteristics(tx, doc, byExchange, byBarcode, run, report, tags);
    const stockChanges: StockChange[] = [];
    for (const offer of doc.offers) {
      const refuse = (reason: string) => report.refused.push({ line: offer.line, id: offer.id, reason });
      const refusal = sizes.refused.get(offer);
      if (refusal) {
        refuse(refusal);
        continue;
      }
      const variant =
        byExchange.get(offer.id) ??
        sizes.variants.get(offer) ??
        (offer.barcode ? byBarcode.get(offer.barcode) : undefined);
      if (!variant) {
        refuse(`нет товара с Ид ${offer.id}${offer.barcode ? ` или штрихкодом ${offer.barcode}` : ''}`);
        continue;
      }
      if (run.seenOffers.has(variant.id)) {
        refuse(`предложение для ${variant.id} встречается в файле дважды`);
        continue;
      }
      for (const p of offer.prices) {
        const id = p.typeId.toLowerCase();
        if (declared && !run.knownPriceTypes.has(id) && !run.reportedUnknown.has(id)) {
          run.reportedUnknown.add(id);
          report.warnings.push({ line: offer.line, reason: `неизвестный тип цен ${p.typeId}` });
        }
      }
      const price = offer.prices.find((p) => p.typeId.toLowerCase() === typeId);
      if (price && (price.value === null || price.value < 0)) {
        refuse(`цена «${price.raw}» — не число`);
        continue;
      }
      if (offer.rawQuantity !== '' && offer.quantity === null) {
        refuse(`количество «${offer.rawQuantity}» — не число`);
        continue;
      }
      if (offer.quantity !== null && offer.quantity < 0) {
        refuse(`количество ${offer.quantity} меньше нуля`);
        continue;
      }
      run.seenOffers.add(variant.id);
      run.accepted += 1;
      if (offer.quantity !== null && offer.quantity !== variant.stock) {
        stockChanges.push({
          id: variant.id,
          groupId: variant.groupId,
          before: variant.stock,
          stock: offer.quantity,
        });
        report.changed.stock += 1;
      }
      if (price?.value != null) {
        const before = run.groupPrices.get(variant.groupId);
        run.groupPrices.set(
          variant.groupId,
          before === undefined ? price.value : Math.min(before, price.value),
        );
      }
    }
    // Written in batches, with the restock check a manual edit enqueues for the sizes someone is
    // waiting for.
    await writeStockChanges(tx, stockChanges, tags, clock());
  }

  /**
   * Sizes 1C sends as characteristics: an offer `productGuid#characteristicGuid` not known yet
   * becomes a size of its product's group (DECISIONS 25), in the sibling group of its colour when
   * it has one (made like the product's group, hidden until priced). The product's own size-less
   * variant, made from import.xml, becomes its first characteristic. Returns the variants made
   * (their stock 0, so the offer's quantity is then written as a change) and the offers refused.
   */
  async function planCharacteristics(
    tx: Tx,
    doc: CmlDocument,
    byExchange: Map<string, VariantRow>,
    byBarcode: Map<string, VariantRow>,
    run: Run,
    report: ImportReport,
    tags: Set<string>,
  ) {
    const made = new Map<CmlOffer, VariantRow>();
    const refused = new Map<CmlOffer, string>();
    const fresh = doc.offers.filter((o) => o.id.includes('#') && !byExchange.has(o.id));
    if (fresh.length === 0) return { variants: made, refused };
    const bases = [...new Set(fresh.map((o) => o.id.split('#')[0] ?? ''))];
    const related = await tx
      .select()
      .from(variantProducts)
      .where(
        sql`${inArray(variantProducts.exchangeId, bases)} or ${inArray(sql`split_part(${variantProducts.exchangeId}, '#', 1)`, bases)}`,
      );
    const groupIdsOfBases = [...new Set(related.map((v) => v.groupId))];
    const groupRows =
      groupIdsOfBases.length === 0
        ? []
        : await tx.select().from(productGroups).where(inArray(productGroups.id, groupIdsOfBases));
    const groupById = new Map(groupRows.map((g) => [g.id, g]));
    const sizesOf = new Map<string, Set<string>>();
    if (groupIdsOfBases.length > 0) {
      const all = await tx
        .select({ groupId: variantProducts.groupId, size: variantProducts.size })
        .from(variantProducts)
        .where(inArray(variantProducts.groupId, groupIdsOfBases));
      for (const v of all) sizesOf.set(v.groupId, (sizesOf.get(v.groupId) ?? new Set()).add(v.size));
    }
    /** Per product: its size-less variant (taken by the first characteristic) and its groups. */
    const placeholder = new Map<string, VariantRow>();
    const groupsOf = new Map<string, GroupRow[]>();
    for (const v of related) {
      const base = v.exchangeId?.split('#')[0] ?? '';
      if (v.exchangeId === base) placeholder.set(base, v);
      const group = groupById.get(v.groupId);
      const list = groupsOf.get(base) ?? [];
      if (group && !list.includes(group)) list.push(group);
      groupsOf.set(base, list);
    }
    if (!run.groupIds)
      run.groupIds = new Set(
        (await tx.select({ id: productGroups.id }).from(productGroups)).map((r) => r.id),
      );
    if (!run.variantIds)
      run.variantIds = new Set(
        (await tx.select({ id: variantProducts.id }).from(variantProducts)).map((r) => r.id),
      );
    const now = clock();
    const newGroups: (typeof productGroups.$inferInsert)[] = [];
    const newVariants: (typeof variantProducts.$inferInsert)[] = [];
    for (const offer of fresh) {
      const base = offer.id.split('#')[0] ?? '';
      const groups = groupsOf.get(base) ?? [];
      const home = groups[0];
      if (!home) continue; // no such product: refused below as an offer for no product
      if (offer.barcode) {
        const holder = byBarcode.get(offer.barcode);
        const first = run.seenBarcodes.get(offer.barcode);
        if ((holder && holder.id !== placeholder.get(base)?.id) || first !== undefined) {
          refused.set(offer, `штрихкод ${offer.barcode} уже у другого размера`);
          continue;
        }
      }
      const colour = offer.colour.trim();
      let group = groups.find((g) => g.colorName.ru.trim().toLowerCase() === colour.toLowerCase());
      const spare = placeholder.get(base);
      if (!group && spare && home.colorName.ru === '' && colour) {
        // The product's group had no colour: its first characteristic's colour becomes its own.
        await tx
          .update(productGroups)
          .set({
            colorName: { ru: colour, en: home.colorName.en },
            version: home.version + 1,
            updatedAt: now,
          })
          .where(eq(productGroups.id, home.id));
        home.colorName = { ru: colour, en: home.colorName.en };
        home.version += 1;
        report.changed.groups += 1;
        tags.add(cacheTags.group(home.id));
        group = home;
      }
      if (!group) {
        const id = uniqueSlug(slugOf(`${home.art}-${colour}`, 'product'), run.groupIds);
        run.groupIds.add(id);
        const sibling: GroupRow = {
          ...home,
          id,
          colorName: { ru: colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          oldPrice: null,
          published: false,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        newGroups.push({
          id,
          art: home.art,
          name: { ru: home.name.ru, en: '' },
          description: { ru: home.description.ru, en: '' },
          composition: { ru: '', en: '' },
          care: { ru: '', en: '' },
          categorySlug: home.categorySlug,
          colorName: { ru: colour, en: '' },
          colorHex: UNSET_COLOUR_HEX,
          price: 0,
          published: false,
          synchronizationSection: home.synchronizationSection,
          createdAt: now,
          updatedAt: now,
        });
        groups.push(sibling);
        report.created.groups += 1;
        tags.add(cacheTags.catalogue);
        group = sibling;
      }
      const taken = sizesOf.get(group.id) ?? new Set<string>();
      sizesOf.set(group.id, taken);
      const spareHere = spare && spare.groupId === group.id && spare.size === offer.size;
      if (taken.has(offer.size) && !spareHere) {
        refused.set(
          offer,
          `размер «${offer.size}»${colour ? ` цвета «${colour}»` : ''} у товара ${home.art} уже есть`,
        );
        continue;
      }
      if (spare) {
        // The product's size-less variant becomes this characteristic.
        placeholder.delete(base);
        const barcode = offer.barcode || spare.barcode;
        await tx
          .update(variantProducts)
          .set({
            groupId: group.id,
            size: offer.size,
            barcode,
            exchangeId: offer.id,
            color: slugOf(colour, 'colour'),
          })
          .where(eq(variantProducts.id, spare.id));
        sizesOf.get(spare.groupId)?.delete(spare.size);
        taken.add(offer.size);
        made.set(offer, { ...spare, groupId: group.id, size: offer.size, barcode, exchangeId: offer.id });
        report.changed.variants += 1;
        tags.add(cacheTags.group(group.id));
        tags.add(cacheTags.group(spare.groupId));
      } else {
        const id = uniqueSlug(
          `${group.id}${offer.size ? `-${slugOf(offer.size, 'size')}` : ''}`,
          run.variantIds,
        );
        run.variantIds.add(id);
        const row = {
          id,
          groupId: group.id,
          size: offer.size,
          color: slugOf(colour, 'colour'),
          barcode: offer.barcode || standInBarcode(offer.id),
          stock: 0,
          exchangeId: offer.id,
        };
        newVariants.push(row);
        taken.add(offer.size);
        made.set(offer, row as VariantRow);
        report.created.variants += 1;
        tags.add(cacheTags.group(group.id));
      }
      if (offer.barcode) run.seenBarcodes.set(offer.barcode, offer.line);
    }
    for (let i = 0; i < newGroups.length; i += INSERT_BATCH)
      await tx.insert(productGroups).values(newGroups.slice(i, i + INSERT_BATCH));
    for (let i = 0; i < newVariants.length; i += INSERT_BATCH)
      await tx.insert(variantProducts).values(newVariants.slice(i, i + INSERT_BATCH));
    return { variants: made, refused };
  }

  /** Each group's price: the lowest of its sizes' in the file. */
  async function applyPrices(tx: Tx, run: Run, report: ImportReport, tags: Set<string>) {
    const ids = [...run.groupPrices.keys()];
    const priceChanges: PriceChange[] = [];
    for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
      const groups = await tx
        .select({
          id: productGroups.id,
          price: productGroups.price,
          oldPrice: productGroups.oldPrice,
          published: productGroups.published,
          synchronizationSection: productGroups.synchronizationSection,
        })
        .from(productGroups)
        .where(inArray(productGroups.id, ids.slice(i, i + UPDATE_BATCH)));
      for (const group of groups) {
        const price = run.groupPrices.get(group.id);
        if (price === undefined || group.price === price) continue;
        const oldPrice = group.oldPrice !== null && group.oldPrice > price ? group.oldPrice : null;
        // A group 1C created without a price is shown once it has one.
        const published =
          group.published || (group.price === 0 && price > 0 && group.synchronizationSection !== null);
        priceChanges.push({ id: group.id, price, oldPrice, published });
        report.changed.prices += 1;
      }
    }
    await writePriceChanges(tx, priceChanges, tags, clock());
  }

  /** The imports, newest first, a page of `limit` before the id `before` (the history screen). */
  async function listImports({ limit = 50, before }: { limit?: number; before?: number } = {}) {
    const rows = await db
      .select()
      .from(imports)
      .where(before ? lt(imports.id, before) : undefined)
      .orderBy(desc(imports.id))
      .limit(Math.min(Math.max(limit, 1), 200));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      fileName: r.fileName,
      actor: r.actorLabel,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      report: r.report as unknown as ImportReport,
    }));
  }

  return { importFile, listImports };
}

export type CommerceMlService = ReturnType<typeof createCommerceMlService>;

/** A problem with the file as a whole: nothing of it is stored. */
class RefuseFile extends Error {}

/** Offers only (offers.xml) or a catalogue (import.xml, which may carry offers too). */
function kindOf(doc: CmlDocument): ImportKind {
  return doc.hasOffers && !doc.hasCatalogue ? 'commerceml-offers' : 'commerceml-import';
}

/** A refused or failed file stored nothing: its report says so, whatever batches had counted. */
function resetCounts(report: ImportReport) {
  const empty = emptyReport();
  report.created = empty.created;
  report.changed = empty.changed;
  report.hidden = 0;
  report.refused = [];
  report.warnings = [];
}

/**
 * The barcode column's stand-in for a 1C product sent without one (a barcode is optional in 1C;
 * the product is known by its Ид): unique per Ид, within the back office's barcode pattern, and
 * left out of the feeds (`isStandInBarcode`). Staff may replace it; 1C never overwrites a barcode
 * with nothing.
 */
function standInBarcode(exchangeId: string): string {
  return `${STAND_IN_BARCODE_PREFIX}${createHash('sha256').update(exchangeId).digest('hex').slice(0, 32)}`;
}

function keyOf(art: string, colour: string): string {
  return `${art.trim().toLowerCase()}\u0000${colour.trim().toLowerCase()}`;
}
