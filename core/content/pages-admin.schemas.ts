import { z } from 'zod';

/**
 * Addresses the storefront's own routes take (app/routes.ts and the server's paths): a page may not
 * hide one of them.
 */
export const reservedSlugs = [
  'admin',
  'api',
  'app',
  'assets',
  'catalog',
  'dev',
  'en',
  'looks',
  'media',
  'newsletter-confirm',
  'payment-result',
  'products',
  'restock-confirm',
  'sandbox',
  'status',
  'unsubscribe',
  'widget-boxberry',
  'widget-embedded',
] as const;

export const pageSlugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,80}$/, 'Latin small letters, digits and hyphens')
  .refine((s) => !(reservedSlugs as readonly string[]).includes(s), 'this address is taken by the shop');

const text = (max: number) => z.string().trim().max(max);
const localized = (max: number) => z.object({ ru: text(max), en: text(max) });
const optionalTitle = localized(200)
  .nullish()
  .transform((v) => (v && (v.ru || v.en) ? v : undefined));

/** An image of the media store (`/media/...`) or an absolute https address. */
export const imageSrcSchema = z
  .string()
  .trim()
  .regex(/^(?:\/media\/[A-Za-z0-9._/-]+|https:\/\/[^\s"'<>]+)$/, 'a /media/... path or an https address')
  .refine((s) => !s.includes('..'), 'a /media/... path or an https address');

export const pageSectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title: optionalTitle, body: localized(20_000) }),
  z.object({
    kind: z.literal('image'),
    /** The caption. */
    title: optionalTitle,
    src: imageSrcSchema,
  }),
]);

export const pageBody = z.object({
  slug: pageSlugSchema,
  title: z.object({ ru: text(200).min(1), en: text(200) }),
  sections: z.array(pageSectionSchema).max(60),
});
export type PageInput = z.output<typeof pageBody>;

export const pageUpdateBody = pageBody.extend({ updatedAt: z.iso.datetime({ offset: true }) });
export type PageUpdateInput = z.output<typeof pageUpdateBody>;

export const pageParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const pageDeleteBody = z.object({ updatedAt: z.iso.datetime({ offset: true }) });

export const pageOrderBody = z.object({
  ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
    .min(1)
    .max(500),
});
