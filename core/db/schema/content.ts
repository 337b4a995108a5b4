import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './catalogue.ts';

/** Settings documents `main`, `contacts` and `ui` (catalogue.md §3); their shapes live in content/settings.schemas.ts. */
export const settings = pgTable('settings', {
  id: text('id').primaryKey(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const customPageCategories = pgTable('custom_page_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default('Категория'),
  slug: text('slug').notNull().unique(),
  sections: jsonb('sections').$type<unknown[]>().notNull().default([]),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  index: integer('index').notNull().default(0),
  /** Optimistic concurrency of staff edits (DECISIONS 31): a stale update answers 409. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface PageSection {
  kind: 'text' | 'image';
  title?: LocalizedText;
  body?: LocalizedText;
  src?: string;
}

export const customPages = pgTable(
  'custom_pages',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    sections: jsonb('sections').$type<PageSection[]>().notNull().default([]),
    src: text('src').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    categoryId: text('category_id').references(() => customPageCategories.id, { onDelete: 'set null' }),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    index: integer('index').notNull().default(0),
    /** Optimistic concurrency of back-office edits (DECISIONS 31). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_pages_category_idx').on(t.categoryId, t.index)],
);

/** A tag on a look's photo: where it sits (percent) and the product group it names (catalogue.md §3 Photo tag). */
export interface LookTag {
  left: number;
  top: number;
  /** The Russian edition's text. */
  name: string;
  /** The English edition's text; absent or '' until translated (core/catalogue/tag-names.rules.ts). */
  nameEn?: string;
  /** The tagged product group: an item of the look that 'Купить образ' offers. */
  productID: string;
  link: string;
  /** 0 to 300, step 10 (catalogue.md §9). */
  maxWidth: number;
}

/**
 * The looks of the 'instashop' page (catalogue.md §3 Custom page list item: date, sections, src,
 * tags), ordered by `index`; each tag names an item the shopper can buy with 'Купить образ'.
 */
export const looks = pgTable(
  'looks',
  {
    id: text('id').primaryKey(),
    src: text('src').notNull().default(''),
    tags: jsonb('tags').$type<LookTag[]>().notNull().default([]),
    sections: jsonb('sections').$type<unknown[]>().notNull().default([]),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    index: integer('index').notNull().default(0),
    /** Optimistic concurrency of staff edits (DECISIONS 31). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('looks_index_idx').on(t.index)],
);

/**
 * Central Bank of Russia rates: roubles per one unit of the currency, in ten-thousandths
 * (`rate4 = 92.5312 RUB` is stored as 925312), one row per currency and day (DECISIONS 7).
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').notNull(),
    date: text('date').notNull(),
    rate4: integer('rate4').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.date] })],
);

/**
 * Staff overrides of the storefront's interface texts (app/i18n dictionaries), one row per edition
 * and key; a key without a row shows the built-in text (docs/decisions on text overrides).
 */
export const textOverrides = pgTable(
  'text_overrides',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

/**
 * Staff wording of the shop's messages (core/messages/message-texts.ts): one row per language and
 * text; a text without a row is sent as built in.
 */
export const messageTexts = pgTable(
  'message_texts',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);
