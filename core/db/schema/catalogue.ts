import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AgeGroup, Gender } from '../../catalogue/audience.rules.ts';
import { vatRates } from '../../content/settings.schemas.ts';
import type { VatRate } from '../../orders/receipt-settings.rules.ts';

/** The VAT rates a category or product may name (the acquirer's `Tax` values, DECISIONS 36). */
const vatRateList = sql.raw(vatRates.map((v) => `'${v}'`).join(', '));

/** Names and texts are stored per edition; the English edition falls back to Russian when empty. */
export interface LocalizedText {
  ru: string;
  en: string;
}

export const categories = pgTable(
  'categories',
  {
    slug: text('slug').primaryKey(),
    parentSlug: text('parent_slug').references((): AnyPgColumn => categories.slug, {
      onDelete: 'restrict',
      onUpdate: 'cascade',
    }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: integer('position').notNull().default(0),
    /** 1C synchronisation section this category maps to. */
    synchronizationSection: text('synchronization_section'),
    /**
     * Who its products are for, as the marketplace feeds state it (docs/product/feeds.md): Google's
     * `age_group` and `gender` values; null = as the parent category (at the top: adult, unisex).
     */
    ageGroup: text('age_group').$type<AgeGroup>(),
    gender: text('gender').$type<Gender>(),
    /**
     * VAT rate of its products' receipt items (docs/product/receipts.md); null = as the parent
     * category, at the top the shop's rate (settings `main.receipt.vat`).
     */
    vatRate: text('vat_rate').$type<VatRate>(),
    /**
     * Its products carry a mark code per unit (Честный ЗНАК, docs/product/marking.md); null = as the
     * parent category, at the top not marked.
     */
    marked: boolean('marked'),
    /**
     * Customs data of its products for parcels abroad (docs/product/shipping-desk.md): the HS
     * (ТН ВЭД) code, 6 to 10 digits, and the ISO country of manufacture; null = as the parent category.
     */
    hsCode: text('hs_code'),
    originCountry: text('origin_country'),
    /** Optimistic concurrency (DECISIONS 31): every back-office save sends the version it read. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentSlug, t.position),
    check('categories_vat_rate', sql`${t.vatRate} in (${vatRateList})`),
    check('categories_age_group', sql`${t.ageGroup} in ('newborn', 'infant', 'toddler', 'kids', 'adult')`),
    check('categories_gender', sql`${t.gender} in ('male', 'female', 'unisex')`),
    check('categories_hs_code', sql`${t.hsCode} ~ '^[0-9]{6,10}$'`),
    check('categories_origin_country', sql`${t.originCountry} ~ '^[A-Z]{2}$'`),
  ],
);

export const sizeTables = pgTable('size_tables', {
  id: text('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  /** Each item: a named table (columns, rows) and an explanatory text. */
  items: jsonb('items')
    .$type<{ name: LocalizedText; columns: string[]; rows: string[][]; text: LocalizedText }[]>()
    .notNull(),
  /** Optimistic concurrency (DECISIONS 31). */
  version: integer('version').notNull().default(1),
});

export const productGroups = pgTable(
  'product_groups',
  {
    /** The slug: `/products/{id}`. One article in one colour (DECISIONS 25). */
    id: text('id').primaryKey(),
    art: text('art').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    composition: jsonb('composition').$type<LocalizedText>().notNull(),
    care: jsonb('care').$type<LocalizedText>().notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug, { onDelete: 'restrict', onUpdate: 'cascade' }),
    colorName: jsonb('color_name').$type<LocalizedText>().notNull(),
    colorHex: text('color_hex').notNull(),
    /** Current price in kopecks. */
    price: integer('price').notNull(),
    /** Price before the discount in kopecks, when discounted. */
    oldPrice: integer('old_price'),
    isNew: boolean('is_new').notNull().default(false),
    isBestseller: boolean('is_bestseller').notNull().default(false),
    barcode: text('barcode'),
    synchronizationSection: text('synchronization_section'),
    sizeTableId: text('size_table_id').references(() => sizeTables.id, { onDelete: 'set null' }),
    /** The feeds' audience of this product when it differs from its category's; null = the category's. */
    ageGroup: text('age_group').$type<AgeGroup>(),
    gender: text('gender').$type<Gender>(),
    /** The receipt's VAT rate of this product when it differs from its category's; null = the category's. */
    vatRate: text('vat_rate').$type<VatRate>(),
    /** Marked goods (docs/product/marking.md) when it differs from its category; null = the category's. */
    marked: boolean('marked'),
    /** Customs data (HS code, country of manufacture) when it differs from its category's; null = the category's. */
    hsCode: text('hs_code'),
    originCountry: text('origin_country'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** Optimistic concurrency (DECISIONS 31): every back-office save sends the version it read. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by a trigger on `variant_products` (migration 0030), never written by the app: the
     * non-empty sizes of the group's variants, those of them on sale (stock above zero or
     * preorder), and whether any variant is on sale, one-size ones included. The listing filters
     * on them (docs/decisions/0040-catalogue-at-scale.md).
     */
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    sizesOnSale: text('sizes_on_sale').array().notNull().default(sql`'{}'::text[]`),
    sellable: boolean('sellable').notNull().default(false),
  },
  (t) => [
    index('product_groups_category_idx').on(t.categorySlug, t.position),
    index('product_groups_art_idx').on(t.art),
    index('product_groups_sizes_idx').using('gin', t.sizes),
    index('product_groups_sizes_on_sale_idx').using('gin', t.sizesOnSale),
    // The listing's orders over the published groups: the first page of a filter walks one of
    // these until it has found its cards.
    index('product_groups_listing_position_idx').on(t.position, t.id).where(sql`${t.published}`),
    // Also holds every column a listing filters on (Drizzle has no INCLUDE, so as trailing keys):
    // a count and a scope's size options read this narrow index alone, not the wide rows.
    index('product_groups_listing_idx')
      .on(t.price, t.position, t.id, t.categorySlug, t.oldPrice, t.sellable, t.sizes, t.sizesOnSale)
      .where(sql`${t.published}`),
    index('product_groups_listing_price_desc_idx')
      .on(t.price.desc().nullsFirst(), t.position, t.id)
      .where(sql`${t.published}`),
    index('product_groups_listing_new_idx')
      .on(t.isNew.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.position, t.id)
      .where(sql`${t.published}`),
    check(
      'product_groups_age_group',
      sql`${t.ageGroup} in ('newborn', 'infant', 'toddler', 'kids', 'adult')`,
    ),
    check('product_groups_gender', sql`${t.gender} in ('male', 'female', 'unisex')`),
    check('product_groups_vat_rate', sql`${t.vatRate} in (${vatRateList})`),
    check('product_groups_hs_code', sql`${t.hsCode} ~ '^[0-9]{6,10}$'`),
    check('product_groups_origin_country', sql`${t.originCountry} ~ '^[A-Z]{2}$'`),
    check('product_groups_price_positive', sql`${t.price} >= 0`),
    check('product_groups_old_price_above', sql`${t.oldPrice} is null or ${t.oldPrice} > ${t.price}`),
  ],
);

export const variantProducts = pgTable(
  'variant_products',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** `TheSize`; empty string for one-size items ('Без размера'). */
    size: text('size').notNull(),
    /** `Color`, as the 1C feed names it. */
    color: text('color').notNull(),
    barcode: text('barcode').notNull(),
    /** `WarehouseQuantity`: never below zero. */
    stock: integer('stock').notNull().default(0),
    /** `preorder == 1`: may be ordered without stock. */
    preorder: boolean('preorder').notNull().default(false),
    /** `notification == 1`: shoppers may ask to be told when it arrives. */
    notification: boolean('notification').notNull().default(false),
    /** The 1C product (offer) `Ид` this variant is exchanged as; null for variants made here. */
    exchangeId: text('exchange_id'),
  },
  (t) => [
    index('variant_products_group_idx').on(t.groupId),
    uniqueIndex('variant_products_exchange_idx').on(t.exchangeId),
    uniqueIndex('variant_products_barcode_idx').on(t.barcode),
    uniqueIndex('variant_products_group_size_idx').on(t.groupId, t.size),
    check('variant_products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export const collections = pgTable('collections', {
  slug: text('slug').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  coverSrc: text('cover_src'),
  position: integer('position').notNull().default(0),
  /** Optimistic concurrency (DECISIONS 31). */
  version: integer('version').notNull().default(1),
});

export const collectionGroups = pgTable(
  'collection_groups',
  {
    collectionSlug: text('collection_slug')
      .notNull()
      .references(() => collections.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionSlug, t.groupId] }),
    index('collection_groups_group_idx').on(t.groupId),
  ],
);

export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Path under /media, without the width suffix: `products/dr-1042-sand-front`. */
    src: text('src').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** High-quality photos are served as uploaded; the rest as WebP/AVIF renditions. */
    highQuality: boolean('high_quality').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_photos_group_idx').on(t.groupId, t.position)],
);

export const productVideos = pgTable(
  'product_videos',
  {
    id: serial('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    src: text('src').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_videos_group_idx').on(t.groupId)],
);

export const photoTags = pgTable(
  'photo_tags',
  {
    id: serial('id').primaryKey(),
    /** The photo the tag sits on (its src) and the group that owns that photo (`productID`). */
    src: text('src').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Position in percent of the photo's width and height. */
    left: integer('left').notNull(),
    top: integer('top').notNull(),
    /** The tag's text in the Russian edition. */
    name: text('name').notNull(),
    /** Its English text; empty until translated (the English edition then shows `name`). */
    nameEn: text('name_en').notNull().default(''),
    path: text('path').notNull().default(''),
    link: text('link').notNull().default(''),
    /** 0 to 300, step 10 (catalogue.md §9). */
    maxWidth: integer('max_width').notNull().default(0),
  },
  (t) => [
    index('photo_tags_photo_idx').on(t.groupId, t.src),
    check('photo_tags_position', sql`${t.left} between 0 and 100 and ${t.top} between 0 and 100`),
    check('photo_tags_max_width', sql`${t.maxWidth} between 0 and 300 and ${t.maxWidth} % 10 = 0`),
  ],
);
