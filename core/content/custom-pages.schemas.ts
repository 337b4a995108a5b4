import { z } from 'zod';
import type { LookTag } from '../db/schema/index.ts';
import { imageSrcSchema } from './pages-admin.schemas.ts';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const version = z.iso.datetime({ offset: true });

/** A category's address part: Latin small letters, digits and `-` (catalogue.md §3, §9). */
export const categorySlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'Latin small letters, digits and hyphens');

/** What a category section holds is not shown by the spec: short labels, at most 100. */
const sectionsSchema = z.array(z.string().trim().min(1).max(200)).max(100);

export const categoryParams = z.object({ id });

/** GET /api/custompages/categories?sort=index:1 (catalogue.md §7): the server sorts by index. */
export const categoryListQuery = z.object({
  sort: z.enum(['index:1', 'index:-1']).default('index:1'),
  lang: z.string().optional(),
});

/**
 * POST /api/custompages/categories/create {name, slug, sections, date} (catalogue.md §7). The name
 * defaults to 'Категория'; the slug, when not sent, is made from the name; `date` is accepted for
 * the wire's sake and the server's clock is recorded.
 */
export const categoryCreateBody = z.object({
  name: z.string().trim().min(1).max(200).default('Категория'),
  slug: categorySlugSchema.optional(),
  sections: sectionsSchema.default([]),
  date: z.unknown().optional(),
});
export type CategoryCreateInput = z.output<typeof categoryCreateBody>;

/** POST /api/custompages/categories/update/{id}: the full category, with the version it was read at. */
export const categoryUpdateBody = z.object({
  _id: id.optional(),
  name: z.string().trim().min(1).max(200),
  slug: categorySlugSchema,
  sections: sectionsSchema,
  index: z.number().int().min(0).max(100_000),
  date: z.unknown().optional(),
  updatedAt: version,
});
export type CategoryUpdateInput = z.output<typeof categoryUpdateBody>;

export const categoryDeleteQuery = z.object({ updatedAt: version.optional(), lang: z.string().optional() });

/** A tag of a look's photo (catalogue.md §3 Photo tag; width 0–300 step 10, §9). */
export const lookTagSchema = z.object({
  left: z.number().min(0).max(100),
  top: z.number().min(0).max(100),
  name: z.string().trim().max(200).default(''),
  /** The English edition's text; absent or '' until translated (core/catalogue/tag-names.rules.ts). */
  nameEn: z.string().trim().max(200).optional(),
  productID: id,
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(?:$|\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/, 'a path of the shop or an https address')
    .default(''),
  maxWidth: z.number().int().min(0).max(300).multipleOf(10).default(0),
});
export type LookTagInput = z.output<typeof lookTagSchema>;

export const lookParams = z.object({ id });

/** A new look: its photo from the media store; tags come later, placed on the photo. */
export const lookCreateBody = z.object({ src: imageSrcSchema });

export const lookUpdateBody = z.object({
  src: imageSrcSchema,
  tags: z.array(lookTagSchema).max(30),
  updatedAt: version,
});
export type LookUpdateInput = z.output<typeof lookUpdateBody>;

export const lookDeleteBody = z.object({ updatedAt: version });

export const lookOrderBody = z.object({ ids: z.array(id).min(1).max(500) });

/** A custom-page category on the wire (catalogue.md §3): `_id`, name, slug, sections, date, index. */
export interface CategoryWire {
  _id: string;
  name: string;
  slug: string;
  sections: unknown[];
  date: string;
  index: number;
  updatedAt: string;
}

/** A look on the wire (catalogue.md §3 Custom page list item: date, sections, src, tags). */
export interface LookWire {
  _id: string;
  date: string;
  sections: unknown[];
  src: string;
  tags: LookTag[];
  index: number;
  updatedAt: string;
}
