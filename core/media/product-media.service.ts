import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import { photoTags, productGroups, productPhotos, productVideos } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { type ImageRefusal, inspectImage, processImage, type Rendition } from './image-pipeline.ts';
import {
  isMp4,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_UPLOAD_PIXELS,
  MAX_VIDEO_BYTES,
} from './media.rules.ts';
import type { MediaStore } from './media-store.ts';

/** One photo as the back office shows it. */
export interface MediaPhoto {
  id: number;
  /** Path under /media without width and format: `uploads/…-1600` or a demo's `products/…-front`. */
  src: string;
  width: number;
  height: number;
}

/** A product group's photos (first is the cover) and videos, with the version a change must name. */
export interface ProductMedia {
  groupId: string;
  /** The group's version (its `updatedAt`): a change naming an older one is refused (DECISIONS 31). */
  version: string;
  photos: MediaPhoto[];
  videos: { id: number; src: string }[];
}

/** A change's outcome: the product's media after it, or the newer state a stale change met. */
export type MediaChange =
  | { ok: true; media: ProductMedia }
  | { ok: false; current: ProductMedia; message: string };

/** An uploaded file as the route hands it over: its bytes and the name the browser gave (for messages only). */
export interface UploadedFile {
  name: string;
  data: Buffer;
}

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** catalogue.md (product video): the spec's own words for a wrong video file. */
export const videoMessages = {
  format: { ru: 'Неверный формат файла', en: 'Wrong file format: only mp4 videos are accepted' },
  size: { ru: 'Максимальный размер файла 10мб', en: 'The largest file allowed is 10 MB' },
};

function refusalMessage(refusal: ImageRefusal, name: string, locale: Locale): string {
  const file = name ? `«${name}»` : t(locale, 'Файл', 'The file');
  switch (refusal) {
    case 'not_an_image':
      return t(
        locale,
        `${file}: неверный формат файла, принимаются JPEG, PNG, WebP и HEIC`,
        `${file}: wrong file format, JPEG, PNG, WebP and HEIC are accepted`,
      );
    case 'too_many_bytes':
      return t(
        locale,
        `${file}: максимальный размер файла ${MAX_PHOTO_BYTES / 1_000_000} МБ`,
        `${file}: the largest file allowed is ${MAX_PHOTO_BYTES / 1_000_000} MB`,
      );
    case 'too_many_pixels':
      return t(
        locale,
        `${file}: слишком много пикселей (не больше ${MAX_PHOTO_PIXELS / 1_000_000} млн)`,
        `${file}: too many pixels (at most ${MAX_PHOTO_PIXELS / 1_000_000} million)`,
      );
    case 'damaged':
      return t(locale, `${file}: изображение повреждено`, `${file}: the image is damaged`);
  }
}

/** A fresh stem for an upload: random, so names never collide across instances, with its widest width. */
function newStem(width: number): string {
  return `uploads/${randomBytes(10).toString('hex')}-${width}`;
}

const renditionKey = (stem: string, r: Pick<Rendition, 'width' | 'format'>) =>
  `${stem}-${r.width}.${r.format}`;

/**
 * Every file an uploaded stem stands for (`uploads/<id>-<widest>`), found by listing its prefix: its
 * renditions and the JPEG made for the feeds (core/media/jpeg-rendition.ts).
 */
async function keysOfStem(store: MediaStore, stem: string): Promise<string[]> {
  if (!stem.startsWith('uploads/')) return [];
  return (await store.list(`${stem}-`)).filter((k) => /^-\d+\.(webp|avif|jpg)$/.test(k.slice(stem.length)));
}

/**
 * Product photos and videos and page images in the back office (issue 15, DECISIONS 38): uploads
 * are checked and turned into renditions before anything is stored; files go to the media store
 * before the rows, and are removed again when the rows cannot be written, so a refused or failed
 * upload leaves nothing behind. Each change is audited, bumps the group's version and invalidates
 * the product's cached pages on every instance.
 */
export function createProductMediaService({
  db,
  store,
  audit,
  cache,
}: {
  db: Db;
  store: MediaStore;
  audit: AuditService;
  cache: ReadCache;
}) {
  type Runner = Db | Tx;

  async function read(runner: Runner, groupId: string): Promise<ProductMedia | null> {
    const [group] = await runner
      .select({ id: productGroups.id, updatedAt: productGroups.updatedAt })
      .from(productGroups)
      .where(eq(productGroups.id, groupId));
    if (!group) return null;
    const [photos, videos] = await Promise.all([
      runner
        .select({
          id: productPhotos.id,
          src: productPhotos.src,
          width: productPhotos.width,
          height: productPhotos.height,
        })
        .from(productPhotos)
        .where(eq(productPhotos.groupId, groupId))
        .orderBy(asc(productPhotos.position), asc(productPhotos.id)),
      runner
        .select({ id: productVideos.id, src: productVideos.src })
        .from(productVideos)
        .where(eq(productVideos.groupId, groupId))
        .orderBy(asc(productVideos.position), asc(productVideos.id)),
    ]);
    return { groupId, version: group.updatedAt.toISOString(), photos, videos };
  }

  function notFound(locale: Locale): AppError {
    return new AppError('not_found', t(locale, 'Товар не найден', 'Product not found'));
  }

  /** The product's photos and videos. */
  async function getProductMedia(groupId: string, locale: Locale): Promise<ProductMedia> {
    const media = await read(db, groupId);
    if (!media) throw notFound(locale);
    return media;
  }

  /**
   * Runs `change` in a transaction holding the group's row, when `version` is still the group's
   * version; bumps it, records the audit entry and announces the product's invalidation. A stale
   * version gets the newer state back, nothing changed.
   */
  async function withGroup(
    groupId: string,
    version: string,
    locale: Locale,
    change: (
      tx: Tx,
      before: ProductMedia,
    ) => Promise<{ action: string; after?: unknown; before?: unknown } | null>,
    actor: Actor,
  ): Promise<MediaChange> {
    const outcome = await announcedWrite(db, cache, async (tx, tags) => {
      const [locked] = await tx
        .select({ updatedAt: productGroups.updatedAt })
        .from(productGroups)
        .where(eq(productGroups.id, groupId))
        .for('update');
      if (!locked) throw notFound(locale);
      const before = (await read(tx, groupId)) as ProductMedia;
      if (before.version !== version) return { stale: before };
      const entry = await change(tx, before);
      if (!entry) return { stale: null };
      // Whole milliseconds, always later than before: the version a browser holds compares exactly.
      await tx
        .update(productGroups)
        .set({
          updatedAt: sql`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', ${productGroups.updatedAt}) + interval '1 millisecond')`,
        })
        .where(eq(productGroups.id, groupId));
      await audit.record(tx, actor, {
        action: entry.action,
        entityType: 'product_group',
        entityId: groupId,
        before: entry.before,
        after: entry.after,
      });
      for (const tag of [cacheTags.catalogue, cacheTags.listings, cacheTags.group(groupId)]) tags.add(tag);
      return { stale: null };
    });
    if (outcome.stale) {
      return {
        ok: false,
        current: outcome.stale,
        message: t(
          locale,
          'Фото и видео товара изменились, пока вы их смотрели: показаны новые. Повторите действие',
          'The product’s photos and videos changed while you were looking: the newer ones are shown. Please try again',
        ),
      };
    }
    return { ok: true, media: await getProductMedia(groupId, locale) };
  }

  /** Stores every rendition; on a failure removes what it stored and rethrows. */
  async function storeRenditions(items: { stem: string; renditions: Rendition[] }[]): Promise<string[]> {
    const written: string[] = [];
    try {
      for (const item of items) {
        await Promise.all(
          item.renditions.map(async (r) => {
            const key = renditionKey(item.stem, r);
            await store.put(key, r.data, r.format === 'webp' ? 'image/webp' : 'image/avif');
            written.push(key);
          }),
        );
      }
      return written;
    } catch (error) {
      await store.delete(written).catch(() => {});
      throw error;
    }
  }

  /**
   * Checks every file by its header, and all of them together against MAX_UPLOAD_PIXELS, before
   * any is decoded; then runs them through the pipeline, whose queue takes one image at a time.
   * Any refusal stops the upload with the first refused file's message.
   */
  async function processAll(files: UploadedFile[], locale: Locale) {
    const refuse = (message: string) => new AppError('invalid_data', message, { field: 'files' });
    let pixels = 0;
    for (const file of files) {
      const inspected = await inspectImage(file.data);
      if (!inspected.ok) throw refuse(refusalMessage(inspected.refusal, file.name, locale));
      pixels += inspected.pixels;
    }
    if (pixels > MAX_UPLOAD_PIXELS) {
      const cap = MAX_UPLOAD_PIXELS / 1_000_000;
      throw refuse(
        t(
          locale,
          `В изображениях вместе больше ${cap} млн пикселей: загрузите их в несколько приёмов`,
          `The images hold more than ${cap} million pixels together: upload them a few at a time`,
        ),
      );
    }
    const made = [];
    for (const file of files) {
      const result = await processImage(file.data);
      if (!result.ok) throw refuse(refusalMessage(result.refusal, file.name, locale));
      made.push({
        stem: newStem(result.width),
        width: result.width,
        height: result.height,
        renditions: result.renditions,
      });
    }
    return made;
  }

  /** Adds photos after the group's last one (DECISIONS 38: responsive WebP and AVIF, EXIF stripped). */
  async function uploadPhotos(
    groupId: string,
    version: string,
    files: UploadedFile[],
    actor: Actor,
    locale: Locale,
  ): Promise<MediaChange> {
    if (files.length === 0)
      throw new AppError('invalid_data', t(locale, 'Выберите фотографии', 'Choose the photos'), {
        field: 'files',
      });
    const current = await getProductMedia(groupId, locale);
    if (current.version !== version) return withGroup(groupId, version, locale, async () => null, actor);
    const made = await processAll(files, locale);
    const written = await storeRenditions(made);
    try {
      const result = await withGroup(
        groupId,
        version,
        locale,
        async (tx) => {
          const [last] = await tx
            .select({ position: max(productPhotos.position) })
            .from(productPhotos)
            .where(eq(productPhotos.groupId, groupId));
          const start = (last?.position ?? -1) + 1;
          await tx.insert(productPhotos).values(
            made.map((m, i) => ({
              groupId,
              src: m.stem,
              width: m.width,
              height: m.height,
              position: start + i,
            })),
          );
          return { action: 'product.photos.upload', after: { photos: made.map((m) => m.stem) } };
        },
        actor,
      );
      if (!result.ok) await store.delete(written);
      return result;
    } catch (error) {
      await store.delete(written).catch(() => {});
      throw error;
    }
  }

  /** Puts the photos in the order given: every photo of the group, each once. */
  async function reorderPhotos(
    groupId: string,
    version: string,
    ids: number[],
    actor: Actor,
    locale: Locale,
  ): Promise<MediaChange> {
    return withGroup(
      groupId,
      version,
      locale,
      async (tx, before) => {
        const have = before.photos.map((p) => p.id);
        const same =
          ids.length === have.length &&
          new Set(ids).size === ids.length &&
          ids.every((id) => have.includes(id));
        if (!same) {
          throw new AppError(
            'invalid_data',
            t(
              locale,
              'Порядок должен назвать каждое фото товара один раз',
              'The order must name every photo of the product once',
            ),
            { field: 'photoIds' },
          );
        }
        for (const [position, id] of ids.entries()) {
          await tx
            .update(productPhotos)
            .set({ position })
            .where(and(eq(productPhotos.id, id), eq(productPhotos.groupId, groupId)));
        }
        return {
          action: 'product.photos.reorder',
          before: { photos: before.photos.map((p) => p.src) },
          after: { photos: ids.map((id) => before.photos.find((p) => p.id === id)?.src) },
        };
      },
      actor,
    );
  }

  /** Makes one photo the first (the cover on cards and the product page), keeping the others' order. */
  async function makeFirst(groupId: string, version: string, photoId: number, actor: Actor, locale: Locale) {
    const media = await getProductMedia(groupId, locale);
    const ids = media.photos.map((p) => p.id);
    if (!ids.includes(photoId))
      throw new AppError('not_found', t(locale, 'Фото не найдено', 'Photo not found'));
    return reorderPhotos(groupId, version, [photoId, ...ids.filter((id) => id !== photoId)], actor, locale);
  }

  /** Removes a photo, its tags and (after the rows commit) its uploaded files. */
  async function removePhoto(
    groupId: string,
    version: string,
    photoId: number,
    actor: Actor,
    locale: Locale,
  ): Promise<MediaChange> {
    let removed: string | null = null;
    const result = await withGroup(
      groupId,
      version,
      locale,
      async (tx, before) => {
        const photo = before.photos.find((p) => p.id === photoId);
        if (!photo) throw new AppError('not_found', t(locale, 'Фото не найдено', 'Photo not found'));
        await tx.delete(productPhotos).where(eq(productPhotos.id, photoId));
        await tx.delete(photoTags).where(and(eq(photoTags.groupId, groupId), eq(photoTags.src, photo.src)));
        const rest = before.photos.filter((p) => p.id !== photoId);
        for (const [position, p] of rest.entries()) {
          await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, p.id));
        }
        removed = photo.src;
        return { action: 'product.photos.remove', before: { photo: photo.src } };
      },
      actor,
    );
    // Another group (a duplicated colour) may show the same files: they stay while any row names them.
    if (result.ok && removed) await removeUnused([removed]);
    return result;
  }

  /** Deletes the files of uploaded stems no photo row names any more. */
  async function removeUnused(stems: string[]) {
    const uploaded = stems.filter((s) => s.startsWith('uploads/'));
    if (uploaded.length === 0) return;
    const still = await db
      .select({ src: productPhotos.src })
      .from(productPhotos)
      .where(inArray(productPhotos.src, uploaded));
    const named = new Set(still.map((r) => r.src));
    for (const stem of uploaded.filter((s) => !named.has(s)))
      await store.delete(await keysOfStem(store, stem));
  }

  /** Adds a product video: an mp4 of at most 10,000,000 bytes by its content (catalogue.md). */
  async function uploadVideo(
    groupId: string,
    version: string,
    file: UploadedFile,
    actor: Actor,
    locale: Locale,
  ): Promise<MediaChange> {
    if (file.data.length > MAX_VIDEO_BYTES)
      throw new AppError('invalid_data', videoMessages.size[locale], { field: 'file' });
    if (!isMp4(file.data))
      throw new AppError('invalid_data', videoMessages.format[locale], { field: 'file' });
    const current = await getProductMedia(groupId, locale);
    if (current.version !== version) return withGroup(groupId, version, locale, async () => null, actor);
    const key = `videos/${randomBytes(10).toString('hex')}.mp4`;
    await store.put(key, file.data, 'video/mp4');
    try {
      const result = await withGroup(
        groupId,
        version,
        locale,
        async (tx, before) => {
          const position = before.videos.length;
          await tx.insert(productVideos).values({ groupId, src: key, position });
          return { action: 'product.video.upload', after: { video: key, bytes: file.data.length } };
        },
        actor,
      );
      if (!result.ok) await store.delete([key]);
      return result;
    } catch (error) {
      await store.delete([key]).catch(() => {});
      throw error;
    }
  }

  /** Removes a product video and its file. */
  async function removeVideo(
    groupId: string,
    version: string,
    videoId: number,
    actor: Actor,
    locale: Locale,
  ): Promise<MediaChange> {
    let removed: string | null = null;
    const result = await withGroup(
      groupId,
      version,
      locale,
      async (tx, before) => {
        const video = before.videos.find((v) => v.id === videoId);
        if (!video) throw new AppError('not_found', t(locale, 'Видео не найдено', 'Video not found'));
        await tx.delete(productVideos).where(eq(productVideos.id, videoId));
        removed = video.src;
        return { action: 'product.video.remove', before: { video: video.src } };
      },
      actor,
    );
    if (result.ok && removed) {
      const key: string = removed;
      const still = await db.$count(productVideos, eq(productVideos.src, key));
      if (still === 0 && key.startsWith('videos/')) await store.delete([key]);
    }
    return result;
  }

  /**
   * An image for a page or a category cover: checked and made into the same renditions as a
   * product photo. `src` is the stem for `photoSources` (core/catalogue/media.rules.ts), `url` its
   * widest WebP.
   */
  async function uploadImage(file: UploadedFile, actor: Actor, locale: Locale) {
    const [made] = await processAll([file], locale);
    if (!made)
      throw new AppError('invalid_data', t(locale, 'Выберите изображение', 'Choose an image'), {
        field: 'file',
      });
    const written = await storeRenditions([made]);
    try {
      await audit.record(db, actor, {
        action: 'media.image.upload',
        entityType: 'media',
        entityId: made.stem,
        after: { src: made.stem, width: made.width, height: made.height },
      });
    } catch (error) {
      await store.delete(written).catch(() => {});
      throw error;
    }
    return {
      src: made.stem,
      width: made.width,
      height: made.height,
      url: `/media/${made.stem}-${made.width}.webp`,
    };
  }

  return {
    store,
    getProductMedia,
    uploadPhotos,
    reorderPhotos,
    makeFirst,
    removePhoto,
    uploadVideo,
    removeVideo,
    uploadImage,
  };
}

export type ProductMediaService = ReturnType<typeof createProductMediaService>;
