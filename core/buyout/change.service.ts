import { and, eq } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { orderBuyouts, orderEvents } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { withVatRates } from '../orders/receipt-vat.ts';
import { type BuyoutContext, buyoutOrder, t } from './buyout.context.ts';
import { buyoutReceipt, keptRefusal, settleBuyout, unitsBackToStock } from './buyout.rules.ts';
import type { BuyoutChangeInput } from './buyout.schemas.ts';
import type { createBuyoutPaymentLink } from './payment-link.service.ts';
import { returnUnits } from './units-back.ts';

/** Changes over the buyout's version while its payment has not come: stock follows, a new link. */
export function createBuyoutChange(
  {
    payments,
    orders: ordersService,
    audit,
    clock,
    receiptSettings,
    keptError,
    lockOrder,
    lockBuyout,
    get,
  }: BuyoutContext,
  { startPayment }: Pick<ReturnType<typeof createBuyoutPaymentLink>, 'startPayment'>,
) {
  /**
   * Corrects a recorded buyout whose payment has not come: over the buyout's version, the stock
   * follows the difference (units kept after all leave the shelf again, if still there), the open
   * link is closed and a new one made for the new amount; kept nothing closes the order.
   */
  async function change(number: number, input: BuyoutChangeInput, actor: Actor, locale: Locale) {
    const receiptOptions = await receiptSettings();
    const outcome = await ordersService.withStockChanges(async (tx, changed) => {
      const { order, lines } = await lockOrder(tx, number, locale);
      const before = await lockBuyout(tx, number, input.version, locale);
      if (before.status !== 'awaiting_payment') {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Выкуп уже оплачен или закрыт: его нельзя изменить',
            'The buyout is already paid or closed: it cannot be changed',
          ),
        );
      }
      const badKept = keptRefusal(buyoutOrder(order, lines).lines, input.kept);
      if (badKept) throw keptError(locale, badKept);
      const settled = settleBuyout(buyoutOrder(order, lines), input.kept);
      const now = clock();
      // Each line as it was before the recording (holding the units it gave back), then what the new
      // recording gives back: the difference goes to stock (positive) or off it (negative).
      const oldBack = new Map(before.kept.map((k) => [k.lineId, k.back ?? 0]));
      const newBack = new Map(
        settled.lines.map((l, i) => {
          const reserved = (lines[i]?.reserved ?? 0) + (oldBack.get(l.lineId) ?? 0);
          return [l.lineId, unitsBackToStock({ reserved }, l.returned)] as const;
        }),
      );
      const delta = new Map(
        settled.lines.map(
          (l) => [l.lineId, (newBack.get(l.lineId) ?? 0) - (oldBack.get(l.lineId) ?? 0)] as const,
        ),
      );
      const short = await returnUnits(tx, lines, delta, changed, now);
      if (short) {
        throw new AppError(
          'conflict',
          t(
            locale,
            `«${short.name}» уже нет на складе: отметить его выкупленным нельзя`,
            `“${short.name}” is no longer in stock: it cannot be marked as kept`,
          ),
          { field: 'kept' },
        );
      }
      const status = settled.mode === 'pay' ? 'awaiting_payment' : 'closed';
      const [after] = await tx
        .update(orderBuyouts)
        .set({
          mode: settled.mode === 'refund' ? 'none' : settled.mode,
          status,
          kept: settled.lines.map((l) => ({
            lineId: l.lineId,
            count: l.kept,
            back: newBack.get(l.lineId) ?? 0,
          })),
          keptAmount: settled.keptAmount,
          returnedAmount: settled.returnedAmount,
          amount: settled.mode === 'pay' ? settled.amount : 0,
          receipt:
            settled.mode === 'pay'
              ? buyoutReceipt(
                  buyoutOrder(order, await withVatRates(tx, lines, receiptOptions.vat)),
                  settled,
                  receiptOptions,
                )
              : null,
          paymentProvider: null,
          paymentId: null,
          paymentUrl: null,
          paymentState: 'none',
          version: before.version + 1,
          updatedAt: now,
        })
        .where(and(eq(orderBuyouts.orderNumber, number), eq(orderBuyouts.version, before.version)))
        .returning();
      if (!after) throw new Error(`buyout ${number} changed under its lock`);
      const cause = `buyout changed by staff (${actor.email}): ${settled.mode} ${settled.amount} kopecks`;
      if (status === 'closed') {
        if (!(await ordersService.transition(tx, number, 'delivered', cause, changed))) {
          throw new Error(`order ${number} could not close after its buyout`);
        }
      } else {
        await tx
          .insert(orderEvents)
          .values({ orderNumber: number, fromStatus: order.status, toStatus: order.status, cause, at: now });
      }
      await audit.record(tx, actor, {
        action: 'order.buyout.change',
        entityType: 'order',
        entityId: String(number),
        before: {
          kept: before.kept,
          amount: before.amount,
          status: before.status,
          paymentId: before.paymentId,
          version: before.version,
        },
        after: {
          kept: after.kept,
          amount: after.amount,
          status: after.status,
          unitsBack: Object.fromEntries(delta),
          version: after.version,
        },
      });
      return { before, after };
    });
    // The old link can no longer pay (a payment that still comes is recorded for a refund by hand).
    if (outcome.before.paymentId) await payments.expirePayment(outcome.before.paymentId).catch(() => {});
    if (outcome.after.status === 'awaiting_payment') await startPayment(number, outcome.after.version, actor);
    return get(number, locale);
  }

  return { change };
}
