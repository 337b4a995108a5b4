import { describe, expect, it } from 'vitest';
import { renditionWidths } from '../media/media.rules.ts';
import {
  bannerSources,
  hasAvif,
  photoAvifSrcSet,
  photoRenditionWidths,
  photoSources,
} from './media.rules.ts';

describe('photo sources', () => {
  it("offers a demo photo's WebP at 480 and 960 px and no AVIF", () => {
    expect(photoSources('products/dr-1042-sand-front')).toEqual({
      src: '/media/products/dr-1042-sand-front-960.webp',
      srcSet:
        '/media/products/dr-1042-sand-front-480.webp 480w, /media/products/dr-1042-sand-front-960.webp 960w',
    });
    expect(hasAvif('products/dr-1042-sand-front')).toBe(false);
    expect(photoAvifSrcSet('products/dr-1042-sand-front')).toBeNull();
  });

  it('offers an uploaded photo in WebP and AVIF at 480, 960 and 1600 px', () => {
    const src = 'uploads/0a1b2c3d4e5f60718293-1600';
    expect(photoSources(src)).toEqual({
      src: `/media/${src}-1600.webp`,
      srcSet: `/media/${src}-480.webp 480w, /media/${src}-960.webp 960w, /media/${src}-1600.webp 1600w`,
    });
    expect(photoAvifSrcSet(src)).toBe(
      `/media/${src}-480.avif 480w, /media/${src}-960.avif 960w, /media/${src}-1600.avif 1600w`,
    );
  });

  it('offers a narrow uploaded photo only at the widths it was made at', () => {
    const src = 'uploads/ffee-700';
    expect(photoRenditionWidths(src)).toEqual([480, 700]);
    expect(photoSources(src).src).toBe(`/media/${src}-700.webp`);
    expect(photoAvifSrcSet(src)).toBe(`/media/${src}-480.avif 480w, /media/${src}-700.avif 700w`);
    expect(photoRenditionWidths('uploads/ab-300')).toEqual([300]);
  });

  it('names the same widths the pipeline makes', () => {
    for (const width of [64, 480, 700, 960, 1200, 1600, 4000]) {
      const widest = Math.min(width, 1600);
      expect(photoRenditionWidths(`uploads/abc-${widest}`)).toEqual(renditionWidths(width));
    }
  });

  it('serves an uploaded cover as an uploaded image and the demo banners at 800 and 1600 px', () => {
    expect(bannerSources('banners/hero').src).toBe('/media/banners/hero-1600.webp');
    expect(bannerSources('uploads/abc-1200').srcSet).toBe(
      '/media/uploads/abc-1200-480.webp 480w, /media/uploads/abc-1200-960.webp 960w, /media/uploads/abc-1200-1200.webp 1200w',
    );
  });
});
