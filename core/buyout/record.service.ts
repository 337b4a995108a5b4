import { eq } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { orderBuyouts, orderEvents, orders } from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { withVatRates } from '../orders/receipt-vat.ts';
import { type BuyoutContext, buyoutOrder, hasProviderPayment, type LineRow, t } from './buyout.context.ts';
import {
  buyoutReceipt,
  buyoutRefusal,
  type KeptInput,
  keptRefusal,
  settleBuyout,
  unitsBackToStock,
} from './buyout.rules.ts';
import type { BuyoutRecordInput } from './buyout.schemas.ts';
import type { createBuyoutPaymentLink } from './payment-link.service.ts';
import type { createBuyoutRefund } from './refund.service.ts';
import { returnUnits } from './units-back.ts';

/** Recording what the buyer kept, once per order: the rest back to stock, then the link or the refund. */
export function createBuyoutRecord(
  {
    orders: ordersService,
    audit,
    clock,
    refunds,
    view,
    payOnDeliveryWays,
    receiptSettings,
    readBuyout,
    refusalError,
    keptError,
    lockOrder,
    get,
  }: BuyoutContext,
  { startPayment }: Pick<ReturnType<typeof createBuyoutPaymentLink>, 'startPayment'>,
  { sendRefund }: Pick<ReturnType<typeof createBuyoutRefund>, 'sendRefund'>,
) {
  function sameKept(a: readonly KeptInput[], b: readonly KeptInput[], lines: LineRow[]): boolean {
    const of = (list: readonly KeptInput[], id: number) => list.find((k) => k.lineId === id)?.count ?? 0;
    return lines.every((l) => of(a, l.id) === of(b, l.id));
  }

  /**
   * Records what the buyer kept. The order is locked and must still be in the version the screen
   * showed; the buyout's row is one per order, so of two staff recording at once (or a double tap)
   * one records and the other is told (the same recording again just answers it). The units not kept
   * go back to stock in the same transaction; kept nothing, or goods paid ahead, closes the order.
   */
  async function record(number: number, input: BuyoutRecordInput, actor: Actor, locale: Locale) {
    const ways = await payOnDeliveryWays();
    const receiptOptions = await receiptSettings();
    const outcome = await ordersService.withStockChanges(async (tx, changed) => {
      const { order, lines } = await lockOrder(tx, number, locale);
      const existing = await readBuyout(tx, number);
      if (existing) {
        if (sameKept(existing.kept, input.kept, lines)) return { row: existing, order, fresh: false };
        throw new StaleError(
          t(
            locale,
            'Выкуп по заказу уже отмечен. Обновите страницу',
            'The buyout of this order is already recorded. Reload the page',
          ),
          view(existing),
        );
      }
      if (order.version !== input.orderVersion) {
        throw new StaleError(
          t(
            locale,
            'Заказ изменился, пока вы его смотрели. Обновите страницу и повторите',
            'The order changed while you were looking at it. Reload the page and try again',
          ),
          null,
        );
      }
      const refused = buyoutRefusal({ status: order.status, deliveryMethod: order.getWay }, ways);
      if (refused) throw refusalError(locale, refused, order.status);
      const badKept = keptRefusal(buyoutOrder(order, lines).lines, input.kept);
      if (badKept) throw keptError(locale, badKept);
      const settled = settleBuyout(buyoutOrder(order, lines), input.kept);
      if (settled.mode === 'refund' && !hasProviderPayment(order)) {
        throw new AppError(
          'conflict',
          t(locale, 'У заказа нет платежа для возврата', 'The order has no payment to refund'),
        );
      }
      const now = clock();
      const back = new Map(
        settled.lines.map((l, i) => [l.lineId, unitsBackToStock(lines[i] ?? { reserved: 0 }, l.returned)]),
      );
      await returnUnits(tx, lines, back, changed, now);
      // Each item's VAT rate from its product, else its category, else the shop (DECISIONS 36).
      const rated = await withVatRates(tx, lines, receiptOptions.vat);
      const receipt =
        settled.mode === 'none' ? null : buyoutReceipt(buyoutOrder(order, rated), settled, receiptOptions);
      const status =
        settled.mode === 'pay' ? 'awaiting_payment' : settled.mode === 'refund' ? 'refund_started' : 'closed';
      const [row] = await tx
        .insert(orderBuyouts)
        .values({
          orderNumber: number,
          mode: settled.mode,
          status,
          kept: settled.lines.map((l) => ({
            lineId: l.lineId,
            count: l.kept,
            back: back.get(l.lineId) ?? 0,
          })),
          keptAmount: settled.keptAmount,
          returnedAmount: settled.returnedAmount,
          amount: settled.amount,
          receipt,
          paymentState: 'none',
          recordedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const returnedUnits = settled.lines.reduce((a, l) => a + l.returned, 0);
      const keptUnits = settled.lines.reduce((a, l) => a + l.kept, 0);
      const cause = `buyout recorded by staff (${actor.email}): kept ${keptUnits}, returned ${returnedUnits}; ${settled.mode} ${settled.amount} kopecks`;
      if (settled.mode === 'pay') {
        await tx
          .insert(orderEvents)
          .values({ orderNumber: number, fromStatus: order.status, toStatus: order.status, cause, at: now });
      } else if (!(await ordersService.transition(tx, number, 'delivered', cause, changed))) {
        throw new Error(`order ${number} could not close after its buyout`);
      }
      await tx
        .update(orders)
        .set({ version: order.version + 1, updatedAt: now })
        .where(eq(orders.number, number));
      await audit.record(tx, actor, {
        action: 'order.buyout',
        entityType: 'order',
        entityId: String(number),
        before: { status: order.status, version: order.version },
        after: {
          mode: settled.mode,
          status,
          kept: row.kept,
          keptAmount: settled.keptAmount,
          returnedAmount: settled.returnedAmount,
          amount: settled.amount,
          unitsBack: Object.fromEntries(back),
        },
      });
      // The goods handed back are refunded through the one refund model, with the receipt of those lines.
      const refund =
        settled.mode === 'refund'
          ? await refunds.create(
              tx,
              number,
              {
                source: 'buyout',
                amount: settled.amount,
                lines: settled.lines
                  .filter((l) => l.returned > 0 && l.returnedAmount > 0)
                  .map((l) => ({ orderLineId: l.lineId, quantity: l.returned, amount: l.returnedAmount })),
                reason: 'try-on goods handed back',
                receipt,
                providerKey: `order-${number}-buyout-refund`,
              },
              actor,
              locale,
            )
          : null;
      return { row, order, fresh: true, refund };
    });
    if (outcome.fresh) {
      if (outcome.row.mode === 'pay') await startPayment(number, outcome.row.version, actor);
      if (outcome.refund) await sendRefund(outcome.refund.id, actor);
    }
    return get(number, locale);
  }

  return { record };
}
