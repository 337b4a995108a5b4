import { and, eq, ne, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags } from '../cache/read-cache.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Tx } from '../db/client.ts';
import {
  orderEvents,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { DEFAULT_RECEIPT_SETTINGS, planLinesRefund } from '../orders/payment-receipt.rules.ts';
import { withVatRates } from '../orders/receipt-vat.ts';
import type { ReceiptSettings } from '../providers/payments/payment-provider.ts';
import { type LineRemovalRefusal, lineRemovalRefusal, refundMethodAt } from './refund.rules.ts';
import { releaseRefundedMarks } from './refund-marks.ts';
import type { PartialRefundInput, RemoveLineInput } from './refunds.schemas.ts';
import type { RefundRow, RefundsService } from './refunds.service.ts';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

type OrderRow = typeof orders.$inferSelect;

/**
 * Staff's refunds of an order (docs/product/refunds.md): a partial refund of chosen lines and units,
 * with the delivery or not, or of an amount with its reason; and the removal of a line from a paid
 * order not yet shipped (its units back to stock, their money refunded). The amounts are the
 * server's: each unit at its share of what was paid for its line, as the payment receipt showed it.
 */
export function createStaffRefundsService({
  orders: ordersService,
  refunds,
  settings,
  audit,
  clock,
}: {
  orders: OrdersService;
  refunds: RefundsService;
  settings: SettingsService;
  audit: AuditService;
  clock: () => Date;
}) {
  async function lockCurrent(tx: Tx, number: number, version: number, locale: Locale): Promise<OrderRow> {
    const order = await refunds.lockOrder(tx, number);
    if (order.version !== version) {
      throw new AppError(
        'conflict',
        t(
          locale,
          'Заказ изменился, пока вы его смотрели. Обновите страницу и повторите',
          'The order changed while you were looking at it. Reload the page and try again',
        ),
      );
    }
    if (order.paymentId === null || order.paymentId.startsWith('claim-')) {
      throw new AppError('conflict', t(locale, 'У заказа нет платежа', 'The order has no payment'));
    }
    return order;
  }

  /** Units of each line and the delivery that the order's refunds (all but refused ones) took. */
  async function takenBefore(tx: Tx, number: number) {
    const units = await tx
      .select({
        lineId: orderRefundLines.orderLineId,
        units: sql<number>`sum(${orderRefundLines.quantity})::int`,
      })
      .from(orderRefundLines)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
      .where(and(eq(orderRefunds.orderNumber, number), ne(orderRefunds.state, 'failed')))
      .groupBy(orderRefundLines.orderLineId);
    const [delivery] = await tx
      .select({ sum: sql<number>`coalesce(sum(${orderRefunds.deliveryAmount}), 0)::bigint` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderNumber, number), ne(orderRefunds.state, 'failed')));
    return {
      units: new Map(units.map((u) => [u.lineId, Number(u.units)])),
      delivery: Number(delivery?.sum ?? 0),
    };
  }

  async function raiseVersion(tx: Tx, order: OrderRow) {
    await tx
      .update(orders)
      .set({ version: order.version + 1, updatedAt: clock() })
      .where(eq(orders.number, order.number));
  }

  /**
   * Plans the refund of `picked` units (and the delivery) of a locked order from what its earlier
   * refunds took; asking more units than are left of a line is refused with the line named.
   */
  async function plan(
    tx: Tx,
    order: OrderRow,
    picked: readonly { orderLineId: number; quantity: number }[],
    withDelivery: boolean,
    receiptSettings: ReceiptSettings,
    locale: Locale,
  ) {
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    const before = await takenBefore(tx, order.number);
    for (const p of picked) {
      const line = lines.find((l) => l.id === p.orderLineId);
      if (!line) {
        throw new AppError(
          'invalid_data',
          t(locale, 'Такой строки в заказе нет', 'No such line in the order'),
          {
            field: 'lines',
          },
        );
      }
      const left = line.count - (before.units.get(line.id) ?? 0);
      if (p.quantity > left) {
        throw new AppError(
          'invalid_data',
          t(
            locale,
            `«${line.name}»: вернуть можно не больше ${left} шт.`,
            `“${line.name}”: at most ${left} may be refunded`,
          ),
          { field: 'lines' },
        );
      }
    }
    const delivery = withDelivery ? Math.max(0, order.deliveryPrice - before.delivery) : 0;
    const rated = await withVatRates(tx, lines, receiptSettings.vat);
    const units = picked.map((p) => ({ orderLineId: p.orderLineId, units: p.quantity }));
    const method = refundMethodAt(order.status);
    // The refunded units count as back with the shop: their mark codes are freed, and named in a
    // settlement's refund receipt (core/refunds/refund-marks.ts).
    const marks = await releaseRefundedMarks(tx, order.number, units, clock(), method);
    return {
      lines,
      planned: planLinesRefund(
        { ...order, lines: rated },
        before.units,
        units,
        receiptSettings,
        delivery,
        method,
        marks,
      ),
    };
  }

  /** The receipt settings, read before a transaction (the embedded database runs one at a time). */
  async function receiptSettingsNow(): Promise<ReceiptSettings> {
    return (await settings.getShopSettings()).main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
  }

  /**
   * Staff's partial refund: chosen lines and units with the delivery or not, or an amount with its
   * reason (a compensation: one receipt item of that amount). Recorded in the order's transaction
   * over the version the screen showed, then sent to the provider.
   */
  async function partialRefund(number: number, input: PartialRefundInput, actor: Actor, locale: Locale) {
    const receiptSettings = await receiptSettingsNow();
    const refund = await ordersService.withStockChanges(async (tx) => {
      const order = await lockCurrent(tx, number, input.version, locale);
      let created: RefundRow;
      if (input.amount !== undefined) {
        created = await refunds.create(
          tx,
          number,
          {
            source: 'staff',
            amount: input.amount,
            reason: input.reason,
            receipt: {
              email: order.email || undefined,
              phone: order.phone,
              taxation: receiptSettings.taxation,
              items: [
                {
                  name: `Компенсация по заказу № ${number}`.slice(0, 128),
                  price: input.amount,
                  quantity: 1,
                  amount: input.amount,
                  vat: receiptSettings.vat,
                  paymentObject: 'service',
                  paymentMethod: refundMethodAt(order.status),
                },
              ],
            },
          },
          actor,
          locale,
        );
      } else {
        const { planned } = await plan(tx, order, input.lines, input.delivery, receiptSettings, locale);
        const amount = planned.goods + planned.delivery;
        if (amount <= 0) {
          throw new AppError('invalid_data', t(locale, 'Возвращать нечего', 'There is nothing to refund'), {
            field: 'lines',
          });
        }
        created = await refunds.create(
          tx,
          number,
          {
            source: 'staff',
            amount,
            deliveryAmount: planned.delivery,
            lines: planned.lines,
            reason: input.reason,
            receipt: planned.receipt,
          },
          actor,
          locale,
        );
      }
      await raiseVersion(tx, order);
      await tx.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `partial refund by staff (${actor.email}): ${created.amount} kopecks: ${input.reason}`,
        at: clock(),
      });
      await audit.record(tx, actor, {
        action: 'order.refund_partial',
        entityType: 'order',
        entityId: String(number),
        before: { version: order.version },
        after: {
          version: order.version + 1,
          refund: { amount: created.amount, delivery: created.deliveryAmount, reason: input.reason },
        },
      });
      return created;
    });
    await refunds.send(refund.id, actor);
    return refund.id;
  }

  /**
   * Removes units of a line from a paid order not yet shipped (lineRemovalRefusal): the units held
   * from stock go back to the shelf, and their money is refunded with its receipt. The line keeps its
   * count (what was bought and paid); its refund lines record what was taken off.
   */
  async function removeLine(number: number, input: RemoveLineInput, actor: Actor, locale: Locale) {
    const receiptSettings = await receiptSettingsNow();
    const refund = await ordersService.withStockChanges(async (tx, changed) => {
      const order = await lockCurrent(tx, number, input.version, locale);
      const refused = lineRemovalRefusal(order.status);
      if (refused) throw removalError(locale, refused);
      const { lines, planned } = await plan(
        tx,
        order,
        [{ orderLineId: input.orderLineId, quantity: input.quantity }],
        false,
        receiptSettings,
        locale,
      );
      const line = lines.find((l) => l.id === input.orderLineId);
      if (!line || planned.goods <= 0) {
        throw new AppError('invalid_data', t(locale, 'Возвращать нечего', 'There is nothing to refund'), {
          field: 'lines',
        });
      }
      const now = clock();
      const back = Math.min(line.reserved, input.quantity);
      if (back > 0) {
        await tx
          .update(orderLines)
          .set({ reserved: line.reserved - back })
          .where(eq(orderLines.id, line.id));
        const [stock] = await tx
          .update(variantProducts)
          .set({ stock: sql`${variantProducts.stock} + ${back}` })
          .where(eq(variantProducts.id, line.variantId))
          .returning({ stock: variantProducts.stock });
        changed.add(cacheTags.group(line.groupId));
        if (stock?.stock === back) {
          changed.add(cacheTags.listings);
          await enqueueRestockCheck(tx, line.variantId, now);
        }
      }
      const created = await refunds.create(
        tx,
        number,
        {
          source: 'staff',
          amount: planned.goods,
          lines: planned.lines,
          reason: input.reason ? `line removed: ${input.reason}` : 'line removed',
          receipt: planned.receipt,
        },
        actor,
        locale,
      );
      await raiseVersion(tx, order);
      await tx.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `line removed by staff (${actor.email}): ${line.name} ${line.size} × ${input.quantity}, ${planned.goods} kopecks refunded`,
        at: now,
      });
      await audit.record(tx, actor, {
        action: 'order.line_removed',
        entityType: 'order',
        entityId: String(number),
        before: { version: order.version, line: { id: line.id, count: line.count, reserved: line.reserved } },
        after: {
          version: order.version + 1,
          line: { id: line.id, removed: input.quantity, backToStock: back },
          refund: { amount: planned.goods },
        },
      });
      return created;
    });
    await refunds.send(refund.id, actor);
    return refund.id;
  }

  return { partialRefund, removeLine };
}

function removalError(locale: Locale, refused: LineRemovalRefusal): AppError {
  switch (refused) {
    case 'shipped':
      return new AppError(
        'conflict',
        t(
          locale,
          'Заказ уже передан перевозчику или выдан: оформите возврат',
          'The order has left the shop: open a return instead',
        ),
      );
    case 'not_paid':
      return new AppError(
        'conflict',
        t(locale, 'Заказ не оплачен: убрать строку с возвратом денег нельзя', 'The order is not paid'),
      );
  }
}

export type StaffRefundsService = ReturnType<typeof createStaffRefundsService>;
