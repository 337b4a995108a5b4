import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { categories, productGroups } from '../db/schema/index.ts';
import { categoryChain, effectiveVatRate, type VatRate } from './receipt-settings.rules.ts';

/**
 * Each order line with the VAT rate of its receipt item (DECISIONS 36, docs/product/receipts.md):
 * its product's own rate, else its category's (or the nearest parent's), else the shop's. A product
 * deleted since the order keeps the category the line names.
 */
export async function withVatRates<L extends { groupId: string; category: string }>(
  runner: Db | Tx,
  lines: readonly L[],
  shopRate: VatRate,
): Promise<(L & { vatRate: VatRate })[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.groupId))];
  const [groups, cats] = await Promise.all([
    runner
      .select({
        id: productGroups.id,
        vatRate: productGroups.vatRate,
        categorySlug: productGroups.categorySlug,
      })
      .from(productGroups)
      .where(inArray(productGroups.id, ids)),
    runner
      .select({ slug: categories.slug, parentSlug: categories.parentSlug, vatRate: categories.vatRate })
      .from(categories),
  ]);
  return lines.map((line) => {
    const group = groups.find((g) => g.id === line.groupId);
    const chain = categoryChain(cats, group?.categorySlug ?? line.category);
    return { ...line, vatRate: effectiveVatRate(group?.vatRate ?? null, chain, shopRate) };
  });
}
