import type { AgeGroup, Gender } from '../../../core/catalogue/audience.rules.ts';
import type { VariantView } from '../../../core/catalogue/catalogue.types.ts';
import type { VatRate } from '../../../core/orders/receipt-settings.rules.ts';

/** What the catalogue staff API answers (server/routes/admin/catalogue.routes.ts). */
export interface L10n {
  ru: string;
  en: string;
}

export interface ProductRow {
  id: string;
  art: string;
  name: L10n;
  colorName: L10n;
  colorHex: string;
  categorySlug: string;
  price: number;
  oldPrice: number | null;
  isNew: boolean;
  isBestseller: boolean;
  published: boolean;
  version: number;
  stock: number;
  sizes: number;
  photo: string | null;
}

/** A size of a product, as the storefront's catalogue reads it too. */
export type Variant = VariantView;

export interface ProductRecord {
  product: {
    id: string;
    art: string;
    name: L10n;
    description: L10n;
    composition: L10n;
    care: L10n;
    categorySlug: string;
    collectionSlugs: string[];
    colorName: L10n;
    colorHex: string;
    price: number;
    oldPrice: number | null;
    isNew: boolean;
    isBestseller: boolean;
    sizeTableId: string | null;
    ageGroup: AgeGroup | null;
    gender: Gender | null;
    vatRate: VatRate | null;
    /** Marked goods of its own (docs/product/marking.md); null = as its category. */
    marked?: boolean | null;
    /** Customs data of its own (docs/product/shipping-desk.md); null = as its category. */
    hsCode?: string | null;
    originCountry?: string | null;
    published: boolean;
    version: number;
  };
  variants: Variant[];
  siblings: { id: string; colorName: L10n; colorHex: string; published: boolean }[];
  photoCount: number;
}

/** Who a product or a category is for, its VAT rate, marking and customs data (null = as its category). */
export type AudienceValues = Pick<
  ProductRecord['product'],
  'ageGroup' | 'gender' | 'vatRate' | 'marked' | 'hsCode' | 'originCountry'
>;

export interface EditorOptions {
  categories: ({ slug: string; name: L10n; parentSlug: string | null } & AudienceValues)[];
  collections: { slug: string; name: L10n }[];
  sizeTables: { id: string; title: L10n }[];
}

export interface SizeTableItem {
  name: L10n;
  columns: string[];
  rows: string[][];
  text: L10n;
}
