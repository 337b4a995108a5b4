/** Widths the demo's photos are drawn at (WebP), smallest first (docs/decisions/0002-demo-media.md). */
export const photoWidths = [480, 960] as const;

/** Widths uploaded photos are made at, in WebP and AVIF (DECISIONS 38), never above the original. */
const uploadWidths = [480, 960, 1600] as const;

/**
 * The widths a photo's files exist at. An uploaded photo's path names its widest rendition
 * (`uploads/<id>-<widest>`, core/media/product-media.service.ts): each upload width below it and
 * that one. The demo's photos (`products/<group>-<view>`) exist at {@link photoWidths}.
 */
export function photoRenditionWidths(src: string): number[] {
  const widest = uploadedWidest(src);
  if (widest === null) return [...photoWidths];
  return [...uploadWidths.filter((w) => w < widest), widest];
}

function uploadedWidest(src: string): number | null {
  const match = /^uploads\/[0-9a-f]+-(\d{1,5})$/.exec(src);
  return match ? Number(match[1]) : null;
}

/** Whether the photo also has AVIF renditions (uploaded photos do; the demo's are WebP only). */
export function hasAvif(src: string): boolean {
  return uploadedWidest(src) !== null;
}

/** `products/x-front` → the largest WebP rendition and a srcset of all of them, for an `<img>`. */
export function photoSources(src: string): { src: string; srcSet: string } {
  const widths = photoRenditionWidths(src);
  const set = widths.map((w) => `/media/${src}-${w}.webp ${w}w`).join(', ');
  return { src: `/media/${src}-${widths[widths.length - 1]}.webp`, srcSet: set };
}

/**
 * A photo's JPEG rendition at its widest width, `/media/<src>-<widest>.jpg`, for the marketplaces,
 * which take JPEG and PNG only (docs/product/feeds.md): uploads get it with their other renditions
 * (core/media/image-pipeline.ts), the demo's photos are drawn in it on request.
 */
export function photoJpeg(src: string): string {
  const widths = photoRenditionWidths(src);
  return `/media/${src}-${widths[widths.length - 1]}.jpg`;
}

/**
 * The AVIF srcset of a photo for a `<source type="image/avif">` in a `<picture>`, at the widths that
 * exist, or null when the photo has none (the browser then takes the `<img>`'s WebP).
 */
export function photoAvifSrcSet(src: string): string | null {
  if (!hasAvif(src)) return null;
  return photoRenditionWidths(src)
    .map((w) => `/media/${src}-${w}.avif ${w}w`)
    .join(', ');
}

/** Widths of banners (hero, collection covers). */
export const bannerWidths = [800, 1600] as const;

export function bannerSources(src: string): { src: string; srcSet: string } {
  // A cover uploaded in the back office is an uploaded image with its own widths.
  if (uploadedWidest(src) !== null) return photoSources(src);
  const set = bannerWidths.map((w) => `/media/${src}-${w}.webp ${w}w`).join(', ');
  return { src: `/media/${src}-${bannerWidths[bannerWidths.length - 1]}.webp`, srcSet: set };
}
