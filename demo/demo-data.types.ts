import type { Gender } from '../core/catalogue/audience.rules.ts';

/** Shapes of the demo catalogue the seed loads into an empty shop. */

/** A text in both editions of the shop. */
export interface Localized {
  ru: string;
  en: string;
}

/** A catalogue category; top-level categories have `parentSlug: null`. */
export interface DemoCategory {
  slug: string;
  parentSlug: string | null;
  name: Localized;
  position: number;
  /** Who its products are for in the feeds; absent: as the parent (at the top: unisex). */
  gender?: Gender;
  /** Customs data for parcels abroad: HS code and country of manufacture; absent: as the parent. */
  hsCode?: string;
  originCountry?: string;
}

/** A curated collection; `articles` are article codes of `DemoArticle`s, in display order. */
export interface DemoCollection {
  slug: string;
  name: Localized;
  description: Localized;
  articles: string[];
}

/** What the generated product photo draws. */
export type GarmentKind =
  | 'dress'
  | 'coat'
  | 'jacket'
  | 'sweater'
  | 'cardigan'
  | 'shirt'
  | 'blouse'
  | 'tshirt'
  | 'top'
  | 'trousers'
  | 'jeans'
  | 'skirt'
  | 'boots'
  | 'sneakers'
  | 'bag'
  | 'scarf'
  | 'hat'
  | 'belt';

/** A colour an article comes in; `key` is stable and latin. */
export interface DemoColour {
  key: string;
  name: Localized;
  hex: string;
}

/** Which size run the variants of an article get. */
export type SizeScale = 'letter' | 'numeric' | 'shoes' | 'one-size';

/** One article (model); every colour of it becomes its own product group. */
export interface DemoArticle {
  /** Article code, e.g. 'DR-1042', unique. */
  art: string;
  kind: GarmentKind;
  /** Slug of a subcategory (a category whose parentSlug is not null). */
  categorySlug: string;
  name: Localized;
  /** 2-3 sentences of shop copy. */
  description: Localized;
  composition: Localized;
  /** Washing instructions, one sentence. */
  care: Localized;
  /** Whole roubles. */
  priceRub: number;
  /** Set (higher than priceRub) for discounted articles. */
  oldPriceRub: number | null;
  isNew: boolean;
  isBestseller: boolean;
  sizeScale: SizeScale;
  /** 1 to 3 DemoColour keys; each colour becomes its own product group. */
  colours: string[];
  /** Set where the article is not for whom its category is (a men's coat among the coats). */
  gender?: Gender;
}
