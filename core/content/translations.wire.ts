import type { TranslationKind } from './translations.schemas.ts';

/** One text the English edition lacks: the Russian to translate, and the version to save over. */
export interface MissingText {
  kind: TranslationKind;
  id: string;
  /** `name`, `description`…, or a page's `sections.<n>.title` / `sections.<n>.body`. */
  field: string;
  /** The record's Russian name (a product's, a page's title), to know what the text belongs to. */
  title: string;
  ru: string;
  /**
   * A number, a page's or a look's `updatedAt` (DECISIONS 31), or a photo tag's digest
   * (core/catalogue/photo-tags.rules.ts `tagsVersion`).
   */
  version: number | string;
  /** The record a tag sits on, when it is not `id`: a photo tag's product, a look tag's look. */
  record?: string;
}

/** `GET /api/admin/translations`: the counts of every kind and a page of one kind's texts. */
export interface TranslationsAnswer {
  counts: Record<TranslationKind, number>;
  total: number;
  kind: TranslationKind;
  offset: number;
  texts: MissingText[];
  /** More records of the kind lack English beyond this page. */
  more: boolean;
}

/** `PUT /api/admin/translations`: the English saved and the record's new version. */
export interface TranslationSaved {
  version: number | string;
  en: string;
}

/** A refused save's `current` (409): the text as it is now, and the version to save over next. */
export interface TranslationCurrent {
  version: number | string;
  ru: string;
  en: string;
}
