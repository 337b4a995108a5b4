import { and, inArray, isNull, sql } from 'drizzle-orm';
import { cacheTags } from '../cache/read-cache.ts';
import type { Tx } from '../db/client.ts';
import {
  exchangeHiddenGroups,
  productGroups,
  restockSubscriptions,
  variantProducts,
} from '../db/schema/index.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';

/**
 * The writes every catalogue import shares (1C CommerceML and CSV; docs/decisions/0031): stock and
 * prices in batches of a thousand rows (`update … from (values …)`), with the cache tags and the
 * restock checks a manual edit makes (core/catalogue/catalogue-admin.service.ts `stockTags`).
 */

const UPDATE_BATCH = 1000;

export interface StockChange {
  id: string;
  groupId: string;
  /** The stock stored before. */
  before: number;
  stock: number;
}

export interface PriceChange {
  id: string;
  price: number;
  oldPrice: number | null;
  published: boolean;
}

/**
 * Writes the stock changes; a size back in stock (0 → more) that someone waits for (an open
 * restock sign-up for it or its group) enqueues the restock check, in the same transaction.
 */
export async function writeStockChanges(tx: Tx, changes: StockChange[], tags: Set<string>, now: Date) {
  for (const c of changes) {
    tags.add(cacheTags.group(c.groupId));
    if ((c.before === 0) !== (c.stock === 0)) tags.add(cacheTags.listings);
  }
  for (let i = 0; i < changes.length; i += UPDATE_BATCH) {
    const rows = changes.slice(i, i + UPDATE_BATCH).map((c) => sql`(${c.id}, ${c.stock}::integer)`);
    await tx.execute(
      sql`update ${variantProducts} set stock = x.stock from (values ${sql.join(rows, sql`, `)}) as x(id, stock) where ${variantProducts.id} = x.id`,
    );
  }
  const backInStock = changes.filter((c) => c.before === 0 && c.stock > 0);
  if (backInStock.length === 0) return;
  const waiting = new Set<string>();
  for (let i = 0; i < backInStock.length; i += UPDATE_BATCH) {
    const chunk = backInStock.slice(i, i + UPDATE_BATCH);
    const rows = await tx
      .select({ productId: restockSubscriptions.productId })
      .from(restockSubscriptions)
      .where(
        and(
          isNull(restockSubscriptions.notifiedAt),
          inArray(restockSubscriptions.productId, [
            ...chunk.map((v) => v.id),
            ...chunk.map((v) => v.groupId),
          ]),
        ),
      );
    for (const r of rows) waiting.add(r.productId);
  }
  for (const v of backInStock) {
    if (waiting.has(v.id) || waiting.has(v.groupId)) await enqueueRestockCheck(tx, v.id, now);
  }
}

/** Writes group prices (and old prices and whether shown), bumping each group's version. */
export async function writePriceChanges(tx: Tx, changes: PriceChange[], tags: Set<string>, now: Date) {
  for (const c of changes) tags.add(cacheTags.group(c.id));
  if (changes.length > 0) {
    tags.add(cacheTags.listings);
    tags.add(cacheTags.catalogue);
  }
  for (let i = 0; i < changes.length; i += UPDATE_BATCH) {
    const rows = changes
      .slice(i, i + UPDATE_BATCH)
      .map((c) => sql`(${c.id}, ${c.price}::integer, ${c.oldPrice}::integer, ${c.published}::boolean)`);
    await tx.execute(
      sql`update ${productGroups} set price = x.price, old_price = x.old_price, published = x.published, version = ${productGroups.version} + 1, updated_at = ${now.toISOString()}::timestamptz from (values ${sql.join(rows, sql`, `)}) as x(id, price, old_price, published) where ${productGroups.id} = x.id`,
    );
  }
}

/**
 * A group shown or hidden by hand (back office, CSV): the 1C exchange no longer counts it as one it
 * hid, so a later catalogue listing it does not show it again (docs/decisions/0031).
 */
export async function forgetExchangeHiding(tx: Tx, groupIds: string[]) {
  for (let i = 0; i < groupIds.length; i += UPDATE_BATCH)
    await tx
      .delete(exchangeHiddenGroups)
      .where(inArray(exchangeHiddenGroups.groupId, groupIds.slice(i, i + UPDATE_BATCH)));
}
