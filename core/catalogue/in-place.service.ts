import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  photoTags,
  productGroups,
  productPhotos,
  productVideos,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { photoTagColumns } from './catalogue.service.ts';
import { type StoredTag, type TagsSaveInput, tagMessages, tagsVersion } from './photo-tags.rules.ts';

/** A tags save's outcome: the photo's tags now, or the newer ones a stale save met (DECISIONS 31). */
export type TagsChange =
  | { ok: true; tags: StoredTag[]; version: string }
  | { ok: false; tags: StoredTag[]; version: string; message: string };

/**
 * What staff change on the storefront's own pages that the back office's services do not already
 * cover (catalogue.md §4, §6; docs/decisions/0037-in-place-editing.md): photo tags, and finding a
 * product video by its file for the spec's delete-by-file call. Each change is audited in its
 * transaction and drops the product's cached reads and pages on every instance.
 */
export function createInPlaceService({
  db,
  audit,
  cache,
}: {
  db: Db;
  audit: AuditService;
  cache: ReadCache;
}) {
  type Runner = Db | Tx;

  function readTags(runner: Runner, groupId: string, src: string): Promise<StoredTag[]> {
    return runner
      .select(photoTagColumns)
      .from(photoTags)
      .where(and(eq(photoTags.groupId, groupId), eq(photoTags.src, src)))
      .orderBy(asc(photoTags.id));
  }

  /** The version of one photo's tags (for `tags-fetch`). */
  async function tagsVersionOf(groupId: string, src: string): Promise<string> {
    return tagsVersion(await readTags(db, groupId, src));
  }

  /**
   * Replaces one photo's tags with the editor's list: kept tags (by id) are updated, new ones
   * added, the rest removed; all under the group's row lock and only over the version shown.
   */
  async function saveTags(input: TagsSaveInput, actor: Actor, locale: Locale): Promise<TagsChange> {
    const groupId = input.productID;
    const src = input.src;
    const tags = [cacheTags.group(groupId)];
    const outcome = await db.transaction(async (tx) => {
      const [group] = await tx
        .select({ id: productGroups.id })
        .from(productGroups)
        .where(eq(productGroups.id, groupId))
        .for('update');
      if (!group) throw new AppError('not_found', locale === 'en' ? 'Product not found' : 'Товар не найден');
      const [photo] = await tx
        .select({ id: productPhotos.id })
        .from(productPhotos)
        .where(and(eq(productPhotos.groupId, groupId), eq(productPhotos.src, src)));
      if (!photo) throw new AppError('not_found', tagMessages.photo[locale], { field: 'src' });
      const before = await readTags(tx, groupId, src);
      const version = tagsVersion(before);
      if (input.version !== version) {
        return { ok: false as const, tags: before, version };
      }
      const known = new Set(before.map((tag) => tag.id));
      input.tags.forEach((tag, i) => {
        if (tag._id !== undefined && !known.has(tag._id))
          throw new AppError('conflict', tagMessages.stale[locale], { field: `tags.${i}._id` });
      });
      const products = [...new Set(input.tags.map((tag) => tag.link).filter((link) => link !== ''))];
      if (products.length > 0) {
        const found = await tx
          .select({ id: productGroups.id })
          .from(productGroups)
          .where(inArray(productGroups.id, products));
        const ids = new Set(found.map((row) => row.id));
        const missing = input.tags.findIndex((tag) => tag.link !== '' && !ids.has(tag.link));
        if (missing >= 0)
          throw new AppError('invalid_data', tagMessages.product[locale], { field: `tags.${missing}.link` });
      }
      const keep = new Set(input.tags.flatMap((tag) => (tag._id === undefined ? [] : [tag._id])));
      const removed = before.filter((tag) => !keep.has(tag.id)).map((tag) => tag.id);
      if (removed.length > 0) await tx.delete(photoTags).where(inArray(photoTags.id, removed));
      for (const tag of input.tags) {
        const values = {
          left: Math.round(tag.left),
          top: Math.round(tag.top),
          name: tag.name,
          nameEn: tag.nameEn,
          // A tag with a product and no link of its own opens that product's page.
          path: tag.path || (tag.link ? `/products/${tag.link}` : ''),
          link: tag.link,
          maxWidth: tag.maxWidth,
        };
        if (tag._id === undefined) await tx.insert(photoTags).values({ groupId, src, ...values });
        else await tx.update(photoTags).set(values).where(eq(photoTags.id, tag._id));
      }
      const after = await readTags(tx, groupId, src);
      await audit.record(tx, actor, {
        action: 'product.tags.save',
        entityType: 'product_group',
        entityId: groupId,
        before: { src, tags: before },
        after: { src, tags: after },
      });
      await cache.announce(tx, tags);
      return { ok: true as const, tags: after, version: tagsVersion(after) };
    });
    if (!outcome.ok) return { ...outcome, message: tagMessages.stale[locale] };
    cache.invalidate(tags);
    return outcome;
  }

  /** The product video stored as `src` (`videos/….mp4`), with its group. */
  async function findVideo(src: string): Promise<{ id: number; groupId: string } | null> {
    const [video] = await db
      .select({ id: productVideos.id, groupId: productVideos.groupId })
      .from(productVideos)
      .where(eq(productVideos.src, src))
      .orderBy(asc(productVideos.id))
      .limit(1);
    return video ?? null;
  }

  /** The group a product id names: a group's own id, or one of its sizes' (variant) ids. */
  async function groupOf(productId: string): Promise<string | null> {
    const [group] = await db
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(eq(productGroups.id, productId));
    if (group) return group.id;
    const [variant] = await db
      .select({ groupId: variantProducts.groupId })
      .from(variantProducts)
      .where(eq(variantProducts.id, productId));
    return variant?.groupId ?? null;
  }

  return { tagsVersionOf, saveTags, findVideo, groupOf };
}

export type InPlaceService = ReturnType<typeof createInPlaceService>;
