import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { cacheTags } from '../cache/read-cache.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  defectiveStock,
  orderEvents,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  returnLines,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { DEFAULT_RECEIPT_SETTINGS } from '../orders/payment-receipt.rules.ts';
import { withVatRates } from '../orders/receipt-vat.ts';
import { releaseRefundedMarks } from '../refunds/refund-marks.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import {
  lockReturn,
  type OrderRow,
  type ReturnChanges,
  refundOf,
  requireReturnTransition,
  t,
} from './return-records.ts';
import {
  DEFAULT_RETURN_SETTINGS,
  planRefund,
  type ReturnRefundStatus,
  returnLabel,
} from './returns.rules.ts';
import type { ReturnCancelInput, ReturnDecisionInput } from './returns.schemas.ts';
import { enqueueReturnMessages } from './returns-messages.service.ts';
import type { ReturnsQueries } from './returns-queries.service.ts';

function hasProviderPayment(order: OrderRow): boolean {
  return order.paymentId !== null && !order.paymentId.startsWith('claim-');
}

/**
 * Staff's handling of a return: the parcel received, the decision on each line with the refund of
 * the accepted units, the refund sent again, a return whose parcel never came cancelled. Every change
 * is over the version the screen showed, under the return's lock.
 */
export function createReturnDecisions({
  db,
  settings,
  orders: ordersService,
  refunds,
  clock,
  changes,
  queries,
}: {
  db: Db;
  settings: SettingsService;
  orders: Pick<OrdersService, 'withStockChanges'>;
  refunds: RefundsService;
  clock: () => Date;
  changes: ReturnChanges;
  queries: ReturnsQueries;
}) {
  /** Gives an exchange's reserved new size back to stock. */
  async function releaseExchange(tx: Tx, variantId: string, units: number) {
    await tx
      .update(variantProducts)
      .set({ stock: sql`${variantProducts.stock} + ${units}` })
      .where(eq(variantProducts.id, variantId));
  }

  /** The parcel arrived: once (of two staff at once, the second is refused), and the buyer is told. */
  async function receive(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    await db.transaction(async (tx) => {
      const before = await lockReturn(tx, number, input.version, locale);
      const now = clock();
      await changes.move(tx, actor, before, {
        to: 'received',
        action: 'return.receive',
        locale,
        at: now,
        set: { receivedAt: now },
      });
      await enqueueReturnMessages(tx, number, 'received', now);
    });
    return queries.get(number, locale);
  }

  /**
   * Staff's decision on every line of a received return: accepted units go back to stock (or to the
   * defective count), refused ones stay with the shop's decision and reason, an exchange's reserved
   * size may be sent (or goes back to stock when its line is refused). The refund of the accepted
   * units is planned under the order's lock from what earlier returns refunded, so units and the
   * delivery are never refunded twice, and sent to the provider after commit.
   */
  async function decide(number: number, input: ReturnDecisionInput, actor: Actor, locale: Locale) {
    const shop = await settings.getShopSettings();
    const rs = shop.main.returns ?? DEFAULT_RETURN_SETTINGS;
    const receiptSettings = shop.main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
    const outcome = await ordersService.withStockChanges(async (tx, changed) => {
      const before = await lockReturn(tx, number, input.version, locale);
      requireReturnTransition(before, 'closed', locale);
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.number, before.orderNumber))
        .for('update');
      if (!order) throw new Error(`return ${number} without its order`);
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnNumber, number));
      const given = new Map(input.lines.map((l) => [l.id, l]));
      if (
        given.size !== input.lines.length ||
        lines.some((l) => !given.has(l.id)) ||
        given.size !== lines.length
      ) {
        throw new AppError(
          'invalid_data',
          t(locale, 'Решите по каждой строке возврата', 'Decide on every line of the return'),
          { field: 'lines' },
        );
      }
      const orderLineRows = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderNumber, order.number))
        .orderBy(orderLines.id);
      const now = clock();
      const refundNow: { orderLineId: number; units: number }[] = [];
      for (const line of lines) {
        const d = given.get(line.id);
        const orderLine = orderLineRows.find((o) => o.id === line.orderLineId);
        if (!d || !orderLine) continue;
        let exchangeStatus = line.exchangeStatus;
        if (d.decision === 'accepted') {
          const [back] = await tx
            .update(variantProducts)
            .set({ stock: sql`${variantProducts.stock} + ${line.quantity}` })
            .where(eq(variantProducts.id, orderLine.variantId))
            .returning({ stock: variantProducts.stock });
          changed.add(cacheTags.group(orderLine.groupId));
          if (back?.stock === line.quantity) {
            changed.add(cacheTags.listings);
            await enqueueRestockCheck(tx, orderLine.variantId, now);
          }
        } else if (d.decision === 'defective') {
          const [variant] = await tx
            .select({ id: variantProducts.id })
            .from(variantProducts)
            .where(eq(variantProducts.id, orderLine.variantId));
          if (variant) {
            await tx
              .insert(defectiveStock)
              .values({ variantId: variant.id, count: line.quantity, updatedAt: now })
              .onConflictDoUpdate({
                target: defectiveStock.variantId,
                set: { count: sql`${defectiveStock.count} + ${line.quantity}`, updatedAt: now },
              });
          }
        }
        if (line.exchangeVariantId && line.exchangeReserved > 0) {
          if (d.decision === 'refused' && (exchangeStatus === 'reserved' || exchangeStatus === 'to_ship')) {
            await releaseExchange(tx, line.exchangeVariantId, line.exchangeReserved);
            changed.add(cacheTags.group(orderLine.groupId));
            changed.add(cacheTags.listings);
            exchangeStatus = 'released';
          } else if (d.decision !== 'refused' && exchangeStatus === 'reserved') {
            exchangeStatus = 'to_ship';
          }
        }
        const refunded = d.decision !== 'refused' && !line.exchangeVariantId;
        if (refunded) refundNow.push({ orderLineId: line.orderLineId, units: line.quantity });
        await tx
          .update(returnLines)
          .set({ decision: d.decision, decisionReason: d.reason, exchangeStatus })
          .where(and(eq(returnLines.id, line.id), eq(returnLines.decision, 'pending')));
      }
      // What the order's earlier refunds (returns, staff's partial refunds) took: units per line, and the delivery.
      const earlier = await tx
        .select({
          lineId: orderRefundLines.orderLineId,
          units: sql<number>`sum(${orderRefundLines.quantity})::int`,
        })
        .from(orderRefundLines)
        .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
        .where(eq(orderRefunds.orderNumber, order.number))
        .groupBy(orderRefundLines.orderLineId);
      const [deliveryEarlier] = await tx
        .select({ sum: sql<number>`coalesce(sum(${orderRefunds.deliveryAmount}), 0)::bigint` })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderNumber, order.number));
      const plan = planRefund(
        { ...order, lines: await withVatRates(tx, orderLineRows, receiptSettings.vat) },
        new Map(earlier.map((e) => [e.lineId, Number(e.units)])),
        refundNow,
        receiptSettings,
        rs.deliveryPaidBy,
        Number(deliveryEarlier?.sum ?? 0),
        await releaseRefundedMarks(tx, order.number, refundNow, now, 'full_payment'),
      );
      for (const line of lines) {
        const amount = refundNow.some((r) => r.orderLineId === line.orderLineId)
          ? (plan.perLine.get(line.orderLineId) ?? 0)
          : 0;
        if (amount > 0)
          await tx.update(returnLines).set({ refundAmount: amount }).where(eq(returnLines.id, line.id));
      }
      const total = plan.goods + plan.delivery;
      // An exchange (or a refusal) that refunds nothing records no refund: its messages say exchange.
      const refund =
        total > 0
          ? await refunds.create(
              tx,
              order.number,
              {
                source: 'return',
                returnNumber: number,
                amount: total,
                deliveryAmount: plan.delivery,
                lines: plan.lines,
                reason: `return ${returnLabel(number)}`,
                receipt: plan.receipt,
                providerKey: `return-${number}-refund`,
              },
              actor,
              locale,
            )
          : null;
      const refundStatus: ReturnRefundStatus = !refund
        ? 'nothing'
        : hasProviderPayment(order)
          ? 'started'
          : 'manual';
      await changes.move(tx, actor, before, {
        to: 'closed',
        action: 'return.decide',
        locale,
        at: now,
        set: { decidedAt: now },
        logged: {
          lines: input.lines,
          refund: { goods: plan.goods, delivery: plan.delivery, status: refundStatus },
        },
      });
      await tx.insert(orderEvents).values({
        orderNumber: order.number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `return ${returnLabel(number)} decided by staff (${actor.email}): refund ${total} kopecks (${refundStatus})`,
        at: now,
      });
      return { refund };
    });
    if (outcome.refund) await refunds.send(outcome.refund.id, actor);
    return queries.get(number, locale);
  }

  /** Sends again a refund the provider refused or did not answer; a succeeded one is refused. */
  async function retryRefund(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const claimed = await db.transaction(async (tx) => {
      const row = await lockReturn(tx, number, input.version, locale);
      const f = (await refundOf(tx, [number]))(row);
      if (f.refundId === null || (f.refundStatus !== 'failed' && f.refundStatus !== 'started')) {
        throw new AppError(
          'conflict',
          f.refundStatus === 'succeeded'
            ? t(locale, 'Деньги по возврату уже возвращены', 'The return is already refunded')
            : t(locale, 'По возврату нечего возвращать', 'The return has nothing to refund'),
        );
      }
      await changes.touch(tx, row);
      await changes.record(
        tx,
        actor,
        number,
        'return.refund_retry',
        { refund: f.refundStatus, version: row.version },
        { version: row.version + 1 },
      );
      return { orderNumber: row.orderNumber, refundId: f.refundId };
    });
    await refunds.retry(claimed.orderNumber, claimed.refundId, actor, locale);
    return queries.get(number, locale);
  }

  /**
   * Cancels a return whose parcel never came (the buyer changed their mind, or it was lost before the
   * carrier took it): its units may be asked again, and an exchange's reserved size not yet sent goes
   * back to stock. Only while the return awaits its parcel; over the version the screen showed.
   */
  async function cancel(number: number, input: ReturnCancelInput, actor: Actor, locale: Locale) {
    await ordersService.withStockChanges(async (tx, changed) => {
      const before = await lockReturn(tx, number, input.version, locale);
      requireReturnTransition(before, 'cancelled', locale);
      const lines = await tx
        .select({ line: returnLines, groupId: orderLines.groupId })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(eq(returnLines.returnNumber, number));
      for (const { line, groupId } of lines) {
        if (!line.exchangeVariantId || line.exchangeReserved <= 0) continue;
        if (line.exchangeStatus !== 'reserved' && line.exchangeStatus !== 'to_ship') continue;
        await releaseExchange(tx, line.exchangeVariantId, line.exchangeReserved);
        await tx.update(returnLines).set({ exchangeStatus: 'released' }).where(eq(returnLines.id, line.id));
        changed.add(cacheTags.group(groupId));
        changed.add(cacheTags.listings);
      }
      await changes.move(tx, actor, before, {
        to: 'cancelled',
        action: 'return.cancel',
        locale,
        at: clock(),
        logged: { reason: input.reason },
      });
    });
    return queries.get(number, locale);
  }

  return { receive, decide, retryRefund, cancel };
}
