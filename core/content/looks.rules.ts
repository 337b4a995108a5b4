import type { LookTag } from '../db/schema/index.ts';

/** The product groups a look offers, in the order its tags name them, each once. */
export function lookItemIds(tags: readonly Pick<LookTag, 'productID'>[]): string[] {
  return [...new Set(tags.map((t) => t.productID))];
}

/** catalogue.md §9: categories come sorted by index from the server and by name on the client. */
export function sortCategoriesByName<T extends { name: string }>(list: readonly T[], locale: string): T[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, locale, { sensitivity: 'base' }));
}

/**
 * One choice per item of the look (a variant id) is needed before 'Купить образ' can add them;
 * answers the group ids still without a size.
 */
export function missingChoices(
  itemIds: readonly string[],
  chosen: Readonly<Record<string, string>>,
): string[] {
  return itemIds.filter((id) => !chosen[id]);
}
