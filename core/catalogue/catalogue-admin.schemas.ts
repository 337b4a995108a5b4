import { z } from 'zod';
import { vatRates } from '../content/settings.schemas.ts';
import type { Localized } from '../i18n.ts';
import { ageGroups, genders } from './audience.rules.ts';

/**
 * The back office's catalogue requests (issue 15): product groups and their variants, categories,
 * collections and size tables. Shared by the staff API and the back-office forms.
 */

/** Ranges a price, an old price and a stock must keep (a typo of three zeros is refused). */
export const catalogueLimits = {
  /** Kopecks: 1 rouble to 10,000,000 roubles. */
  minPrice: 100,
  maxPrice: 1_000_000_000,
  maxStock: 100_000,
  maxBulk: 500,
  /** Products named when a deletion is refused because they use the record. */
  inUseShown: 10,
} as const;

/** An empty form field is no filter. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** The version the screen showed (DECISIONS 31): a save over a newer version is refused with 409. */
export const versionField = z.number().int().min(1).max(2_147_483_647);

const text = (max: number) => z.string().trim().max(max);
/** Russian is required; the English edition falls back to it when English is empty. */
export const localizedName = z.object({ ru: text(200).min(1), en: text(200) });
export const localizedText = z.object({ ru: text(20_000), en: text(20_000) });

export const priceField = z.number().int().min(catalogueLimits.minPrice).max(catalogueLimits.maxPrice);
export const stockField = z.number().int().min(0).max(catalogueLimits.maxStock);
const slugRef = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/);
export const barcodeField = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{4,40}$/);
export const sizeField = z.string().trim().max(20);

/**
 * Who a product or a category is for, as the feeds state it (core/catalogue/audience.rules.ts):
 * one of Google's values, or empty (null) for "as its category" / "not set". The form's empty
 * choice sends ''.
 */
const emptyIsNull = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());
export const audienceFields = {
  ageGroup: emptyIsNull(z.enum(ageGroups)),
  gender: emptyIsNull(z.enum(genders)),
  /**
   * The receipt's VAT rate (core/orders/receipt-settings.rules.ts): one the acquirer takes, or empty
   * for "as its category" / "as the settings" (DECISIONS 36).
   */
  vatRate: emptyIsNull(z.enum(vatRates)),
  /**
   * Marked goods (Честный ЗНАК, docs/product/marking.md): `true`/`false`, or empty (null) for "as its
   * category" / "as the parent"; absent leaves it as it is (a client that does not know the field).
   */
  marked: z
    .preprocess(
      (v) => (v === '' ? null : v === 'true' ? true : v === 'false' ? false : v),
      z.boolean().nullable(),
    )
    .optional(),
  /**
   * Customs data for parcels abroad (docs/product/shipping-desk.md): the HS (ТН ВЭД) code, 6 to 10
   * digits (spaces and dots as staff type them are dropped), and the ISO country of manufacture; empty
   * (null) for "as its category"; absent leaves it as it is.
   */
  hsCode: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s.]/g, '') : v) || null,
      z
        .string()
        .regex(/^\d{6,10}$/, 'must be 6 to 10 digits')
        .nullable(),
    )
    .optional(),
  originCountry: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v) || null,
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
        .nullable(),
    )
    .optional(),
};

/** The names staff read of the fields a refusal names (the answer's `field` keeps the code). */
export const catalogueFieldLabels: Record<string, Localized> = {
  ageGroup: { ru: 'Возрастная группа', en: 'Age group' },
  gender: { ru: 'Пол', en: 'Gender' },
  vatRate: { ru: 'НДС в чеке', en: 'VAT on the receipt' },
  marked: { ru: 'Маркируемый товар', en: 'Marked goods' },
  hsCode: { ru: 'Код ТН ВЭД', en: 'HS code' },
  originCountry: { ru: 'Страна производства', en: 'Country of manufacture' },
};

export const variantInput = z.object({
  /** Present for an existing variant, absent for a new one. */
  id: optional(z.string().min(1).max(200)),
  size: sizeField,
  barcode: barcodeField,
  /** The stock of a new size; an existing size's stock changes only through the stock endpoint. */
  stock: stockField,
  preorder: z.boolean(),
  notification: z.boolean(),
});
export type VariantInput = z.output<typeof variantInput>;

const productFields = {
  art: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\p{L}0-9][\p{L}0-9 ._/-]*$/u),
  name: localizedName,
  description: localizedText,
  composition: localizedText,
  care: localizedText,
  categorySlug: slugRef,
  collectionSlugs: z.array(slugRef).max(50),
  isNew: z.boolean(),
  isBestseller: z.boolean(),
  price: priceField,
  /** The price before the discount: present makes the product a sale item ("sale" flag). */
  oldPrice: priceField.nullable(),
  colorName: localizedName,
  colorHex: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .transform((v) => v.toLowerCase()),
  sizeTableId: z.string().min(1).max(120).nullable(),
  ...audienceFields,
};

const oldPriceAbovePrice = (v: { price?: number; oldPrice?: number | null }, ctx: z.RefinementCtx) => {
  if (v.oldPrice != null && v.price != null && v.oldPrice <= v.price) {
    ctx.addIssue({ code: 'custom', path: ['oldPrice'], message: 'the old price must be above the price' });
  }
};

const uniqueVariants = (v: { variants?: VariantInput[] }, ctx: z.RefinementCtx) => {
  const sizes = new Set<string>();
  const barcodes = new Set<string>();
  (v.variants ?? []).forEach((variant, i) => {
    if (sizes.has(variant.size))
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'size'], message: 'the size is listed twice' });
    if (barcodes.has(variant.barcode))
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'barcode'],
        message: 'the barcode is listed twice',
      });
    sizes.add(variant.size);
    barcodes.add(variant.barcode);
  });
};

/** A new product group: hidden until published, unless `published` says otherwise. */
export const productCreateBody = z
  .object({
    ...productFields,
    published: z.boolean().default(false),
    variants: z.array(variantInput).max(40).default([]),
  })
  .superRefine(oldPriceAbovePrice)
  .superRefine(uniqueVariants);
export type ProductCreateInput = z.output<typeof productCreateBody>;

/** A save of the editor: every field, and the variants as the screen lists them (missing ones removed). */
export const productUpdateBody = z
  .object({
    version: versionField,
    ...productFields,
    published: z.boolean(),
    variants: z.array(variantInput).max(40),
  })
  .superRefine(oldPriceAbovePrice)
  .superRefine(uniqueVariants);
export type ProductUpdateInput = z.output<typeof productUpdateBody>;

export const productIdParams = z.object({ id: z.string().min(1).max(200) });
export const slugParams = z.object({ slug: slugRef });

export const publishBody = z.object({ version: versionField, published: z.boolean() });

/** Another colour of the same article: new slug, new barcodes (or the size left out), no photos. */
export const duplicateBody = z.object({
  version: versionField,
  colorName: localizedName,
  colorHex: productFields.colorHex,
  /** A barcode per size of the source to copy; a size without one is not copied. */
  barcodes: z.record(sizeField, z.union([barcodeField, z.literal('')])).default({}),
});
export type DuplicateInput = z.output<typeof duplicateBody>;

/**
 * A stock change by a manager or an editor: `was` is the stock the screen showed; when the stock
 * moved since (an order, another staff member), the change is refused with the current figure.
 */
export const stockBody = z.object({ stock: stockField, was: stockField });
export const variantIdParams = z.object({ id: z.string().min(1).max(200) });

export const productListQuery = z.object({
  q: optional(z.string().trim().max(100)),
  category: optional(slugRef),
  collection: optional(slugRef),
  inStock: optional(z.enum(['1', '0'])),
  noPhoto: optional(z.enum(['1'])),
  hidden: optional(z.enum(['1', '0'])),
  page: optional(z.coerce.number().int().min(1).max(10_000)),
  limit: optional(z.coerce.number().int().min(1).max(100)),
});
export type ProductListQuery = z.output<typeof productListQuery>;

export const bulkChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price-set'), price: priceField }),
  /** Percent up (positive) or down (negative); `sale` keeps the price before as the old price. */
  z.object({
    kind: z.literal('price-percent'),
    percent: z.number().int().min(-90).max(500),
    sale: z.boolean().default(false),
  }),
  z.object({ kind: z.literal('stock-set'), stock: stockField }),
  z.object({
    kind: z.literal('flags'),
    isNew: z.boolean().optional(),
    isBestseller: z.boolean().optional(),
    /** false ends the sale: the old price is cleared. */
    sale: z.literal(false).optional(),
  }),
  z.object({ kind: z.literal('published'), published: z.boolean() }),
]);
export type BulkChange = z.output<typeof bulkChange>;

export const bulkBody = z.object({
  ids: z.array(z.string().min(1).max(200)).min(1).max(catalogueLimits.maxBulk),
  change: bulkChange,
});

/** The audience, VAT, marking and customs fields a category or a product takes, as parsed. */
export type AudienceInput = z.output<z.ZodObject<typeof audienceFields>>;

export const categoryCreateBody = z.object({
  name: localizedName,
  parentSlug: slugRef.nullable(),
  position: z.number().int().min(0).max(100_000).optional(),
  ...audienceFields,
});
export const categoryUpdateBody = z.object({
  version: versionField,
  name: localizedName,
  parentSlug: slugRef.nullable(),
  position: z.number().int().min(0).max(100_000),
  ...audienceFields,
});
export type CategoryCreateInput = z.output<typeof categoryCreateBody>;
export type CategoryUpdateInput = z.output<typeof categoryUpdateBody>;

export const collectionCreateBody = z.object({
  name: localizedName,
  description: localizedText,
  position: z.number().int().min(0).max(100_000).optional(),
  groupIds: z.array(z.string().min(1).max(200)).max(1000).default([]),
});
export const collectionUpdateBody = z.object({
  version: versionField,
  name: localizedName,
  description: localizedText,
  position: z.number().int().min(0).max(100_000),
  /** The members in their order. */
  groupIds: z.array(z.string().min(1).max(200)).max(1000),
});

const sizeTableItem = z
  .object({
    name: z.object({ ru: text(200), en: text(200) }),
    columns: z.array(text(60)).min(1).max(20),
    rows: z.array(z.array(text(60)).max(20)).max(60),
    text: z.object({ ru: text(5000), en: text(5000) }),
  })
  .superRefine((item, ctx) => {
    item.rows.forEach((row, i) => {
      if (row.length !== item.columns.length)
        ctx.addIssue({ code: 'custom', path: ['rows', i], message: 'a row needs one cell per column' });
    });
  });
export const sizeTableCreateBody = z.object({
  title: localizedName,
  items: z.array(sizeTableItem).min(1).max(10),
});
export const sizeTableUpdateBody = sizeTableCreateBody.extend({ version: versionField });
export type SizeTableInput = z.output<typeof sizeTableCreateBody>;
export const sizeTableParams = z.object({ id: z.string().min(1).max(120) });
