import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  collectionGroups,
  productGroups,
  type promoCodes,
  variantProducts,
} from '../../db/schema/index.ts';
import type { MessageRef } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import { formatMoney, rub } from '../../money.ts';
import { applyPromo, isScoped, type PromoCartLine, promoCartMessage } from '../promo.rules.ts';

type PromoRow = typeof promoCodes.$inferSelect;
type Runner = Pick<Db, 'select'>;

/** A cart line as priced: its product, category, price, old price and count. */
export interface PricedLine {
  groupId: string;
  category: string;
  price: number;
  oldPrice: number | null;
  count: number;
}

/**
 * The cart's lines as a promo code judges them: each with its category and the categories above it,
 * and its collections. Read only when the code is limited (a whole-cart code needs neither).
 */
export async function promoLinesOf(
  runner: Runner,
  lines: PricedLine[],
  scoped: boolean,
): Promise<PromoCartLine[]> {
  if (!scoped || lines.length === 0) {
    return lines.map((l) => ({ ...l, categories: [l.category], collections: [] }));
  }
  const tree = await runner.select({ slug: categories.slug, parent: categories.parentSlug }).from(categories);
  const parentOf = new Map(tree.map((c) => [c.slug, c.parent]));
  const chain = (slug: string) => {
    const out: string[] = [];
    for (let at: string | null | undefined = slug; at && !out.includes(at); at = parentOf.get(at))
      out.push(at);
    return out;
  };
  const memberships = await runner
    .select({ groupId: collectionGroups.groupId, slug: collectionGroups.collectionSlug })
    .from(collectionGroups)
    .where(
      inArray(
        collectionGroups.groupId,
        lines.map((l) => l.groupId),
      ),
    );
  return lines.map((l) => ({
    ...l,
    categories: chain(l.category),
    collections: memberships.filter((m) => m.groupId === l.groupId).map((m) => m.slug),
  }));
}

/** The cart cookie's lines at today's prices (variants the shop no longer has are left out). */
export async function cartCookieLines(
  runner: Runner,
  items: readonly { _id: string; count: number }[],
): Promise<PricedLine[]> {
  if (items.length === 0) return [];
  const rows = await runner
    .select({
      id: variantProducts.id,
      groupId: productGroups.id,
      category: productGroups.categorySlug,
      price: productGroups.price,
      oldPrice: productGroups.oldPrice,
    })
    .from(variantProducts)
    .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
    .where(
      inArray(
        variantProducts.id,
        items.map((i) => i._id),
      ),
    );
  return items.flatMap((item) => {
    const row = rows.find((r) => r.id === item._id);
    return row ? [{ ...row, count: item.count }] : [];
  });
}

/**
 * What a stored code gives on these lines, or the shopper message refusing it (the order's minimum
 * named in the request's edition: roubles, which the order is paid in).
 */
export async function promoOnCart(
  runner: Runner,
  row: PromoRow,
  lines: PricedLine[],
  locale: Locale,
): Promise<{ ok: true; discount: number; freeDelivery: boolean } | { ok: false; message: MessageRef }> {
  const judged = await promoLinesOf(runner, lines, isScoped(row.limitTo));
  const applied = applyPromo(
    {
      kind: row.kind,
      percent: row.percent,
      amount: row.amount,
      minOrder: row.minOrder,
      limitTo: row.limitTo,
    },
    judged,
  );
  if (applied.ok) return { ok: true, discount: applied.discount, freeDelivery: applied.freeDelivery };
  const refusal = promoCartMessage(applied.refusal, row.minOrder);
  return {
    ok: false,
    message:
      refusal.key === 'promo.below_minimum'
        ? { key: refusal.key, params: { sum: formatMoney(rub(refusal.sum), locale) } }
        : { key: refusal.key },
  };
}
