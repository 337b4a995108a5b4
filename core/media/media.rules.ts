/**
 * Limits and content checks of uploads (DECISIONS 38, catalogue.md: product video). Pure: they read
 * bytes, never a file name or a declared type, so the browser can use the same limits.
 */

/** A product photo or page image, as uploaded: phones' largest JPEG and HEIC files fit. */
export const MAX_PHOTO_BYTES = 25_000_000;
/** Pixels of an upload at most (a 48-megapixel phone photo fits; a decompression bomb does not). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/**
 * Pixels of all the images of one upload request together, read from their headers before any is
 * decoded: ten 12-megapixel phone photos, or two of 48 (ten of 49 took 36 s of processor time).
 */
export const MAX_UPLOAD_PIXELS = 120_000_000;
/** Bytes of all the photos of one upload request together, held while they are checked. */
export const MAX_UPLOAD_BYTES = 60_000_000;
/** Photos in one upload request. */
export const MAX_PHOTOS_PER_UPLOAD = 10;
/** catalogue.md: a product video is an mp4 of at most 10,000,000 bytes. */
export const MAX_VIDEO_BYTES = 10_000_000;
/** Widths every uploaded photo is made at, in WebP and AVIF (DECISIONS 38), never above its own. */
export const uploadWidths = [480, 960, 1600] as const;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** HEIF brands of HEVC-coded images (phones' HEIC); AVIF's brands are not among them. */
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/** The image kind the bytes' signature shows, or null for anything the shop does not take. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const ftyp = fileTypeBox(bytes);
  if (ftyp && [ftyp.major, ...ftyp.compatible].some((b) => heicBrands.has(b))) return 'heic';
  return null;
}

/** The `ftyp` box that starts every ISO media file (MP4, HEIF): its major and compatible brands. */
function fileTypeBox(bytes: Uint8Array): { major: string; compatible: string[] } | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const size = readUint32(bytes, 0);
  if (size < 16 || size > bytes.length || size > 4096 || size % 4 !== 0) return null;
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(bytes, at, 4));
  return { major: ascii(bytes, 8, 4), compatible };
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] ?? 0) * 0x1000000 +
      ((bytes[at + 1] ?? 0) << 16) +
      ((bytes[at + 2] ?? 0) << 8) +
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

/** Brands of MP4 files (ISO base media, MPEG-4 part 14 and the players' own); QuickTime `qt  ` is not one. */
const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'hvc1',
  'hev1',
  'dash',
  'M4V ',
  'MSNV',
  'f4v ',
  'mmp4',
]);

/**
 * Whether the bytes are a whole MP4 file (catalogue.md: "mp4 only"): an `ftyp` box with an MP4
 * brand first, then top-level boxes that fit the file exactly, one of them the `moov` index. A
 * renamed text, a QuickTime movie, a HEIC photo or a cut-off upload is not one.
 */
export function isMp4(bytes: Uint8Array): boolean {
  const ftyp = fileTypeBox(bytes);
  if (!ftyp) return false;
  if (![ftyp.major, ...ftyp.compatible].some((b) => mp4Brands.has(b))) return false;
  if ([ftyp.major, ...ftyp.compatible].some((b) => heicBrands.has(b) || b === 'avif')) return false;
  let at = 0;
  let moov = false;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return false;
    let size = readUint32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (!/^[a-zA-Z0-9 ©]{4}$/.test(type)) return false;
    if (size === 1) {
      if (at + 16 > bytes.length) return false;
      const high = readUint32(bytes, at + 8);
      size = high * 0x100000000 + readUint32(bytes, at + 12);
      if (size < 16) return false;
    } else if (size === 0) {
      size = bytes.length - at;
    } else if (size < 8) {
      return false;
    }
    if (at + size > bytes.length) return false;
    if (type === 'moov') moov = true;
    at += size;
  }
  return moov;
}

/**
 * The widths an uploaded photo `width` pixels wide is made at: each of {@link uploadWidths} below it
 * and the largest it allows (its own width when narrower than 1600), never upscaled.
 */
export function renditionWidths(width: number): number[] {
  const top = Math.min(width, 1600);
  return [...new Set([...uploadWidths.filter((w) => w < top), top])];
}
