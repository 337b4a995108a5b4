import type { Metadata, OutputInfo, Sharp } from 'sharp';
import {
  type ImageKind,
  imageKindOf,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  renditionWidths,
} from './media.rules.ts';
import { createWorkQueue } from './work-queue.ts';

/**
 * Image decoding and encoding, one image at a time per process: sharp already spreads one image
 * over its threads, and an editor's upload of ten photos must not take the cores from shoppers.
 */
export const imageQueue = createWorkQueue(1);

/** One file the pipeline made: `<stem>-<width>.<format>`. */
export interface Rendition {
  width: number;
  height: number;
  format: 'avif' | 'webp';
  data: Buffer;
}

export type ImageRefusal =
  /** Not JPEG, PNG, WebP or HEIC by its content (whatever its name or declared type). */
  | 'not_an_image'
  /** More bytes than MAX_PHOTO_BYTES. */
  | 'too_many_bytes'
  /** More pixels than MAX_PHOTO_PIXELS (a decompression bomb, or a panorama beyond use). */
  | 'too_many_pixels'
  /** The signature says an image but the data cannot be decoded. */
  | 'damaged';

export type ProcessedImage =
  | {
      ok: true;
      kind: ImageKind;
      /** Size of the largest rendition, after turning by the EXIF orientation. */
      width: number;
      height: number;
      renditions: Rendition[];
    }
  | { ok: false; refusal: ImageRefusal };

export interface PipelineLimits {
  maxBytes?: number;
  maxPixels?: number;
}

export type InspectedImage =
  | { ok: true; kind: ImageKind; pixels: number }
  | { ok: false; refusal: ImageRefusal };

/**
 * An upload's kind and pixels, from its signature and its header alone (sharp's metadata reads no
 * pixel): within the byte and pixel limits, or why not.
 */
export async function inspectImage(input: Buffer, limits: PipelineLimits = {}): Promise<InspectedImage> {
  const maxBytes = limits.maxBytes ?? MAX_PHOTO_BYTES;
  const maxPixels = limits.maxPixels ?? MAX_PHOTO_PIXELS;
  if (input.length > maxBytes) return { ok: false, refusal: 'too_many_bytes' };
  const kind = imageKindOf(input);
  if (!kind) return { ok: false, refusal: 'not_an_image' };

  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refusal: 'damaged' };
  }
  const expected = kind === 'heic' ? 'heif' : kind;
  if (metadata.format !== expected) return { ok: false, refusal: 'not_an_image' };
  if (kind === 'heic' && metadata.compression !== 'hevc') return { ok: false, refusal: 'not_an_image' };
  // The header's size decides before a pixel is decoded: a bomb never reaches the decoder.
  if (!metadata.width || !metadata.height) return { ok: false, refusal: 'damaged' };
  const pixels = metadata.width * metadata.height;
  if (pixels > maxPixels) return { ok: false, refusal: 'too_many_pixels' };
  return { ok: true, kind, pixels };
}

/**
 * Checks an uploaded photo by its content and makes its renditions (DECISIONS 38): JPEG, PNG, WebP
 * or HEIC by signature and decoder, within the byte and pixel limits; turned upright by its EXIF
 * orientation; every rendition without EXIF or other metadata (sharp writes none unless asked), in
 * WebP and AVIF at 480, 960 and 1600 px wide, never wider than the original. The decoding and
 * encoding wait their turn in {@link imageQueue}.
 */
export async function processImage(input: Buffer, limits: PipelineLimits = {}): Promise<ProcessedImage> {
  const inspected = await inspectImage(input, limits);
  if (!inspected.ok) return inspected;
  const { kind } = inspected;
  const maxPixels = limits.maxPixels ?? MAX_PHOTO_PIXELS;
  return imageQueue.run(() => renditionsOf(input, kind, maxPixels));
}

async function renditionsOf(input: Buffer, kind: ImageKind, maxPixels: number): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let upright: { data: Buffer; info: OutputInfo };
  try {
    const source =
      kind === 'heic'
        ? await heicSource(input)
        : sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    // Turned by the EXIF orientation first, then brought down to the widest rendition once.
    upright = await source
      .rotate()
      .resize({ width: 1600, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, refusal: 'damaged' };
  }
  const { width, height, channels } = upright.info;
  const widths = renditionWidths(width);
  const renditions: Rendition[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((height * w) / width));
    const base = () => {
      const image = sharp(upright.data, { raw: { width, height, channels } });
      return w === width ? image : image.resize(w, h);
    };
    // Low encoder efforts: at photo quality they make files within a few per cent of the slow
    // settings' in a fraction of the time (AVIF effort 4 took ten times effort 1 on the bench).
    const [webp, avif] = await Promise.all([
      base().webp({ quality: 80, effort: 2 }).toBuffer(),
      base().avif({ quality: 55, effort: 1 }).toBuffer(),
    ]);
    renditions.push({ width: w, height: h, format: 'webp', data: webp });
    renditions.push({ width: w, height: h, format: 'avif', data: avif });
  }
  const largest = widths[widths.length - 1] ?? width;
  return {
    ok: true,
    kind,
    width: largest,
    height: Math.max(1, Math.round((height * largest) / width)),
    renditions,
  };
}

/**
 * Phones' HEIC is HEVC-coded, which the prebuilt libvips does not decode: libheif (WebAssembly,
 * `heic-decode`) decodes it, applying the file's own rotation, and sharp takes the pixels.
 */
async function heicSource(input: Buffer): Promise<Sharp> {
  const [{ default: decodeHeic }, sharp] = await Promise.all([import('heic-decode'), loadSharp()]);
  const image = await decodeHeic({ buffer: input });
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}

/**
 * sharp (libvips) and libheif load on the first image, not with the shop: most starts never
 * process one, and loading them took about a tenth of a start (docs/decisions/0041-render-cost.md).
 */
export const loadSharp = () => import('sharp').then((m) => m.default);
