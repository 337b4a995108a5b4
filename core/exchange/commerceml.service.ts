import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, desc, eq, inArray, like, lt } from 'drizzle-orm';
import type { AuditService } from '../audit/audit.service.ts';
import { noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import { type ImportKind, imports, jobs } from '../db/schema/index.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { MediaStore } from '../media/media-store.ts';
import { createCmlCharacteristics } from './commerceml/characteristics.service.ts';
import { createCmlClassifier } from './commerceml/classifier.service.ts';
import {
  type CmlContext,
  type ImportOptions,
  kindOf,
  newRun,
  RefuseFile,
  type Run,
  resetCounts,
  SESSION_END_MS,
  SessionBusy,
  sessionEndJobKey,
} from './commerceml/import-run.ts';
import { createCmlOffers } from './commerceml/offers.service.ts';
import { createCmlPhotos } from './commerceml/photos.service.ts';
import { createCmlProducts } from './commerceml/products.service.ts';
import { createCmlVisibility } from './commerceml/visibility.service.ts';
import { type CmlDocument, CommerceMlError, parseCommerceMl } from './commerceml.parser.ts';
import { capReport, emptyReport, type ImportReport } from './exchange.rules.ts';
import { EXCHANGE_IMPORT_JOB } from './onec-exchange.service.ts';

export { DEFAULT_PRICE_TYPE, type ImportOptions } from './commerceml/import-run.ts';

/** Records applied at a time as the parser reads them: the file is never held whole. */
const BATCH = 2000;

export interface ImportOutcome {
  importId: number;
  status: 'applied' | 'refused' | 'failed';
  report: ImportReport;
  /** The file's session has a full catalogue whose hiding waits for the session's end. */
  sessionPending?: boolean;
}

/**
 * Applies CommerceML 2 files (import.xml: classifier and catalogue; offers.xml: prices and stock)
 * to the catalogue (spec integrations.md §11; docs/decisions/0031-catalogue-exchange.md). Each
 * file is applied in one transaction or not at all, with its audit record, the read-cache and
 * page-cache announcement a manual edit makes and the restock checks of variants back in stock.
 * Applying the same file twice changes nothing the second time. Every run is kept in `imports`.
 *
 * This factory runs a file (read into a spool, then one transaction) and composes the parts in
 * core/exchange/commerceml/: the classifier (groups → categories), the products (import.xml's
 * catalogue), the characteristics (sizes offers.xml names), the offers (prices and stock), the
 * photos and the visibility (hiding what a full catalogue no longer lists).
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
  const context: CmlContext = { db, clock, store };
  const photos = createCmlPhotos(context);
  const { preparePhotos, removeUnnamed } = photos;
  const visibility = createCmlVisibility(context);
  const { hideMissing, noteListed, hideNotListed } = visibility;
  const { applyCategories } = createCmlClassifier();
  const { applyProducts } = createCmlProducts(context, photos, visibility);
  const { applyOffers, applyPrices } = createCmlOffers(context, createCmlCharacteristics(context));

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
    let sessionPending = false;
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
        const full = doc.hasCatalogue && !doc.onlyChanges;
        if (options.session) {
          sessionPending = await noteListed(tx, options.session, run, full);
          // Older 1C modules never say the session is over: its end is due when its cookie expires.
          if (sessionPending) await queueSessionEnd(tx, options.session);
        } else if (full) await hideMissing(tx, importId, run, report, tags);
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
    return { ...(await finish('applied')), sessionPending };
  }

  /**
   * The end of a 1C exchange session: what none of its full catalogues and their offers listed is
   * hidden, once (docs/decisions/0031-catalogue-exchange.md). Recorded in `imports` as a run of its
   * own when it hid anything; null when the session had no full catalogue (or was ended already).
   */
  async function finishSession(session: string): Promise<{ hidden: number; importId: number } | null> {
    // A file of the session still waiting for or in its import: its listing is not noted yet.
    const [busy] = await db
      .select({ key: jobs.key })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, EXCHANGE_IMPORT_JOB),
          like(jobs.key, `exchange-import:${session}:%`),
          inArray(jobs.status, ['pending', 'running']),
        ),
      )
      .limit(1);
    if (busy) throw new SessionBusy();
    const tags = new Set<string>();
    const done = await db.transaction(async (tx) => {
      const hidden = await hideNotListed(tx, session, tags);
      if (hidden === null || hidden === 0) return hidden === null ? null : { hidden, importId: 0 };
      const report = { ...emptyReport(), hidden };
      const now = clock();
      const [row] = await tx
        .insert(imports)
        .values({
          kind: 'commerceml-import',
          status: 'applied',
          fileName: 'конец сеанса обмена',
          actorLabel: '1C',
          report: report as unknown as Record<string, unknown>,
          startedAt: now,
          finishedAt: now,
        })
        .returning({ id: imports.id });
      const importId = row?.id ?? 0;
      await audit.record(tx, null, {
        action: 'catalogue.import',
        entityType: 'import',
        entityId: String(importId),
        after: { session, hidden },
      });
      await cache.announce(tx, [...tags]);
      return { hidden, importId };
    });
    if (tags.size > 0) {
      cache.invalidate([...tags]);
      onCatalogueChange?.();
    }
    return done;
  }

  /** The job that ends the session's hiding, an hour from now (`finishCatalogue` brings it forward). */
  async function queueSessionEnd(tx: Tx, session: string) {
    await enqueueJob(tx, {
      kind: EXCHANGE_IMPORT_JOB,
      key: sessionEndJobKey(session),
      payload: { finishSession: session },
      runAt: new Date(clock().getTime() + SESSION_END_MS),
    });
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

  return { importFile, finishSession, listImports };
}

export type CommerceMlService = ReturnType<typeof createCommerceMlService>;
