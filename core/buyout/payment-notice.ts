import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { auditLog, orderBuyouts, orderEvents, orders } from '../db/schema/index.ts';
import type { PaymentNotice } from '../providers/payments/payment-provider.ts';
import type { BuyoutRow } from './buyout.context.ts';

/**
 * A buyout's own payment notice (called by core/orders/payment-notices.service.ts
 * `applyPaymentNotice` inside its transaction, after the notice was recorded once): paid closes the
 * order as delivered; declined lets staff make a new link. A payment of a link replaced since is never
 * dropped: it is recorded for a refund by hand.
 */
export async function applyBuyoutPaymentNotice(
  tx: Tx,
  notice: PaymentNotice,
  deps: { deliver: (cause: string) => Promise<boolean>; clock: () => Date },
): Promise<'applied' | 'ignored'> {
  const [buyout] = await tx
    .select()
    .from(orderBuyouts)
    .where(eq(orderBuyouts.orderNumber, notice.orderNumber))
    .for('update');
  if (!buyout) return 'ignored';
  const now = deps.clock();
  const event = async (cause: string) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.number, notice.orderNumber));
    const state = order?.status ?? 'delivered';
    await tx
      .insert(orderEvents)
      .values({ orderNumber: notice.orderNumber, fromStatus: state, toStatus: state, cause, at: now });
  };
  if (buyout.paymentId !== notice.paymentId || buyout.status !== 'awaiting_payment') {
    if (notice.outcome === 'paid') {
      await event(
        `buyout payment ${notice.paymentId} of ${notice.amount} kopecks came for a link no longer open: refund it by hand`,
      );
    }
    return 'ignored';
  }
  if (notice.outcome === 'declined') {
    await tx
      .update(orderBuyouts)
      .set({ paymentState: 'declined', version: buyout.version + 1, updatedAt: now })
      .where(and(eq(orderBuyouts.orderNumber, buyout.orderNumber), eq(orderBuyouts.version, buyout.version)));
    await event('buyout payment declined');
    await shopAudit(tx, buyout, { paymentState: 'declined' });
    return 'applied';
  }
  if (notice.amount !== buyout.amount) {
    await event(`buyout payment of ${notice.amount} does not match the amount ${buyout.amount}`);
    return 'ignored';
  }
  await tx
    .update(orderBuyouts)
    .set({ status: 'paid', paymentState: 'paid', paidAt: now, version: buyout.version + 1, updatedAt: now })
    .where(and(eq(orderBuyouts.orderNumber, buyout.orderNumber), eq(orderBuyouts.version, buyout.version)));
  await event(`buyout paid (${notice.amount} kopecks, ${notice.paymentId})`);
  await deps.deliver('delivered: the buyer paid for the goods kept at the fitting');
  await shopAudit(tx, buyout, { status: 'paid', paymentState: 'paid', amount: notice.amount });
  return 'applied';
}

/** A change made by the shop itself (a provider's notice), in the staff change log. */
async function shopAudit(tx: Tx, before: BuyoutRow, after: object) {
  await tx.insert(auditLog).values({
    actorId: null,
    actorLabel: 'shop',
    action: 'order.buyout.payment',
    entityType: 'order',
    entityId: String(before.orderNumber),
    before: { status: before.status, paymentState: before.paymentState, version: before.version },
    after,
    ip: '',
  });
}
