import { imageQueue, loadSharp } from './image-pipeline.ts';
import type { MediaStore } from './media-store.ts';

/** `<stem>-<width>.jpg`: the JPEG twin of the WebP rendition `<stem>-<width>.webp`. */
const jpegKey = /^((?:uploads|products)\/[A-Za-z0-9._/-]+-\d{2,5})\.jpg$/;

/**
 * The marketplaces take JPEG and PNG only (docs/product/feeds.md), so every product photo also has a
 * JPEG rendition at its widest width (core/catalogue/media.rules.ts `photoJpeg`). It is made from the
 * photo's own WebP rendition of that width the first time it is asked for, then kept in the store
 * beside it; the same way for uploads, 1C's photos and the demo's, old and new. Nothing is made for
 * a key without its WebP, so a request can never make the store hold anything else. The encoding
 * waits its turn in the image queue; concurrent requests for one file share one encoding.
 */
export function createJpegRenditions(store: MediaStore) {
  const making = new Map<string, Promise<void>>();

  async function make(key: string, webpKey: string) {
    if (await store.exists(key)) return;
    const webp = await store.get(webpKey);
    if (!webp) return;
    const sharp = await loadSharp();
    const jpeg = await imageQueue.run(() =>
      sharp(webp, { failOn: 'error' }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(),
    );
    await store.put(key, jpeg, 'image/jpeg');
  }

  /** Makes sure `key` exists when it names the JPEG rendition of a stored WebP one. */
  return async function ensureJpeg(key: string): Promise<void> {
    const match = jpegKey.exec(key);
    if (!match) return;
    let running = making.get(key);
    if (!running) {
      running = make(key, `${match[1]}.webp`).finally(() => making.delete(key));
      making.set(key, running);
    }
    await running;
  };
}
