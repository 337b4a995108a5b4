import type { ImgHTMLAttributes } from 'react';
import { photoAvifSrcSet, photoSources } from '../../core/catalogue/media.rules.ts';

type PhotoProps = { photo: string; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt'
>;

/**
 * A product photo (DECISIONS 38): its WebP renditions on the `<img>`, and for an uploaded photo its
 * AVIF renditions as a `<picture>` source the browser prefers when it can. The `<picture>` takes no
 * box of its own, so the image keeps the layout its class gives it.
 */
export function Photo({ photo, alt, ...img }: PhotoProps) {
  const image = <img {...photoSources(photo)} alt={alt} {...img} />;
  const avif = photoAvifSrcSet(photo);
  if (!avif) return image;
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={avif} sizes={img.sizes} />
      {image}
    </picture>
  );
}
