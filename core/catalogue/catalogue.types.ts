import type { Localized } from '../i18n.ts';

export interface CategoryView {
  slug: string;
  parentSlug: string | null;
  name: Localized;
  position: number;
}

/** A product group as a catalogue tile shows it; prices in kopecks. */
export interface ProductCard {
  id: string;
  art: string;
  name: Localized;
  categorySlug: string;
  colorName: Localized;
  colorHex: string;
  price: number;
  oldPrice: number | null;
  isNew: boolean;
  isBestseller: boolean;
  /** Photo paths under /media without width suffix; first is the cover. */
  photos: string[];
  /** Whether any size can be bought now or pre-ordered. */
  available: boolean;
}

export interface CollectionView {
  slug: string;
  name: Localized;
  description: Localized;
  coverSrc: string | null;
}
