import type { Locale } from '../i18n.ts';

/**
 * The text a photo tag or a look tag shows in an edition: its English name in the English edition,
 * the Russian one until it is translated (the translations page counts that as missing,
 * docs/product/translations.md).
 */
export function tagName(tag: { name: string; nameEn?: string | null }, locale: Locale): string {
  const english = tag.nameEn?.trim() ?? '';
  return locale === 'en' && english !== '' ? english : tag.name;
}
