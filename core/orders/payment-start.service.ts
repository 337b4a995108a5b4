import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { orderEvents, orderLines, orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { instalmentTerms } from '../payments/payment.rules.ts';
import type { PaymentKind, PaymentProvider, PaymentReceipt } from '../providers/payments/payment-provider.ts';
import { orderStatusKey, requireOrder } from './order-access.ts';
import type { OrderAccess } from './order-cookies.rules.ts';
import type { OrderTransitions } from './order-transition.service.ts';
import { buildPaymentReceipt, DEFAULT_RECEIPT_SETTINGS } from './payment-receipt.rules.ts';
import { withVatRates } from './receipt-vat.ts';

/** A claim on an order's payment start, stored in its `paymentId` until the provider's id replaces it. */
export function newPaymentClaim(): string {
  return `claim-${randomBytes(8).toString('hex')}`;
}

/**
 * Placement step 5: start the payment, and what follows it on the shop's side: the receipt the
 * provider gets (DECISIONS 36), the second-call starts of BNPL and instalment, and the capture of a
 * two-stage payment. Undo: a start the provider refuses gives its claim back (the order can be paid
 * again); an order expiring unpaid closes the provider's page (`expireOverdue`).
 */
export function createPaymentStart({
  db,
  payments,
  settings,
  transitions,
  clock,
}: {
  db: Db;
  payments: PaymentProvider;
  settings: SettingsService;
  transitions: OrderTransitions;
  clock: () => Date;
}) {
  /**
   * Starts the provider's session for an order and moves it to awaiting payment. One request claims
   * the start; concurrent ones (retries with the same key) wait for its page instead of opening a
   * second session.
   */
  async function startPayment(number: number, kind: PaymentKind, months?: number): Promise<string> {
    const [order] = await db
      .update(orders)
      .set({ paymentId: newPaymentClaim() })
      .where(and(eq(orders.number, number), isNull(orders.paymentId), eq(orders.status, 'new')))
      .returning();
    if (!order) return waitForPaymentUrl(number);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    return startClaimedPayment(order, lines, kind, months);
  }

  /**
   * Starts the payment of an order this request has claimed (its `paymentId` is the claim, as
   * `startPayment` or the placing transaction stored it), given as stored with its lines. A start
   * the provider refuses gives the claim back.
   */
  async function startClaimedPayment(
    order: typeof orders.$inferSelect,
    lines: (typeof orderLines.$inferSelect)[],
    kind: PaymentKind,
    months?: number,
  ): Promise<string> {
    const { number } = order;
    const claim = order.paymentId;
    if (!claim?.startsWith('claim-')) throw new Error(`Order ${number} is not claimed for a payment`);
    const prefix = order.locale === 'en' ? '/en' : '';
    const shop = await settings.getShopSettings();
    const receipt = await receiptOf(order, lines);
    // Cards of the delivery methods the settings name are two-stage (docs/decisions/0036-sbp-and-two-stage-payments.md).
    const twoStage =
      kind === 'card' && (shop.main.payments.twoStage ?? []).some((way) => way === order.getWay);
    let session: Awaited<ReturnType<typeof payments.startPayment>>;
    try {
      session = await payments.startPayment({
        orderNumber: number,
        kind,
        amount: order.total,
        lines: lines.map((l) => ({ name: l.name, count: l.count, price: l.price })),
        months,
        // The key lets whichever browser returns (the payer's, too) see the order's status.
        successUrl: `${prefix}/?success=true&orderID=${number}&key=${orderStatusKey(order.accessKey)}`,
        failUrl: `${prefix}/?success=false&orderID=${number}&key=${orderStatusKey(order.accessKey)}`,
        locale: order.locale === 'en' ? 'en' : 'ru',
        receipt,
        ...(twoStage ? { twoStage } : {}),
      });
    } catch (error) {
      await db
        .update(orders)
        .set({ paymentId: null })
        .where(and(eq(orders.number, number), eq(orders.paymentId, claim)));
      throw error;
    }
    const started = {
      paymentProvider: session.provider ?? payments.name,
      paymentId: session.paymentId,
      paymentUrl: session.url,
      paymentTwoStage: session.twoStage === true,
    };
    const cause = `payment started (${kind})`;
    // The order was new when claimed: the session and the status change are one statement.
    const moved = await transitions.transitionAlone(number, 'new', 'awaiting_payment', cause, {
      also: started,
      where: eq(orders.paymentId, claim),
    });
    if (!moved) {
      // It left `new` meanwhile (an operator's cancel): the session is recorded all the same.
      await transitions.withStockChanges(async (tx, changed) => {
        await tx
          .update(orders)
          .set(started)
          .where(and(eq(orders.number, number), eq(orders.paymentId, claim)));
        await transitions.transition(tx, number, 'awaiting_payment', cause, changed);
      });
    }
    return session.url;
  }

  async function waitForPaymentUrl(number: number): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const [order] = await db.select().from(orders).where(eq(orders.number, number));
      if (!order) throw new AppError('not_found', { key: 'order.not_found' });
      if (order.paymentUrl) return order.paymentUrl;
      if (order.status !== 'new' || order.paymentId === null) {
        throw new AppError('conflict', { key: 'payment.paying_or_closed' });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new AppError('unavailable', { key: 'payment.starting' });
  }

  /**
   * The order's 54-FZ receipt (DECISIONS 36): taxation from the settings, each line's VAT rate from
   * its product, else its category, else the settings (`withVatRates`).
   */
  async function receiptOf(
    order: typeof orders.$inferSelect,
    lines: (typeof orderLines.$inferSelect)[],
  ): Promise<PaymentReceipt> {
    const shop = await settings.getShopSettings();
    const receiptSettings = shop.main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
    const rated = await withVatRates(db, lines, receiptSettings.vat);
    return buildPaymentReceipt({ ...order, lines: rated }, receiptSettings);
  }

  /** The receipt of an order's payment, for its refund receipt; null for an unknown order. */
  async function paymentReceipt(number: number): Promise<PaymentReceipt | null> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order) return null;
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
    return receiptOf(order, lines);
  }

  /**
   * The parcel went to the carrier (or the goods to the shopper): a two-stage payment takes the
   * money held (Dolyame's commit, T-Bank's Confirm, with the order's receipt lines). A two-stage card
   * payment is claimed first (`paymentCapturedAt`), so however many steps or staff ask, the bank is
   * asked once; a failure gives the claim back. A failure is recorded on the order for the staff and
   * does not undo the step.
   */
  async function capturePayment(number: number): Promise<'captured' | 'already' | 'failed' | 'none'> {
    const [order] = await db.select().from(orders).where(eq(orders.number, number));
    if (!order?.paymentId || order.paymentId.startsWith('claim-') || !payments.capturePayment) return 'none';
    if (order.paymentTwoStage) {
      const [claimed] = await db
        .update(orders)
        .set({ paymentCapturedAt: clock() })
        .where(and(eq(orders.number, number), isNull(orders.paymentCapturedAt)))
        .returning({ number: orders.number });
      if (!claimed) return 'already';
    }
    try {
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, number));
      await payments.capturePayment(order.paymentId, order.total, await receiptOf(order, lines));
      if (order.paymentTwoStage) {
        await db.insert(orderEvents).values({
          orderNumber: number,
          fromStatus: order.status,
          toStatus: order.status,
          cause: `the held payment was confirmed (${order.total} kopecks)`,
          at: clock(),
        });
      }
      return 'captured';
    } catch (error) {
      if (order.paymentTwoStage) {
        await db.update(orders).set({ paymentCapturedAt: null }).where(eq(orders.number, number));
      }
      const reason = error instanceof Error ? error.message : String(error);
      await db.insert(orderEvents).values({
        orderNumber: number,
        fromStatus: order.status,
        toStatus: order.status,
        cause: `the payment could not be committed: ${reason}`.slice(0, 500),
      });
      return 'failed';
    }
  }

  /** `POST /api/dolyame/create`: the BNPL page for a drafted order. */
  async function startDolyame(number: number, access: OrderAccess[]) {
    const order = await requireOrder(db, number, access);
    if (order.payment !== 'dolyame')
      throw new AppError('conflict', { key: 'order.not_paid_by_dolyame' }, { field: 'orderID' });
    return { result: true, data: await startPayment(number, 'bnpl') };
  }

  /** `POST /api/payment/create-tinkoff-order`: the instalment form for a drafted order. */
  async function startInstalment(number: number, promoCode: string, access: OrderAccess[]) {
    const order = await requireOrder(db, number, access);
    if (order.payment !== 'tinkoff')
      throw new AppError('conflict', { key: 'order.not_paid_by_instalment' }, { field: 'orderNumber' });
    const term = instalmentTerms.find((x) => x.promoCode === promoCode);
    return { result: true, data: await startPayment(number, 'instalment', term?.months ?? 3) };
  }

  return { startPayment, startClaimedPayment, paymentReceipt, capturePayment, startDolyame, startInstalment };
}
