import { z } from 'zod';

/**
 * What the English edition can lack (docs/product/translations.md): the kinds of record whose texts
 * are kept per edition, in the order the back office lists them.
 */
export const translationKinds = ['product', 'category', 'collection', 'page', 'photoTag', 'lookTag'] as const;
export type TranslationKind = (typeof translationKinds)[number];

/** The edition texts of each kind; a page's sections add `sections.<n>.title` and `sections.<n>.body`. */
export const translationFields = {
  product: ['name', 'description', 'colorName', 'composition', 'care'],
  category: ['name'],
  collection: ['name', 'description'],
  page: ['title'],
  photoTag: ['name'],
  lookTag: ['name'],
} as const satisfies Record<TranslationKind, readonly string[]>;

/** A look tag's id on the list: the look's id and the tag's place on its photo, `look-1:0`. */
export const lookTagIdPattern = /^(.{1,190}):(\d{1,2})$/;

/** A page's section text: `sections.2.body`. */
export const sectionFieldPattern = /^sections\.(\d{1,3})\.(title|body)$/;

/** Records a page of the list shows at a time. */
export const TRANSLATION_PAGE = 30;

/** The longest English text a row takes (a product description is the longest kind). */
export const TRANSLATION_MAX_LENGTH = 20_000;

/** `GET /api/admin/translations?kind=product&offset=0`: one kind's missing texts, a page at a time. */
export const translationListQuery = z.object({
  kind: z.enum(translationKinds).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * `PUT /api/admin/translations`: the English text of one field of one record, with the version the
 * editor read (a number, or a page's `updatedAt`); a newer record answers 409 with the current text.
 */
export const translationSaveBody = z.object({
  kind: z.enum(translationKinds),
  id: z.string().trim().min(1).max(200),
  field: z.string().max(40),
  en: z.string().trim().min(1).max(TRANSLATION_MAX_LENGTH),
  version: z.union([z.number().int().min(0), z.string().min(1).max(40)]),
});
export type TranslationSave = z.infer<typeof translationSaveBody>;
