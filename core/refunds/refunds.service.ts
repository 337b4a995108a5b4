import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { type Actor, type AuditService, actorUserId, type SystemActor } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  orderBuyouts,
  orderEvents,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob, type JobsService } from '../jobs/jobs.service.ts';
import { enqueueOrderMessages } from '../messages/order-messages.service.ts';
import { isPaidStatus } from '../orders/order.rules.ts';
import type { PaymentProvider, PaymentReceipt } from '../providers/payments/payment-provider.ts';
import { returnLabel } from '../returns/returns.rules.ts';
import { enqueueReturnMessages } from '../returns/returns-messages.service.ts';
import {
  assertTransition,
  canSend,
  canTransition,
  initialState,
  REFUND_ATTENTION_MS,
  type RefundSource,
  type RefundState,
  refundable,
} from './refund.rules.ts';

export type RefundRow = typeof orderRefunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The job that sends a refund to the provider after the transaction that recorded it commits. */
export const REFUND_SEND_JOB = 'refunds.send';

/** The order event core/orders/orders.service.ts records when money comes for a closed order. */
export const REFUND_NEEDED_CAUSE = 'paid after %: refund needed%';

export interface NewRefund {
  source: Exclude<RefundSource, 'provider-cabinet'>;
  /** Kopecks: the lines' amounts plus `deliveryAmount`, or an amount staff named. */
  amount: number;
  deliveryAmount?: number;
  lines?: { orderLineId: number; quantity: number; amount: number }[];
  reason: string;
  receipt?: PaymentReceipt | null;
  returnNumber?: number;
  /** The provider's key; absent: one made of the refund's id. */
  providerKey?: string;
}

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

function hasProviderPayment(order: Pick<OrderRow, 'paymentId'>): order is { paymentId: string } {
  return order.paymentId !== null && !order.paymentId.startsWith('claim-');
}

/** What the order's buyer paid (kopecks): the order's total once paid, and a buyout's payment. */
async function paidOf(tx: Tx | Db, order: OrderRow): Promise<number> {
  if (!hasProviderPayment(order)) return 0;
  let paid = 0;
  if (isPaidStatus(order.status)) paid = order.total;
  else {
    const [event] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderNumber, order.number),
          or(eq(orderEvents.toStatus, 'paid'), like(orderEvents.cause, REFUND_NEEDED_CAUSE)),
        ),
      )
      .limit(1);
    if (event) paid = order.total;
  }
  const [buyout] = await tx
    .select({ amount: orderBuyouts.amount })
    .from(orderBuyouts)
    .where(
      and(
        eq(orderBuyouts.orderNumber, order.number),
        eq(orderBuyouts.mode, 'pay'),
        eq(orderBuyouts.paymentState, 'paid'),
      ),
    );
  return paid + (buyout?.amount ?? 0);
}

async function refundsOf(tx: Tx | Db, number: number) {
  return tx
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderNumber, number))
    .orderBy(asc(orderRefunds.id));
}

/**
 * A refund made in the provider's own cabinet (a verified notice of a refund the shop did not ask
 * for), recorded once per notice as succeeded with an order event; it counts against what was paid.
 * `amount` null: the whole of what is left. Returns whether it was recorded now.
 */
export async function recordCabinetRefund(
  tx: Tx,
  clock: () => Date,
  orderNumber: number,
  notice: { operationId: string; amount: number | null; whole: boolean },
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.number, orderNumber)).for('update');
  if (!order) return false;
  const rows = await refundsOf(tx, orderNumber);
  if (rows.some((r) => r.providerRefundId === notice.operationId && r.source === 'provider-cabinet'))
    return false;
  const left = refundable(await paidOf(tx, order), rows);
  // A refund of the shop's own, on its way or done, explains a notice of its amount (or of the whole).
  const own = rows.filter(
    (r) => r.source !== 'provider-cabinet' && (r.state === 'started' || r.state === 'succeeded'),
  );
  if (notice.whole ? left === 0 : own.some((r) => r.amount === notice.amount)) return false;
  const amount = notice.whole ? left : Math.min(notice.amount ?? left, left);
  if (amount <= 0) return false;
  const now = clock();
  await tx.insert(orderRefunds).values({
    orderNumber,
    state: initialState('provider-cabinet'),
    source: 'provider-cabinet',
    amount,
    reason: 'refunded in the payment provider’s cabinet',
    providerKey: `cabinet-${notice.operationId}`,
    providerRefundId: notice.operationId,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(orderEvents).values({
    orderNumber,
    fromStatus: order.status,
    toStatus: order.status,
    cause: `refund made in the payment provider’s cabinet recorded (${amount} kopecks, ${notice.operationId})`,
    at: now,
  });
  return true;
}

/**
 * Money came for an order already closed (core/orders/payment-notices.service.ts): the refund owed
 * is recorded as needed, not sent; staff start it from the order page (it is listed until then).
 */
export async function recordOwedRefund(
  tx: Tx,
  clock: () => Date,
  orderNumber: number,
  owed: { amount: number; reason: string; key: string },
): Promise<void> {
  const now = clock();
  await tx
    .insert(orderRefunds)
    .values({
      orderNumber,
      state: 'needed',
      source: 'cancellation',
      amount: owed.amount,
      reason: owed.reason,
      providerKey: owed.key,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The one refund service (docs/decisions/0048-one-refund-model.md): records a refund inside the
 * caller's transaction under the order's row lock (so the refunds of an order never add up to more
 * than was paid), sends it to the provider after commit (at once, and through the durable job
 * `refunds.send` should the provider not answer), and lets staff send a refused one again or record
 * that it was done by hand. A refund made in the provider's own cabinet is recorded as succeeded.
 */
export function createRefundsService({
  db,
  payments,
  audit,
  clock,
  jobs,
}: {
  db: Db;
  payments: PaymentProvider;
  audit: AuditService;
  clock: () => Date;
  jobs?: Pick<JobsService, 'register'>;
}) {
  /** Locks the order row for the caller's transaction (a second lock in it is a no-op). */
  async function lockOrder(tx: Tx, number: number): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new AppError('not_found', 'Заказ не найден');
    return order;
  }

  /** What may still be refunded of the order (kopecks), read under the caller's lock. */
  async function remaining(tx: Tx | Db, order: OrderRow): Promise<number> {
    const paid = await paidOf(tx, order);
    return refundable(paid, await refundsOf(tx, order.number));
  }

  /**
   * Records a refund of the order inside the caller's transaction: the order is locked, and a refund
   * that would take the order's refunds beyond what was paid is refused (a conflict, nothing stored).
   * The caller sends it with `send` once the transaction commits; the job sends it otherwise.
   */
  async function create(
    tx: Tx,
    orderNumber: number,
    input: NewRefund,
    actor: Actor | SystemActor | null,
    locale: Locale = 'ru',
  ): Promise<RefundRow> {
    const order = await lockOrder(tx, orderNumber);
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new AppError(
        'invalid_data',
        t(locale, 'Сумма возврата должна быть больше нуля', 'The refund must be above zero'),
        {
          field: 'amount',
        },
      );
    }
    const left = await remaining(tx, order);
    if (input.amount > left) {
      throw new AppError(
        'conflict',
        t(
          locale,
          `Возврат больше оплаченного: можно вернуть не больше ${(left / 100).toLocaleString('ru-RU')} ₽`,
          `The refund exceeds what was paid: at most ${(left / 100).toFixed(2)} RUB may be refunded`,
        ),
      );
    }
    const now = clock();
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderNumber,
        state: initialState(input.source),
        source: input.source,
        returnNumber: input.returnNumber ?? null,
        amount: input.amount,
        deliveryAmount: input.deliveryAmount ?? 0,
        reason: input.reason,
        // A placeholder unique until the id is known (replaced below, in the same transaction).
        providerKey: input.providerKey ?? `pending-${orderNumber}-${now.getTime()}-${Math.random()}`,
        receipt: input.receipt ?? null,
        createdBy: actorUserId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('refund insert returned nothing');
    let stored = row;
    if (!input.providerKey) {
      const [keyed] = await tx
        .update(orderRefunds)
        .set({ providerKey: `order-${orderNumber}-refund-${row.id}` })
        .where(eq(orderRefunds.id, row.id))
        .returning();
      if (keyed) stored = keyed;
    }
    if (input.lines?.length) {
      await tx.insert(orderRefundLines).values(input.lines.map((l) => ({ ...l, refundId: stored.id })));
    }
    await enqueueSend(tx, stored, now);
    return stored;
  }

  async function enqueueSend(tx: Tx | Db, row: RefundRow, now: Date) {
    await enqueueJob(tx, {
      kind: REFUND_SEND_JOB,
      key: `${REFUND_SEND_JOB}:${row.id}:${row.attempts}:${now.getTime()}`,
      payload: { refundId: row.id },
      // A minute later than the send after commit, which usually settles it first.
      runAt: new Date(now.getTime() + 60_000),
    });
  }

  /** The event, audit entry and buyer's message of a settled refund, by where it came from. */
  async function recordOutcome(
    tx: Tx,
    before: RefundRow,
    after: RefundRow,
    detail: string,
    actor: Actor | SystemActor | null,
  ) {
    const now = clock();
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.number, after.orderNumber));
    const state = order?.status ?? 'cancelled';
    const outcome = after.state === 'succeeded' ? 'succeeded' : after.state;
    const label =
      after.source === 'return' && after.returnNumber !== null
        ? `return ${returnLabel(after.returnNumber)} refund`
        : after.source === 'buyout'
          ? 'buyout refund'
          : 'refund';
    await tx.insert(orderEvents).values({
      orderNumber: after.orderNumber,
      fromStatus: state,
      toStatus: state,
      cause: `${label} ${outcome} (${after.amount} kopecks, ${detail})`,
      at: now,
    });
    if (after.source === 'return' && after.returnNumber !== null) {
      await audit.record(tx, actor, {
        action: 'return.refund',
        entityType: 'return',
        entityId: String(after.returnNumber),
        before: { refund: before.state },
        after: { refund: after.state, amount: after.amount, detail },
      });
      if (after.state === 'succeeded') await enqueueReturnMessages(tx, after.returnNumber, 'refunded', now);
      return;
    }
    if (after.source === 'buyout') {
      const [buyout] = await tx
        .select()
        .from(orderBuyouts)
        .where(eq(orderBuyouts.orderNumber, after.orderNumber))
        .for('update');
      const status = after.state === 'failed' ? 'refund_failed' : 'refunded';
      if (buyout) {
        await tx
          .update(orderBuyouts)
          .set({ status, version: buyout.version + 1, updatedAt: now })
          .where(eq(orderBuyouts.orderNumber, after.orderNumber));
      }
      await audit.record(tx, actor, {
        action: 'order.buyout.refund',
        entityType: 'order',
        entityId: String(after.orderNumber),
        before: { status: buyout?.status, version: buyout?.version },
        after: { status, amount: after.amount, detail, version: (buyout?.version ?? 0) + 1 },
      });
    } else {
      await audit.record(tx, actor, {
        action: 'order.refund',
        entityType: 'order',
        entityId: String(after.orderNumber),
        before: { refund: before.state },
        after: { refund: after.state, amount: after.amount, detail },
      });
    }
    if (after.state === 'succeeded') await enqueueOrderMessages(tx, after.orderNumber, 'refunded', now);
  }

  /** Moves a refund from the state it was read in; null when it changed meanwhile. */
  async function move(tx: Tx, row: RefundRow, to: RefundState, set: Partial<RefundRow> = {}) {
    assertTransition(row.state, to);
    const [after] = await tx
      .update(orderRefunds)
      .set({ ...set, state: to, updatedAt: clock() })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.state, row.state)))
      .returning();
    return after ?? null;
  }

  /**
   * Sends a needed (or started, unanswered) refund to the provider under its fixed key, so a second
   * send never refunds twice. `unreachable`: no answer, the refund stays started and the job tries again.
   */
  async function send(
    id: number,
    actor: Actor | SystemActor | null,
  ): Promise<RefundState | 'unreachable' | 'missing'> {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, id)).for('update');
      if (!row) return null;
      if (!canSend(row.state)) return { row, skip: true as const };
      const [order] = await tx.select().from(orders).where(eq(orders.number, row.orderNumber));
      if (!order || !hasProviderPayment(order)) return { row, skip: true as const };
      const after = await move(tx, row, 'started', { attempts: row.attempts + 1 });
      if (!after) return { row, skip: true as const };
      return { row: after, before: row, paymentId: order.paymentId as string, skip: false as const };
    });
    if (!claimed) return 'missing';
    if (claimed.skip) return claimed.row.state;
    const { row, paymentId } = claimed;
    let result: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      result = await payments.refund(paymentId, row.amount, row.providerKey, row.receipt ?? undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(orderRefunds)
        .set({ lastError: message.slice(0, 500) })
        .where(eq(orderRefunds.id, row.id));
      return 'unreachable';
    }
    const to: RefundState = result.status === 'succeeded' ? 'succeeded' : 'failed';
    const detail = result.status === 'succeeded' ? result.refundId : result.reason;
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, row.id)).for('update');
      if (current?.state !== 'started') return current?.state ?? 'missing';
      const after = await move(tx, current, to, {
        providerRefundId: result.status === 'succeeded' ? result.refundId : null,
        lastError: result.status === 'succeeded' ? null : result.reason,
      });
      if (!after) return current.state;
      await recordOutcome(tx, current, after, detail, actor);
      return after.state;
    });
  }

  async function requireRefund(tx: Tx, id: number, orderNumber: number, locale: Locale) {
    const [row] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.id, id), eq(orderRefunds.orderNumber, orderNumber)))
      .for('update');
    if (!row) throw new AppError('not_found', t(locale, 'Возврат денег не найден', 'Refund not found'));
    return row;
  }

  /**
   * Staff send a refund again: a refused one goes back to needed, an unanswered one is sent again
   * under its key. A succeeded or hand-made one is refused.
   */
  async function retry(orderNumber: number, id: number, actor: Actor, locale: Locale) {
    const row = await db.transaction(async (tx) => {
      const before = await requireRefund(tx, id, orderNumber, locale);
      if (before.state !== 'failed' && before.state !== 'started' && before.state !== 'needed') {
        throw new AppError(
          'conflict',
          t(locale, 'Этот возврат денег уже завершён', 'This refund is already finished'),
        );
      }
      let after = before;
      if (before.state === 'failed') {
        // Within what is left to refund: a failed refund counts for nothing until it is sent again.
        const order = await lockOrder(tx, orderNumber);
        if (before.amount > (await remaining(tx, order))) {
          throw new AppError(
            'conflict',
            t(locale, 'Возврат больше оплаченного', 'The refund exceeds what was paid'),
          );
        }
        after = (await move(tx, before, 'needed')) ?? before;
      }
      await audit.record(tx, actor, {
        action: 'order.refund_retry',
        entityType: 'order',
        entityId: String(orderNumber),
        before: { refund: before.state },
        after: { refund: after.state, amount: after.amount },
      });
      await enqueueSend(tx, after, clock());
      return after;
    });
    await send(row.id, actor);
    return row.id;
  }

  /** Staff returned the money outside the provider: the refund is done by hand, with their note. */
  async function markManual(orderNumber: number, id: number, note: string, actor: Actor, locale: Locale) {
    await db.transaction(async (tx) => {
      const before = await requireRefund(tx, id, orderNumber, locale);
      if (!canTransition(before.state, 'manual')) {
        throw new AppError(
          'conflict',
          t(
            locale,
            'Отметить сделанным вручную можно только ожидающий или не прошедший возврат',
            'Only a waiting or refused refund can be marked done by hand',
          ),
        );
      }
      const after = await move(tx, before, 'manual', { lastError: null });
      if (!after)
        throw new AppError(
          'conflict',
          t(locale, 'Возврат изменился. Обновите страницу', 'The refund changed. Reload the page'),
        );
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.number, orderNumber));
      const state = order?.status ?? 'cancelled';
      await tx.insert(orderEvents).values({
        orderNumber,
        fromStatus: state,
        toStatus: state,
        cause: `refund done by hand by staff (${actor.email}) (${after.amount} kopecks${note ? `: ${note}` : ''})`,
        at: clock(),
      });
      await audit.record(tx, actor, {
        action: 'order.refund_manual',
        entityType: 'order',
        entityId: String(orderNumber),
        before: { refund: before.state },
        after: { refund: 'manual', amount: after.amount, note },
      });
    });
  }

  /** Every refund of an order with its lines (order line names), newest last. */
  async function listForOrder(number: number) {
    const rows = await refundsOf(db, number);
    const ids = rows.map((r) => r.id);
    const lines = ids.length
      ? await db
          .select({
            refundId: orderRefundLines.refundId,
            orderLineId: orderRefundLines.orderLineId,
            quantity: orderRefundLines.quantity,
            amount: orderRefundLines.amount,
            name: orderLines.name,
            size: orderLines.size,
          })
          .from(orderRefundLines)
          .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
          .where(inArray(orderRefundLines.refundId, ids))
          .orderBy(asc(orderRefundLines.id))
      : [];
    return rows.map((r) => ({
      id: r.id,
      state: r.state,
      source: r.source,
      amount: r.amount,
      deliveryAmount: r.deliveryAmount,
      reason: r.reason,
      returnNumber: r.returnNumber,
      providerRefundId: r.providerRefundId,
      receipt: r.receipt,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      lines: lines.filter((l) => l.refundId === r.id).map(({ refundId: _r, ...l }) => l),
    }));
  }

  /** Refunds staff should look at: refused, or waiting as needed or started longer than REFUND_ATTENTION_MS. */
  async function listAttention() {
    const since = new Date(clock().getTime() - REFUND_ATTENTION_MS);
    const rows = await db
      .select({
        id: orderRefunds.id,
        orderNumber: orderRefunds.orderNumber,
        state: orderRefunds.state,
        source: orderRefunds.source,
        amount: orderRefunds.amount,
        reason: orderRefunds.reason,
        lastError: orderRefunds.lastError,
        attempts: orderRefunds.attempts,
        updatedAt: orderRefunds.updatedAt,
        fullName: orders.fullName,
        phone: orders.phone,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.number, orderRefunds.orderNumber))
      .where(
        or(
          eq(orderRefunds.state, 'failed'),
          and(inArray(orderRefunds.state, ['needed', 'started']), sql`${orderRefunds.updatedAt} < ${since}`),
        ),
      )
      .orderBy(desc(orderRefunds.updatedAt))
      .limit(500);
    return { rows: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
  }

  jobs?.register(REFUND_SEND_JOB, async (job) => {
    const id = Number((job.payload as { refundId?: unknown }).refundId);
    if (!Number.isInteger(id)) return { skipped: 'no refund id' };
    const outcome = await send(id, null);
    if (outcome === 'unreachable') return { retry: 'the payment provider did not answer' };
    return { done: outcome };
  });

  return {
    create,
    send,
    retry,
    markManual,
    remaining,
    lockOrder,
    listForOrder,
    listAttention,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
