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

export interface VariantView {
  id: string;
  size: string;
  barcode: string;
  stock: number;
  preorder: boolean;
  notification: boolean;
}

/**
 * A product group with everything the app's wire shape carries (catalogue.md §3 Product group):
 * the tile, its sizes, barcode, videos and the article's colours. Prices in kopecks.
 */
export interface GroupDetails extends ProductCard {
  variants: VariantView[];
  barcode: string | null;
  videos: string[];
  /** The same article in other colours, this one included (DECISIONS 25). */
  colours: { id: string; colorName: Localized; colorHex: string }[];
}

export interface ProductPage {
  id: string;
  art: string;
  name: Localized;
  description: Localized;
  composition: Localized;
  care: Localized;
  category: CategoryView;
  parentCategory: CategoryView | null;
  colorName: Localized;
  colorHex: string;
  price: number;
  oldPrice: number | null;
  isNew: boolean;
  isBestseller: boolean;
  barcode: string | null;
  /** Sizes in the spec's order (catalogue.md §5). */
  variants: VariantView[];
  photos: { src: string; width: number; height: number; tags: PhotoTagView[] }[];
  videos: string[];
  /** The same article in other colours, this one included (DECISIONS 25). */
  colours: { id: string; colorName: Localized; colorHex: string }[];
  sizeTable: {
    title: Localized;
    items: { name: Localized; columns: string[]; rows: string[][]; text: Localized }[];
  } | null;
}

/** A tag on a product photo (catalogue.md §3): position in percent, a label and a link. */
export interface PhotoTagView {
  id: number;
  left: number;
  top: number;
  /** The Russian edition's text. */
  name: string;
  /** The English edition's; '' until translated (core/catalogue/tag-names.rules.ts). */
  nameEn: string;
  path: string;
  link: string;
  maxWidth: number;
}
