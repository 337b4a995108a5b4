import { inArray, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import type { Tx } from '../../db/client.ts';
import { productGroups, productPhotos } from '../../db/schema/index.ts';
import type { CmlDocument } from '../commerceml.parser.ts';
import type { ImportReport } from '../exchange.rules.ts';
import { type ExchangePhoto, prepareExchangePhotos } from '../exchange-photos.ts';
import { type CmlContext, INSERT_BATCH, type Run, UPDATE_BATCH } from './import-run.ts';

/**
 * 1C's photos: made before the file's transaction (`preparePhotos`, through the image pipeline into
 * the media store), added to their groups inside it (`attachPhotos`), and the stored files no
 * committed row names removed after it (`removeUnnamed`). docs/decisions/0031-catalogue-exchange.md.
 */
export function createCmlPhotos({ db, store }: CmlContext) {
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

  return { preparePhotos, attachPhotos, removeUnnamed };
}
