import { and, eq, inArray, lt } from 'drizzle-orm';
import { applyBuyoutPaymentNotice } from '../buyout/payment-notice.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderEvents, orders, paymentNotifications } from '../db/schema/index.ts';
import type {
  NoticeOutcome,
  NotificationInput,
  NotificationReply,
  PaymentNotice,
  PaymentProvider,
} from '../providers/payments/payment-provider.ts';
import { recordCabinetRefund, recordOwedRefund } from '../refunds/refunds.service.ts';
import type { OrderTransitions } from './order-transition.service.ts';

/** Thrown to undo a notice's changes when its id was recorded meanwhile. */
class DuplicateNotice extends Error {}

/**
 * What providers tell of payments: their verified notifications, applied once (DECISIONS 12), and
 * the state asked of the provider for orders whose notification never came.
 */
export function createPaymentNotices({
  db,
  payments,
  transitions,
  clock,
}: {
  db: Db;
  payments: PaymentProvider;
  transitions: OrderTransitions;
  clock: () => Date;
}) {
  const { withStockChanges, transition } = transitions;

  /**
   * A verified provider notification (DECISIONS 12): paid or declined, once. Returns what changed.
   * Its id is written only when it is applied (or records money to refund by hand): an ignored one
   * (another amount, another payment, a notice ahead of its payment's start) leaves the id to the
   * genuine notice that follows (docs/decisions/0045-payment-protocol-rules.md).
   */
  async function applyPaymentNotice(notice: PaymentNotice): Promise<NoticeOutcome> {
    return withStockChanges(async (tx, changed) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.number, notice.orderNumber))
        .for('update');
      if (!order) return 'ignored';
      // The order's row lock orders concurrent copies of a notice: the second sees the first's id.
      const [seen] = await tx
        .select({ id: paymentNotifications.id })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.id, notice.notificationId));
      if (seen) return 'duplicate';
      const record = async () => {
        const inserted = await tx
          .insert(paymentNotifications)
          .values({
            id: notice.notificationId,
            provider:
              (payments.names ?? []).find((name) => notice.paymentId.startsWith(`${name}-`)) ?? payments.name,
            orderNumber: notice.orderNumber,
            outcome: notice.outcome,
          })
          .onConflictDoNothing()
          .returning({ id: paymentNotifications.id });
        // A copy recorded past the lock (never expected): this one's changes are undone, it is a duplicate.
        if (inserted.length === 0) throw new DuplicateNotice();
      };
      const outcome = await decide(tx, order, changed);
      if (outcome.record) await record();
      return outcome.result;
    }).catch((error: unknown) => {
      if (error instanceof DuplicateNotice) return 'duplicate' as const;
      throw error;
    });

    async function decide(
      tx: Tx,
      order: typeof orders.$inferSelect,
      changed: Parameters<Parameters<typeof withStockChanges>[0]>[1],
    ): Promise<{ result: 'applied' | 'ignored'; record: boolean }> {
      const applied = { result: 'applied', record: true } as const;
      const ignored = { result: 'ignored', record: false } as const;
      // Money given back in the provider's cabinet: recorded on the order once (core/refunds/).
      if (notice.outcome === 'refunded') {
        if (order.paymentId !== notice.paymentId) return ignored;
        const recorded = await recordCabinetRefund(tx, clock, order.number, {
          operationId: notice.notificationId,
          amount: notice.refundedWhole ? null : notice.amount,
          whole: notice.refundedWhole === true,
        });
        return recorded ? applied : ignored;
      }
      // Not the order's own payment: a try-on buyout's payment of the kept goods, or nothing.
      if (order.paymentId !== notice.paymentId) {
        const outcome = await applyBuyoutPaymentNotice(tx, notice, {
          deliver: (cause) => transition(tx, order.number, 'delivered', cause, changed),
          clock,
        });
        return outcome === 'applied' ? applied : ignored;
      }
      // A hold pays only a two-stage payment; for a one-stage one it is a step before the money is taken.
      if (notice.held && !order.paymentTwoStage) return ignored;
      if (notice.outcome === 'paid') {
        if (notice.amount !== order.total) {
          await tx.insert(orderEvents).values({
            orderNumber: order.number,
            fromStatus: order.status,
            toStatus: order.status,
            cause: `payment of ${notice.amount} does not match the total ${order.total}`,
          });
          return ignored;
        }
        if (await transition(tx, order.number, 'paid', 'payment confirmed by the provider', changed)) {
          return applied;
        }
        // Money arrived for an order that already failed or was cancelled (its stock is gone back):
        // never silently dropped, an operator must refund it; recorded once.
        if (order.status === 'payment_failed' || order.status === 'cancelled') {
          await tx.insert(orderEvents).values({
            orderNumber: order.number,
            fromStatus: order.status,
            toStatus: order.status,
            cause: `paid after ${order.status === 'cancelled' ? 'cancellation' : 'expiry'}: refund needed (${notice.amount} kopecks, ${notice.paymentId})`,
            at: clock(),
          });
          await recordOwedRefund(tx, clock, order.number, {
            amount: notice.amount,
            reason: `paid after ${order.status === 'cancelled' ? 'cancellation' : 'expiry'}`,
            key: `order-${order.number}-refund-late-${notice.notificationId}`,
          });
          return { result: 'ignored', record: true };
        }
        return ignored;
      }
      return (await transition(tx, order.number, 'payment_failed', 'payment declined', changed))
        ? applied
        : ignored;
    }
  }

  /**
   * Orders awaiting payment whose notification has not come after `afterMinutes`: the provider is
   * asked for the payment's state and a final one is applied as its notification would have been
   * (same id, so the late notification is a duplicate). Returns how many changed.
   */
  async function checkAwaitingPayments(afterMinutes = 3): Promise<number> {
    const getState = payments.getPaymentState;
    if (!getState) return 0;
    const before = new Date(clock().getTime() - afterMinutes * 60_000);
    const awaiting = await db
      .select({ paymentId: orders.paymentId })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting_payment'),
          inArray(orders.paymentProvider, [...(payments.names ?? [payments.name])]),
          lt(orders.updatedAt, before),
        ),
      )
      .orderBy(orders.updatedAt)
      .limit(50);
    let changed = 0;
    for (const { paymentId } of awaiting) {
      if (!paymentId || paymentId.startsWith('claim-')) continue;
      // One payment the provider cannot answer for does not hold up the others.
      const notice = await getState.call(payments, paymentId).catch(() => null);
      if (notice && (await applyPaymentNotice(notice)) === 'applied') changed += 1;
    }
    return changed;
  }

  /**
   * A provider's notification to `/api/payment/notify/<provider>[/<path>]`
   * (docs/decisions/0045-payment-protocol-rules.md): the provider of that name checks it (with the
   * order's payment id at hand, for notices that name only the order), a verified notice is applied
   * once, and the reply its protocol expects is returned; null when the shop has no provider of
   * that name. Throws when the provider cannot be reached to read the payment back.
   */
  async function receiveNotification(
    input: Omit<NotificationInput, 'paymentIdOf'>,
  ): Promise<NotificationReply | null> {
    if (!(payments.names ?? [payments.name]).includes(input.params.provider)) return null;
    const result = await payments.handleNotification({ ...input, paymentIdOf });
    if (result.status === 'refused') return result.reply;
    return result.reply(result.notice ? await applyPaymentNotice(result.notice) : null);
  }

  /** The payment an order was started with (provider webhooks that name only the order). */
  async function paymentIdOf(number: number): Promise<string | null> {
    const [row] = await db
      .select({ paymentId: orders.paymentId })
      .from(orders)
      .where(eq(orders.number, number));
    return row?.paymentId ?? null;
  }

  return { applyPaymentNotice, checkAwaitingPayments, receiveNotification };
}
