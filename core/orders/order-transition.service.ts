import { and, eq } from 'drizzle-orm';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orders } from '../db/schema/index.ts';
import { messageEventOf } from '../messages/order-messages.rules.ts';
import { enqueueOrderMessages } from '../messages/order-messages.service.ts';
import { canTransition, type OrderStatus, releasesStock } from './order.rules.ts';
import type { Tx } from './order-access.ts';
import { returnPromo } from './place-order/consume-promo.step.ts';
import { releaseStock } from './place-order/reserve-stock.step.ts';

/**
 * The one way an order changes status (the declared transition table, DECISIONS 14), and the
 * transaction for changes that move stock. Failing and cancelling undo the placement's steps:
 * the stock and the promo-code use go back.
 */
export function createOrderTransitions({
  db,
  cache,
  clock,
}: {
  db: Db;
  cache: ReadCache;
  clock: () => Date;
}) {
  /**
   * A transaction that may change stock: `changed` collects the cache tags of what it changed;
   * other instances hear of them at commit, this one right after.
   */
  async function withStockChanges<T>(work: (tx: Tx, changed: Set<string>) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, changed);
      await cache.announce(tx, [...changed]);
      return value;
    });
    cache.invalidate([...changed]);
    return result;
  }

  /**
   * Moves an order through the declared transition table; the update is conditional on the state
   * read, so two concurrent changes cannot both apply. Stock returns on failure or cancellation.
   */
  async function transition(
    tx: Tx,
    number: number,
    to: OrderStatus,
    cause: string,
    stockTags: Set<string>,
  ): Promise<boolean> {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.number, number));
    if (!current || !canTransition(current.status, to)) return false;
    const now = clock();
    const [changed] = await tx
      .update(orders)
      .set({ status: to, updatedAt: now })
      .where(and(eq(orders.number, number), eq(orders.status, current.status)))
      .returning({ number: orders.number, promoCode: orders.promoCode });
    if (!changed) return false;
    await tx
      .insert(orderEvents)
      .values({ orderNumber: number, fromStatus: current.status, toStatus: to, cause, at: now });
    // The buyer's message about this step commits with it, once (docs/decisions/0021-durable-jobs-and-messages.md).
    const event = messageEventOf(to);
    if (event) await enqueueOrderMessages(tx, number, event, now);
    if (releasesStock(to)) {
      await releaseStock(tx, number, stockTags, now);
      if (changed.promoCode) await returnPromo(tx, changed.promoCode);
    }
    return true;
  }

  return { withStockChanges, transition };
}

export type OrderTransitions = ReturnType<typeof createOrderTransitions>;
