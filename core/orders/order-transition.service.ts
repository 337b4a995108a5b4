import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orders } from '../db/schema/index.ts';
import { messageEventOf } from '../messages/order-messages.rules.ts';
import { enqueueOrderMessages } from '../messages/order-messages.service.ts';
import { canTransition, type OrderStatus, releasesStock } from './order.rules.ts';
import type { Tx } from './order-access.ts';
import { returnPromo } from './place-order/consume-promo.step.ts';
import { releaseStock } from './place-order/reserve-stock.step.ts';
import { enqueueSettlement, settlesAt } from './settlement.service.ts';

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
   * other instances hear of them at commit, this one right after. `announce` queues tags known
   * before the change (they are still delivered at commit only), so the notice is not one more
   * statement after the hot row is locked; the tags it queued are not sent again.
   */
  async function withStockChanges<T>(
    work: (tx: Tx, changed: Set<string>, announce: (tags: string[]) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const changed = new Set<string>();
    const announced = new Set<string>();
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, changed, async (tags) => {
        const fresh = tags.filter((t) => !announced.has(t));
        for (const t of fresh) announced.add(t);
        await cache.announce(tx, fresh);
      });
      await cache.announce(
        tx,
        [...changed].filter((t) => !announced.has(t)),
      );
      return value;
    });
    for (const t of announced) changed.add(t);
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
    if (!current) return false;
    return transitionFrom(tx, number, current.status, to, cause, stockTags);
  }

  /**
   * `transition` from a status the caller already knows (no read first): applies only while the
   * order is still in `from` (and matches `where`), setting `also` in the same update. False when
   * the table forbids the step or the order is no longer in `from`.
   */
  async function transitionFrom(
    tx: Tx,
    number: number,
    from: OrderStatus,
    to: OrderStatus,
    cause: string,
    stockTags: Set<string>,
    options: MoveOptions = {},
  ): Promise<boolean> {
    if (!canTransition(from, to)) return false;
    const now = clock();
    const changed = await moveWithEvent(tx, number, from, to, cause, now, options);
    if (!changed) return false;
    // The buyer's message about this step commits with it, once (docs/decisions/0021-durable-jobs-and-messages.md).
    const message = messageEventOf(to);
    if (message) await enqueueOrderMessages(tx, number, message, now);
    // The goods left: the prepayment's settlement receipt goes after commit (docs/product/receipts.md).
    if (settlesAt(to)) await enqueueSettlement(tx, number, now);
    if (releasesStock(to)) {
      await releaseStock(tx, number, stockTags, now);
      if (changed.promoCode) await returnPromo(tx, changed.promoCode);
    }
    return true;
  }

  /**
   * `transitionFrom` for a step nothing follows (no buyer's message, no stock back): the update and
   * its event are one statement, atomic on its own, so no transaction is opened. Stock-returning or
   * messaging steps take `transitionFrom`'s transaction.
   */
  async function transitionAlone(
    number: number,
    from: OrderStatus,
    to: OrderStatus,
    cause: string,
    options: MoveOptions = {},
  ): Promise<boolean> {
    if (messageEventOf(to) || releasesStock(to) || settlesAt(to)) {
      return withStockChanges((tx, changed) => transitionFrom(tx, number, from, to, cause, changed, options));
    }
    if (!canTransition(from, to)) return false;
    return (await moveWithEvent(db, number, from, to, cause, clock(), options)) !== null;
  }

  return { withStockChanges, transition, transitionFrom, transitionAlone };
}

interface MoveOptions {
  /** Other columns set by the same update. */
  also?: Partial<typeof orders.$inferInsert>;
  /** A further condition of the update. */
  where?: SQL;
}

/**
 * Moves an order from `from` to `to` (when it is still in `from` and matches `where`) and records
 * the event, in one statement: the event is written exactly when the update is. Returns the moved
 * order's number and promo code, or null.
 */
async function moveWithEvent(
  runner: Tx | Db,
  number: number,
  from: OrderStatus,
  to: OrderStatus,
  cause: string,
  now: Date,
  { also = {}, where }: MoveOptions,
): Promise<{ number: number; promoCode: string | null } | null> {
  const moved = runner.$with('moved').as(
    runner
      .update(orders)
      .set({ ...also, status: to, updatedAt: now })
      .where(and(eq(orders.number, number), eq(orders.status, from), where))
      .returning({ number: orders.number, promoCode: orders.promoCode }),
  );
  const event = runner.$with('event').as(
    runner.insert(orderEvents).select(
      runner
        .select({
          // insert ... select names every column, in the table's order.
          id: sql<number>`nextval(pg_get_serial_sequence('order_events', 'id'))`.as('id'),
          orderNumber: moved.number,
          fromStatus: sql<string>`${from}::text`.as('from_status'),
          toStatus: sql<string>`${to}::text`.as('to_status'),
          cause: sql<string>`${cause}::text`.as('cause'),
          at: sql<Date>`${now.toISOString()}::timestamptz`.as('at'),
        })
        .from(moved),
    ),
  );
  const [changed] = await runner.with(moved, event).select().from(moved);
  return changed ?? null;
}

export type OrderTransitions = ReturnType<typeof createOrderTransitions>;
