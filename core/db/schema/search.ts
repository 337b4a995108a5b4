import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Search synonyms staff edit (issue 21, docs/decisions/0029-russian-search-seo-and-shopper-messages.md): a query word `term`
 * also finds the words of `alternatives` (one way: `белый` finds `молочный`, not the reverse).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  /** One word, lower case, `ё` folded; unique by its stem (checked by the service). */
  term: text('term').notNull().unique(),
  alternatives: jsonb('alternatives').$type<string[]>().notNull().default([]),
  /** Raised by every staff change: a save based on an older version is refused (DECISIONS 31). */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
