import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productPhotos } from '../db/schema/index.ts';
import { type ImageRefusal, processImage } from '../media/image-pipeline.ts';
import { MAX_PHOTO_BYTES } from '../media/media.rules.ts';
import type { MediaStore } from '../media/media-store.ts';

/** A photo ready to be named by a `product_photos` row. */
export interface ExchangePhoto {
  /** The stem under /media: `uploads/1c-<content hash>-<widest width>`. */
  src: string;
  width: number;
  height: number;
}

/** A photo 1C named that could not be taken, with the line of the first product naming it. */
export interface PhotoRefusal {
  picture: string;
  line: number;
  reason: string;
}

const refusalText: Record<ImageRefusal, string> = {
  not_an_image: 'не изображение JPEG, PNG, WebP или HEIC',
  too_many_bytes: `больше ${MAX_PHOTO_BYTES / 1_000_000} МБ`,
  too_many_pixels: 'слишком много пикселей',
  damaged: 'изображение повреждено',
};

/** The stem's prefix for a photo's content: the same bytes always give the same stem. */
export function photoStemPrefix(bytes: Uint8Array): string {
  return `uploads/1c-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-`;
}

/**
 * Puts the photos a CommerceML file names (`<Картинка>import_files/ab/abc.jpg</Картинка>`, uploaded
 * by `mode=file` or inside the zip) through the image pipeline into the media store, before the
 * import's transaction (docs/decisions/0031-catalogue-exchange.md). A photo is known by its content:
 * one already stored (any group's row names its stem) is neither processed nor stored again. A
 * missing, hostile or broken file is refused with its line, and the import goes on without it.
 * Returns the photos by the path 1C wrote, and the keys it newly stored (removed again when the
 * import's transaction does not commit).
 */
export async function prepareExchangePhotos({
  db,
  store,
  filesDir,
  pictures,
}: {
  db: Db;
  store: MediaStore;
  filesDir: string;
  /** Every path the file names, with the line of the first product naming it. */
  pictures: Map<string, number>;
}): Promise<{ photos: Map<string, ExchangePhoto>; refused: PhotoRefusal[]; written: string[] }> {
  const photos = new Map<string, ExchangePhoto>();
  const refused: PhotoRefusal[] = [];
  const written: string[] = [];
  const root = await realpath(filesDir).catch(() => null);
  const byStem = new Map<string, ExchangePhoto>();
  const entries = [...pictures];
  let next = 0;
  // Two at a time, as the back office's upload does: sharp works an image on one thread.
  const worker = async () => {
    while (next < entries.length) {
      const [picture, line] = entries[next++] as [string, number];
      const refuse = (reason: string) => refused.push({ picture, line, reason });
      const relative = picture.replace(/\\/g, '/');
      if (!root || relative.startsWith('/') || relative.split('/').some((p) => p === '..' || p === '')) {
        refuse(`фото ${picture}: путь ведёт за пределы папки обмена`);
        continue;
      }
      const file = await realpath(path.join(root, relative)).catch(() => null);
      if (!file?.startsWith(root + path.sep)) {
        refuse(`фото ${picture} не было передано`);
        continue;
      }
      const bytes = await readAtMost(file, MAX_PHOTO_BYTES);
      if (bytes === null) {
        refuse(`фото ${picture}: ${refusalText.too_many_bytes}`);
        continue;
      }
      const prefix = photoStemPrefix(bytes);
      const known =
        byStem.get(prefix) ??
        (
          await db
            .select({ src: productPhotos.src, width: productPhotos.width, height: productPhotos.height })
            .from(productPhotos)
            .where(like(productPhotos.src, `${prefix}%`))
            .limit(1)
        )[0];
      if (known) {
        photos.set(picture, known);
        byStem.set(prefix, known);
        continue;
      }
      const made = await processImage(bytes);
      if (!made.ok) {
        refuse(`фото ${picture}: ${refusalText[made.refusal]}`);
        continue;
      }
      const src = `${prefix}${made.width}`;
      for (const r of made.renditions) {
        const key = `${src}-${r.width}.${r.format}`;
        await store.put(key, r.data, r.format === 'webp' ? 'image/webp' : 'image/avif');
        written.push(key);
      }
      const photo = { src, width: made.width, height: made.height };
      photos.set(picture, photo);
      byStem.set(prefix, photo);
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } catch (error) {
    await store.delete(written).catch(() => {});
    throw error;
  }
  return { photos, refused, written };
}

/** The file's bytes, or null when it has more than `limit` (never reading past it). */
async function readAtMost(file: string, limit: number): Promise<Buffer | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > limit) return null;
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
