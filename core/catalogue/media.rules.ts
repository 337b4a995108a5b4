/** Widths every product photo is stored at (WebP), smallest first. */
export const photoWidths = [480, 960] as const;

/** `products/x-front` → the largest rendition and a srcset of all of them. */
export function photoSources(src: string): { src: string; srcSet: string } {
  const set = photoWidths.map((w) => `/media/${src}-${w}.webp ${w}w`).join(', ');
  return { src: `/media/${src}-${photoWidths[photoWidths.length - 1]}.webp`, srcSet: set };
}

/** Widths of banners (hero, collection covers). */
export const bannerWidths = [800, 1600] as const;

export function bannerSources(src: string): { src: string; srcSet: string } {
  const set = bannerWidths.map((w) => `/media/${src}-${w}.webp ${w}w`).join(', ');
  return { src: `/media/${src}-${bannerWidths[bannerWidths.length - 1]}.webp`, srcSet: set };
}
