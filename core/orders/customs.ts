import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { categories, productGroups } from '../db/schema/index.ts';
import type { ShipmentItem } from '../providers/carriers/carrier-provider.ts';
import { categoryChain } from './receipt-settings.rules.ts';

/**
 * The customs data of each order line for a parcel abroad (docs/product/shipping-desk.md): the
 * product's own HS code and country of manufacture, else its category's (or the nearest parent's
 * that has one), and the goods' name in English. Null where nothing is set: the hand-over then
 * names the products to complete instead of letting the carrier refuse the parcel.
 */
export async function customsOfLines(
  runner: Db | Tx,
  lines: readonly { groupId: string; category: string; name: string }[],
): Promise<NonNullable<ShipmentItem['customs']>[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.groupId))];
  const [groups, cats] = await Promise.all([
    runner
      .select({
        id: productGroups.id,
        name: productGroups.name,
        categorySlug: productGroups.categorySlug,
        hsCode: productGroups.hsCode,
        originCountry: productGroups.originCountry,
      })
      .from(productGroups)
      .where(inArray(productGroups.id, ids)),
    runner
      .select({
        slug: categories.slug,
        parentSlug: categories.parentSlug,
        hsCode: categories.hsCode,
        originCountry: categories.originCountry,
      })
      .from(categories),
  ]);
  return lines.map((line) => {
    const group = groups.find((g) => g.id === line.groupId);
    const chain = categoryChain(cats, group?.categorySlug ?? line.category);
    return {
      description: group?.name.en?.trim() || line.name,
      hsCode: group?.hsCode ?? chain.find((c) => c.hsCode)?.hsCode ?? null,
      originCountry: group?.originCountry ?? chain.find((c) => c.originCountry)?.originCountry ?? null,
    };
  });
}
