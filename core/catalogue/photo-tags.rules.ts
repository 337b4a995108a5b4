import { createHash } from 'node:crypto';
import { z } from 'zod';

import type { PhotoTagView } from './catalogue.types.ts';
import { TAG_MAX_WIDTH, TAG_WIDTH_STEP } from './tag-limits.ts';

export { TAG_MAX_WIDTH, TAG_WIDTH_STEP };
/** At most this many tags on one photo. */
export const MAX_TAGS_PER_PHOTO = 30;

const t = (ru: string, en: string) => ({ ru, en });

/** What a refused tag says, in both editions (the route picks the request's). */
export const tagMessages = {
  width: t(
    `Ширина тега: от 0 до ${TAG_MAX_WIDTH} с шагом ${TAG_WIDTH_STEP}`,
    `Tag width: 0 to ${TAG_MAX_WIDTH} in steps of ${TAG_WIDTH_STEP}`,
  ),
  name: t('Введите текст тега (до 120 знаков)', 'Enter the tag’s text (up to 120 characters)'),
  path: t(
    'Ссылка тега — адрес страницы магазина, начиная с «/», например /catalog/dresses',
    'The tag’s link is a page of the shop starting with “/”, e.g. /catalog/dresses',
  ),
  position: t('Тег должен стоять на фото', 'The tag must sit on the photo'),
  product: t('Товар тега не найден', 'The tag’s product was not found'),
  photo: t('Фото не найдено у этого товара', 'This product has no such photo'),
  tooMany: t(
    `Не больше ${MAX_TAGS_PER_PHOTO} тегов на фото`,
    `At most ${MAX_TAGS_PER_PHOTO} tags on a photo`,
  ),
  stale: t(
    'Теги этого фото изменили, пока вы их редактировали: показаны новые',
    'The tags of this photo were changed while you edited them: the newer ones are shown',
  ),
};

/**
 * A link inside the shop: a path from the root, no scheme, no host, no `//`, no spaces or control
 * characters (the storefront prefixes it with the edition, app/components/product-view.tsx).
 */
export function isShopPath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return /^\/(?!\/)[^\s\u0000-\u001f\\]*$/.test(path) && !/^\/[a-z][a-z0-9+.-]*:/i.test(path);
}

const position = z.number().finite().min(0, 'position').max(100, 'position');

/** One tag as the editor sends it: `_id` for a tag it keeps, none for a new one. */
export const tagInput = z.object({
  _id: z.number().int().positive().optional(),
  left: position,
  top: position,
  name: z.string().trim().min(1, 'name').max(120, 'name'),
  /** The English edition's text; '' until translated (core/catalogue/tag-names.rules.ts). */
  nameEn: z.string().trim().max(120, 'name').default(''),
  path: z
    .string()
    .trim()
    .max(300, 'path')
    .refine((p) => p === '' || isShopPath(p), 'path')
    .default(''),
  /** The product (group) whose card the tag opens; '' for none. */
  link: z.string().trim().max(200).default(''),
  maxWidth: z
    .number()
    .int('maxWidth')
    .min(0, 'maxWidth')
    .max(TAG_MAX_WIDTH, 'maxWidth')
    .refine((w) => w % TAG_WIDTH_STEP === 0, 'maxWidth')
    .default(0),
});
export type TagInput = z.output<typeof tagInput>;

/** `POST /api/tags-save` (catalogue.md §7): the whole list of one photo's tags, over the version shown. */
export const tagsSaveSchema = z.object({
  src: z.string().trim().min(1).max(300),
  productID: z.string().trim().min(1).max(200),
  tags: z.array(tagInput).max(MAX_TAGS_PER_PHOTO, 'tooMany'),
  /** The tags' version the editor saw (`tags-fetch` and `tags-save` answer it, DECISIONS 31). */
  version: z.string().min(1).max(64),
});
export type TagsSaveInput = z.output<typeof tagsSaveSchema>;

/** The message key of a refused tags-save field, from the zod issue's message. */
export function tagRefusal(message: string): keyof typeof tagMessages {
  if (message === 'position') return 'position';
  if (message === 'maxWidth') return 'width';
  if (message === 'path') return 'path';
  if (message === 'tooMany') return 'tooMany';
  return 'name';
}

/** A photo's tag as stored (the same fields the storefront is given). */
export type StoredTag = PhotoTagView;

/** The version of a photo's tags: a digest of their content, so any change by anyone changes it. */
export function tagsVersion(tags: readonly StoredTag[]): string {
  const rows = [...tags]
    .sort((a, b) => a.id - b.id)
    .map((tag) => [tag.id, tag.left, tag.top, tag.name, tag.nameEn, tag.path, tag.link, tag.maxWidth]);
  return createHash('sha256').update(JSON.stringify(rows)).digest('base64url').slice(0, 22);
}
