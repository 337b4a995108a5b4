import { and, eq } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { orderBuyouts, orderEvents, orders } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueOrderMessages } from '../messages/order-messages.service.ts';
import { type BuyoutContext, hasProviderPayment, t } from './buyout.context.ts';

/** The refund of the goods handed back when they were paid ahead, and its retry. */
export function createBuyoutRefund({ db, payments, audit, clock, view, readBuyout, get }: BuyoutContext) {
  /**
   * Refunds the goods handed back through the provider's partial refund, with the refund receipt of
   * those lines; the key is fixed per order, so a retry never refunds twice. An unreachable provider
   * leaves the buyout `refund_started` for a retry.
   */
  async function sendRefund(number: number, actor: Actor) {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    const row = await readBuyout(db, number);
    if (!order || !row || !hasProviderPayment(order)) return;
    if (row.status !== 'refund_started' && row.status !== 'refund_failed') return;
    let result: Awaited<ReturnType<typeof payments.refund>> | null = null;
    try {
      result = await payments.refund(
        order.paymentId,
        row.amount,
        `order-${number}-buyout-refund`,
        row.receipt ?? undefined,
      );
    } catch {
      result = null;
    }
    if (!result) return;
    const status = result.status === 'succeeded' ? 'refunded' : 'refund_failed';
    const detail = result.status === 'succeeded' ? result.refundId : result.reason;
    const now = clock();
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orderBuyouts)
        .set({
          status,
          refundId: result.status === 'succeeded' ? result.refundId : null,
          version: row.version + 1,
          updatedAt: now,
        })
        .where(and(eq(orderBuyouts.orderNumber, number), eq(orderBuyouts.version, row.version)))
        .returning();
      if (!updated) return;
      await tx.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `buyout refund ${status === 'refunded' ? 'succeeded' : 'failed'} (${row.amount} kopecks, ${detail})`,
        at: now,
      });
      if (status === 'refunded') await enqueueOrderMessages(tx, number, 'refunded', now);
      await audit.record(tx, actor, {
        action: 'order.buyout.refund',
        entityType: 'order',
        entityId: String(number),
        before: { status: row.status, version: row.version },
        after: { status, amount: row.amount, detail, version: updated.version },
      });
    });
  }

  /** Tries a refund again that the provider did not confirm. */
  async function retryRefund(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const row = await readBuyout(db, number);
    if (!row) throw new AppError('not_found', t(locale, 'Выкуп ещё не отмечен', 'No buyout is recorded yet'));
    if (row.version !== input.version) {
      throw new StaleError(
        t(locale, 'Выкуп изменился. Обновите страницу', 'The buyout changed. Reload the page'),
        view(row),
      );
    }
    if (row.status !== 'refund_started' && row.status !== 'refund_failed') {
      throw new AppError('conflict', t(locale, 'Возвращать нечего', 'There is nothing to refund'));
    }
    await sendRefund(number, actor);
    return get(number, locale);
  }

  return { sendRefund, retryRefund };
}
