import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { cacheTags } from '../cache/read-cache.ts';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  auditLog,
  messageTexts as messageTextRows,
  orderBuyouts,
  orderEvents,
  orderLines,
  orders,
  variantProducts,
} from '../db/schema/index.ts';
import { AppError, StaleError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob, type JobOutcome, type JobRow, type JobsService } from '../jobs/jobs.service.ts';
import { messageTexts } from '../messages/message-texts.ts';
import { enqueueOrderMessages, enqueueRestockCheck } from '../messages/order-messages.service.ts';
import type { Providers } from '../providers/index.ts';
import type { PaymentNotice } from '../providers/payments/payment-provider.ts';
import { renderBuyoutPaymentMessage } from './buyout.message.ts';
import {
  type BuyoutOrder,
  type BuyoutRefusal,
  buyoutReceipt,
  buyoutRefusal,
  type KeptInput,
  type KeptRefusal,
  keptRefusal,
  settleBuyout,
  unitsBackToStock,
} from './buyout.rules.ts';
import type { BuyoutChangeInput, BuyoutRecordInput } from './buyout.schemas.ts';
import type { OrderStatus } from './order.rules.ts';
import { type OrdersService, orderStatusKey } from './orders.service.ts';
import { DEFAULT_RECEIPT_SETTINGS } from './payment-receipt.rules.ts';
import type { VatRate } from './receipt-settings.rules.ts';
import { withVatRates } from './receipt-vat.ts';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type BuyoutRow = typeof orderBuyouts.$inferSelect;

/** The job that sends the buyer the payment link of a buyout, once per link and channel. */
export const BUYOUT_PAYMENT_MESSAGE_JOB = 'buyout-payment-message';
/** The recurring job that asks the provider about open buyout links whose notice is late. */
export const BUYOUT_CHECK_JOB = 'buyouts.check-payments';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** The screen's view of a buyout (never the order's access key or the provider's secrets). */
export interface BuyoutView {
  mode: BuyoutRow['mode'];
  status: BuyoutRow['status'];
  kept: { lineId: number; count: number }[];
  keptAmount: number;
  returnedAmount: number;
  amount: number;
  paymentState: BuyoutRow['paymentState'];
  paymentUrl: string | null;
  /** The payment link as a QR code drawn on the server (SVG), while the link is open. */
  qrSvg: string | null;
  version: number;
  createdAt: string;
  paidAt: string | null;
}

function buyoutOrder(order: OrderRow, lines: (LineRow & { vatRate?: VatRate })[]): BuyoutOrder {
  return {
    email: order.email,
    phone: order.phone,
    goodsTotal: order.goodsTotal,
    goodsPayable: order.goodsPayable,
    promoDiscount: order.promoDiscount,
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      count: l.count,
      price: l.price,
      oldPrice: l.oldPrice,
      reserved: l.reserved,
      ...(l.vatRate ? { vatRate: l.vatRate } : {}),
    })),
  };
}

function hasProviderPayment(order: OrderRow): order is OrderRow & { paymentId: string } {
  return order.paymentId !== null && !order.paymentId.startsWith('claim-');
}

/**
 * A buyout's own payment notice (called by core/orders/orders.service.ts `applyPaymentNotice` inside
 * its transaction, after the notice was recorded once): paid closes the order as delivered; declined
 * lets staff make a new link. A payment of a link replaced since is never dropped: it is recorded for
 * a refund by hand.
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

/**
 * The try-on buyout (docs/product/try-on-buyout.md, docs/decisions/0035-try-on-buyout.md): staff
 * record on a phone which units the buyer kept; the rest go back to stock at once; the buyer pays for
 * the kept goods by a link or QR code through the payment provider, with a receipt of the kept lines,
 * or, when the goods were paid ahead, the rest is refunded. Once per order, changed only over the
 * version the screen showed, every step in the staff change log.
 */
export function createBuyoutService({
  db,
  providers,
  orders: ordersService,
  settings,
  audit,
  jobs,
  clock,
  publicUrl,
}: {
  db: Db;
  providers: Providers;
  orders: OrdersService;
  settings: SettingsService;
  audit: AuditService;
  jobs: JobsService;
  clock: () => Date;
  publicUrl: string;
}) {
  const payments = providers.payments.provider;
  const origin = publicUrl.replace(/\/+$/, '');

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  function view(row: BuyoutRow): BuyoutView {
    const url = row.paymentUrl ? absolute(row.paymentUrl) : null;
    return {
      mode: row.mode,
      status: row.status,
      kept: row.kept.map((k) => ({ lineId: k.lineId, count: k.count })),
      keptAmount: row.keptAmount,
      returnedAmount: row.returnedAmount,
      amount: row.amount,
      paymentState: row.paymentState,
      paymentUrl: url,
      qrSvg: url && row.paymentState === 'pending' ? renderSVG(url) : null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  async function payOnDeliveryWays(): Promise<string[]> {
    return (await settings.getShopSettings()).main.payOnDeliveryGetWays ?? [];
  }

  async function receiptSettings() {
    return (await settings.getShopSettings()).main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
  }

  async function readBuyout(runner: Db | Tx, number: number) {
    const [row] = await runner.select().from(orderBuyouts).where(eq(orderBuyouts.orderNumber, number));
    return row ?? null;
  }

  function refusalError(locale: Locale, refusal: BuyoutRefusal, status: OrderStatus): AppError {
    if (refusal === 'not_buyout_way') {
      return new AppError(
        'conflict',
        t(
          locale,
          'Выкуп отмечают только для заказов с примеркой или оплатой при получении',
          'A buyout is recorded only for try-on or pay-on-delivery orders',
        ),
      );
    }
    return new AppError(
      'conflict',
      t(
        locale,
        `Выкуп отмечают, когда заказ у курьера (состояние «передан в доставку»); сейчас: ${status}`,
        `A buyout is recorded once the courier has the order (state shipped); now: ${status}`,
      ),
    );
  }

  function keptError(locale: Locale, refusal: KeptRefusal): AppError {
    switch (refusal.kind) {
      case 'unknown_line':
        return new AppError(
          'invalid_data',
          t(locale, `В заказе нет строки ${refusal.lineId}`, `The order has no line ${refusal.lineId}`),
          { field: 'kept' },
        );
      case 'duplicate_line':
        return new AppError(
          'invalid_data',
          t(locale, `Строка ${refusal.lineId} указана дважды`, `Line ${refusal.lineId} is listed twice`),
          { field: 'kept' },
        );
      case 'too_many':
        return new AppError(
          'invalid_data',
          t(
            locale,
            `В строке ${refusal.lineId} не больше ${refusal.max} шт.`,
            `Line ${refusal.lineId} holds at most ${refusal.max}`,
          ),
          { field: 'kept' },
        );
    }
  }

  /** The buyout screen: the order's lines, whether a buyout may be recorded, and the buyout itself. */
  async function get(number: number, locale: Locale) {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    const [lines, row, ways] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderNumber, number)).orderBy(orderLines.id),
      readBuyout(db, number),
      payOnDeliveryWays(),
    ]);
    const refusal = buyoutRefusal(order, ways);
    return {
      order: {
        number: order.number,
        status: order.status,
        version: order.version,
        getWay: order.getWay,
        fullName: order.fullName,
        phone: order.phone,
        goodsTotal: order.goodsTotal,
        goodsPayable: order.goodsPayable,
        promoDiscount: order.promoDiscount,
        deliveryPrice: order.deliveryPrice,
        prepaid: order.goodsPayable > 0,
      },
      lines: lines.map((l) => ({
        id: l.id,
        name: l.name,
        size: l.size,
        barcode: l.barcode,
        price: l.price,
        oldPrice: l.oldPrice,
        count: l.count,
      })),
      canRecord: row === null && refusal === null,
      refusal: row === null && refusal ? refusalError(locale, refusal, order.status).message : null,
      buyout: row ? view(row) : null,
    };
  }

  /** Lowers the lines' reservations and puts the units back on the shelf, once (the order is locked). */
  async function returnUnits(
    tx: Tx,
    lines: LineRow[],
    back: Map<number, number>,
    changed: Set<string>,
    now: Date,
  ) {
    for (const line of lines) {
      const units = back.get(line.id) ?? 0;
      if (units === 0) continue;
      if (units > 0) {
        const [lowered] = await tx
          .update(orderLines)
          .set({ reserved: sql`${orderLines.reserved} - ${units}` })
          .where(and(eq(orderLines.id, line.id), gte(orderLines.reserved, units)))
          .returning({ id: orderLines.id });
        if (!lowered) throw new Error(`order line ${line.id} holds fewer than ${units} units`);
        const [shelf] = await tx
          .update(variantProducts)
          .set({ stock: sql`${variantProducts.stock} + ${units}` })
          .where(eq(variantProducts.id, line.variantId))
          .returning({ stock: variantProducts.stock });
        changed.add(cacheTags.group(line.groupId));
        if (shelf?.stock === units) {
          changed.add(cacheTags.listings);
          await enqueueRestockCheck(tx, line.variantId, now);
        }
      } else {
        // Kept after all (a recording corrected): the units leave the shelf again, if still there.
        const take = -units;
        const [taken] = await tx
          .update(variantProducts)
          .set({ stock: sql`${variantProducts.stock} - ${take}` })
          .where(and(eq(variantProducts.id, line.variantId), gte(variantProducts.stock, take)))
          .returning({ stock: variantProducts.stock });
        if (!taken) return line;
        await tx
          .update(orderLines)
          .set({ reserved: sql`${orderLines.reserved} + ${take}` })
          .where(eq(orderLines.id, line.id));
        changed.add(cacheTags.group(line.groupId));
        if (taken.stock === 0) changed.add(cacheTags.listings);
      }
    }
    return null;
  }

  async function lockOrder(tx: Tx, number: number, locale: Locale) {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new AppError('not_found', t(locale, 'Заказ не найден', 'Order not found'));
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, number))
      .orderBy(orderLines.id);
    return { order, lines };
  }

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
      const refused = buyoutRefusal(order, ways);
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
      return { row, order, fresh: true };
    });
    if (outcome.fresh) {
      if (outcome.row.mode === 'pay') await startPayment(number, outcome.row.version, actor);
      if (outcome.row.mode === 'refund') await sendRefund(number, actor);
    }
    return get(number, locale);
  }

  /**
   * Opens the payment of the kept goods (kind `card`, the receipt of the kept lines) and sends the
   * buyer the link. A provider that cannot be reached leaves the buyout without a link: the screen
   * offers a new one.
   */
  async function startPayment(number: number, version: number, actor: Actor | null) {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    const row = await readBuyout(db, number);
    if (!order || !row || row.status !== 'awaiting_payment' || row.version !== version) return false;
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    const prefix = order.locale === 'en' ? '/en' : '';
    const key = orderStatusKey(order.accessKey);
    let session: Awaited<ReturnType<typeof payments.startPayment>>;
    try {
      session = await payments.startPayment({
        orderNumber: number,
        kind: 'card',
        amount: row.amount,
        lines: row.kept
          .filter((k) => k.count > 0)
          .map((k) => {
            const line = lines.find((l) => l.id === k.lineId);
            return { name: line?.name ?? '', count: k.count, price: line?.price ?? 0 };
          }),
        successUrl: `${prefix}/?success=true&orderID=${number}&key=${key}`,
        failUrl: `${prefix}/?success=false&orderID=${number}&key=${key}`,
        locale: order.locale === 'en' ? 'en' : 'ru',
        ...(row.receipt ? { receipt: row.receipt } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `buyout payment link not made: ${reason}`.slice(0, 500),
        at: clock(),
      });
      return false;
    }
    const now = clock();
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orderBuyouts)
        .set({
          paymentProvider: session.provider ?? payments.name,
          paymentId: session.paymentId,
          paymentUrl: session.url,
          paymentState: 'pending',
          version: row.version + 1,
          updatedAt: now,
        })
        .where(and(eq(orderBuyouts.orderNumber, number), eq(orderBuyouts.version, row.version)))
        .returning();
      if (!updated) {
        // Changed meanwhile: this session is not the buyout's, it must not take money.
        await payments.expirePayment(session.paymentId).catch(() => {});
        return false;
      }
      for (const channel of ['email', 'sms'] as const) {
        await enqueueJob(tx, {
          kind: BUYOUT_PAYMENT_MESSAGE_JOB,
          key: `${BUYOUT_PAYMENT_MESSAGE_JOB}:${number}:${session.paymentId}:${channel}`,
          payload: { orderNumber: number, paymentId: session.paymentId, channel },
          runAt: now,
        });
      }
      await tx.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `buyout payment link made (${row.amount} kopecks, ${session.paymentId})`,
        at: now,
      });
      await audit.record(tx, actor, {
        action: 'order.buyout.link',
        entityType: 'order',
        entityId: String(number),
        before: { paymentState: row.paymentState, paymentId: row.paymentId, version: row.version },
        after: { paymentState: 'pending', paymentId: session.paymentId, version: updated.version },
      });
      return true;
    });
  }

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

  async function lockBuyout(tx: Tx, number: number, version: number, locale: Locale) {
    const [row] = await tx
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, number))
      .for('update');
    if (!row) {
      throw new AppError('not_found', t(locale, 'Выкуп ещё не отмечен', 'No buyout is recorded yet'));
    }
    if (row.version !== version) {
      throw new StaleError(
        t(
          locale,
          'Выкуп изменился, пока вы его смотрели. Обновите страницу и повторите',
          'The buyout changed while you were looking at it. Reload the page and try again',
        ),
        view(row),
      );
    }
    return row;
  }

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

  /** A new payment link when there is none (the provider could not be reached) or the last was declined. */
  async function renewLink(number: number, input: { version: number }, actor: Actor, locale: Locale) {
    const row = await db.transaction(async (tx) => {
      const current = await lockBuyout(tx, number, input.version, locale);
      if (current.status !== 'awaiting_payment' || current.paymentState === 'pending') {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Ссылка на оплату уже открыта или выкуп закрыт',
            'A payment link is open already, or the buyout is closed',
          ),
        );
      }
      const [updated] = await tx
        .update(orderBuyouts)
        .set({ paymentId: null, paymentUrl: null, paymentState: 'none', version: current.version + 1 })
        .where(eq(orderBuyouts.orderNumber, number))
        .returning();
      return updated ?? current;
    });
    await startPayment(number, row.version, actor);
    return get(number, locale);
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

  /**
   * The screen's "check the payment": asks the provider for the open link's state when its notice has
   * not come, and applies it as the notice would have been (same id: a late notice is a duplicate).
   */
  async function checkPayment(number: number, locale: Locale) {
    const row = await readBuyout(db, number);
    const getState = payments.getPaymentState;
    if (row?.paymentId && row.paymentState === 'pending' && getState) {
      const notice = await getState.call(payments, row.paymentId).catch(() => null);
      if (notice) await ordersService.applyPaymentNotice(notice);
    }
    return get(number, locale);
  }

  /**
   * Open buyout links whose notice has not come after `afterMinutes`: the provider is asked for the
   * state and a final one is applied as its notice would have been (the recurring job
   * `buyouts.check-payments`). Returns how many changed.
   */
  async function checkOpenPayments(afterMinutes = 3): Promise<number> {
    const getState = payments.getPaymentState;
    if (!getState) return 0;
    const before = new Date(clock().getTime() - afterMinutes * 60_000);
    const open = await db
      .select({ paymentId: orderBuyouts.paymentId })
      .from(orderBuyouts)
      .where(
        and(
          eq(orderBuyouts.status, 'awaiting_payment'),
          eq(orderBuyouts.paymentState, 'pending'),
          lt(orderBuyouts.updatedAt, before),
        ),
      )
      .orderBy(orderBuyouts.updatedAt)
      .limit(50);
    let changed = 0;
    for (const { paymentId } of open) {
      if (!paymentId) continue;
      // One payment the provider cannot answer for does not hold up the others.
      const notice = await getState.call(payments, paymentId).catch(() => null);
      if (notice && (await ordersService.applyPaymentNotice(notice)) === 'applied') changed += 1;
    }
    return changed;
  }

  /** Sends the buyer the payment link, while it is the buyout's open link. */
  async function sendPaymentMessage(job: JobRow): Promise<JobOutcome> {
    const { orderNumber, paymentId, channel } = job.payload as {
      orderNumber: number;
      paymentId: string;
      channel: 'email' | 'sms';
    };
    const [found] = await db
      .select({ order: orders, buyout: orderBuyouts })
      .from(orders)
      .innerJoin(orderBuyouts, eq(orderBuyouts.orderNumber, orders.number))
      .where(eq(orders.number, orderNumber));
    if (!found) return { skipped: 'no buyout' };
    const { order, buyout } = found;
    if (buyout.paymentId !== paymentId || buyout.paymentState !== 'pending' || !buyout.paymentUrl)
      return { skipped: 'the link is no longer open' };
    if (channel === 'email' && !order.email.includes('@')) return { skipped: 'no e-mail' };
    const locale = order.locale === 'en' ? 'en' : 'ru';
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, orderNumber));
    const settled = settleBuyout(buyoutOrder(order, lines), buyout.kept);
    const shop = await settings.getShopSettings();
    const rows = await db
      .select({ key: messageTextRows.key, value: messageTextRows.value })
      .from(messageTextRows)
      .where(eq(messageTextRows.locale, locale));
    const message = renderBuyoutPaymentMessage(
      {
        number: orderNumber,
        lines: settled.lines
          .filter((l) => l.kept > 0)
          .map((l) => {
            const line = lines.find((x) => x.id === l.lineId);
            return { name: line?.name ?? '', size: line?.size ?? '', count: l.kept, amount: l.keptAmount };
          }),
        amount: buyout.amount,
        payUrl: absolute(buyout.paymentUrl),
      },
      locale,
      {
        name: shop.main.shopName[locale] || shop.main.shopName.ru,
        colour: shop.main.brand?.colour ?? '#222222',
        ...(shop.main.brand?.logoUrl ? { logoUrl: shop.main.brand.logoUrl } : {}),
      },
      messageTexts(locale, new Map(rows.map((r) => [r.key, r.value]))),
    );
    const result =
      channel === 'email'
        ? await providers.email.send({
            to: order.email,
            subject: message.subject,
            text: message.text,
            html: message.html,
            idempotencyKey: job.key,
          })
        : await providers.sms.sendMessage({ phone: order.phone, text: message.sms, idempotencyKey: job.key });
    return result.ok ? { done: result.ref } : { retry: result.reason };
  }

  jobs.register(BUYOUT_PAYMENT_MESSAGE_JOB, sendPaymentMessage);
  jobs.register(BUYOUT_CHECK_JOB, async () => ({ done: `applied ${await checkOpenPayments()}` }));

  return { get, record, change, renewLink, retryRefund, checkPayment, checkOpenPayments, sendPaymentMessage };
}

export type BuyoutService = ReturnType<typeof createBuyoutService>;
