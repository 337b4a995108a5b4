import { and, eq, lt } from 'drizzle-orm';
import type { Actor } from '../audit/audit.service.ts';
import { orderBuyouts, orderEvents, orderLines, orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob, type JobOutcome, type JobRow } from '../jobs/jobs.service.ts';
import { createPaymentLinkSender } from '../messages/payment-link.ts';
import { orderStatusKey } from '../orders/orders.service.ts';
import { BUYOUT_PAYMENT_MESSAGE_JOB, type BuyoutContext, buyoutOrder, t } from './buyout.context.ts';
import { settleBuyout } from './buyout.rules.ts';

/**
 * The payment of the kept goods: the link (made, sent to the buyer by e-mail and SMS, made anew when
 * the provider could not be reached or the last one was declined) and its state asked of the provider
 * when its notice is late (the notice itself: ./payment-notice.ts).
 */
export function createBuyoutPaymentLink({
  db,
  providers,
  payments,
  orders: ordersService,
  settings,
  audit,
  clock,
  absolute,
  readBuyout,
  lockBuyout,
  get,
}: BuyoutContext) {
  const sendPaymentLink = createPaymentLinkSender({ db, providers, settings });
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
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, orderNumber));
    const settled = settleBuyout(buyoutOrder(order, lines), buyout.kept);
    return sendPaymentLink({
      wording: 'buyout',
      channel,
      to: order,
      idempotencyKey: job.key,
      number: orderNumber,
      lines: settled.lines
        .filter((l) => l.kept > 0)
        .map((l) => {
          const line = lines.find((x) => x.id === l.lineId);
          return { name: line?.name ?? '', size: line?.size ?? '', count: l.kept, amount: l.keptAmount };
        }),
      amount: buyout.amount,
      payUrl: absolute(buyout.paymentUrl),
    });
  }

  return { startPayment, renewLink, checkPayment, checkOpenPayments, sendPaymentMessage };
}
