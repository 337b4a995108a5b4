import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { orderEvents, orderRefunds, type orders, returnLines, returns } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { returnStatusName } from '../staff-messages.ts';
import { canReturnTransition, type ReturnRefundStatus, type ReturnStatus } from './returns.rules.ts';

/**
 * What the returns' services share: the reads of a return's refund, of the order's delivery and of
 * the units already in returns, the stale and not-found answers, and the one way a return changes
 * state (the declared table, core/returns/returns.rules.ts).
 */

export type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof returns.$inferSelect;

export const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

export const returnNotFound = (locale: Locale) =>
  new AppError('not_found', t(locale, 'Возврат не найден', 'Return not found'));

export const staleError = (locale: Locale, row: ReturnRow) =>
  new AppError(
    'conflict',
    t(
      locale,
      `Возврат изменился, пока вы его смотрели (сейчас: ${returnStatusName(row.status, locale)}). Обновите страницу`,
      `The return changed while you were looking at it (now: ${returnStatusName(row.status, locale)}). Reload the page`,
    ),
  );

/** The return at the version the screen showed, locked for the change. */
export async function lockReturn(tx: Tx, number: number, version: number, locale: Locale) {
  const [row] = await tx.select().from(returns).where(eq(returns.number, number)).for('update');
  if (!row) throw returnNotFound(locale);
  if (row.version !== version) throw staleError(locale, row);
  return row;
}

/** The return at the version the screen showed, unlocked (for work with a carrier outside a transaction). */
export async function readReturn(runner: Tx | Db, number: number, version: number, locale: Locale) {
  const [row] = await runner.select().from(returns).where(eq(returns.number, number));
  if (!row) throw returnNotFound(locale);
  if (row.version !== version) throw staleError(locale, row);
  return row;
}

/** Refuses, as stale, a change of state the table does not allow from the state the return is in. */
export function requireReturnTransition(row: ReturnRow, to: ReturnStatus, locale: Locale): void {
  if (!canReturnTransition(row.status, to)) throw staleError(locale, row);
}

/**
 * The refund of each return (core/refunds/, one per return), as the return's figures: goods and
 * delivery refunded, the refund's state (`nothing` for a closed return that refunds nothing, `none`
 * before the decision) and its receipt.
 */
export async function refundOf(runner: Tx | Db, numbers: number[]) {
  const rows = numbers.length
    ? await runner.select().from(orderRefunds).where(inArray(orderRefunds.returnNumber, numbers))
    : [];
  return (r: { number: number; status: string }) => {
    const refund = rows.find((x) => x.returnNumber === r.number);
    const status: ReturnRefundStatus = refund
      ? refund.state === 'needed'
        ? 'started'
        : refund.state
      : r.status === 'closed' || r.status === 'cancelled'
        ? 'nothing'
        : 'none';
    return {
      refundId: refund?.id ?? null,
      refundGoods: refund ? refund.amount - refund.deliveryAmount : 0,
      refundDelivery: refund?.deliveryAmount ?? 0,
      refundStatus: status,
      providerRefundId: refund?.providerRefundId ?? null,
      refundReceipt: refund?.receipt ?? null,
    };
  };
}

/** When the order was delivered (its last move to `delivered`), or null. */
export async function deliveredAt(runner: Tx | Db, orderNumber: number): Promise<Date | null> {
  const [row] = await runner
    .select({ at: sql<string | Date | null>`max(${orderEvents.at})` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderNumber, orderNumber), eq(orderEvents.toStatus, 'delivered')));
  return row?.at ? new Date(row.at) : null;
}

/** Units of each order line already in returns that are not cancelled. */
export async function unitsInReturns(runner: Tx | Db, orderNumber: number): Promise<Map<number, number>> {
  const rows = await runner
    .select({ lineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.number, returnLines.returnNumber))
    .where(and(eq(returns.orderNumber, orderNumber), ne(returns.status, 'cancelled')))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.units)]));
}

/**
 * The staff changes of a return: its state through the declared table, or a new version for a
 * change of its lines (the exchange, the refund), each written to the audit log.
 */
export function createReturnChanges({ audit, clock }: { audit: AuditService; clock: () => Date }) {
  /** A return's entry in the audit log. */
  function record(
    tx: Tx,
    actor: Actor | null,
    number: number,
    action: string,
    before: Record<string, unknown> | undefined,
    after: Record<string, unknown>,
  ) {
    return audit.record(tx, actor, {
      action,
      entityType: 'return',
      entityId: String(number),
      before,
      after,
    });
  }

  /**
   * Moves the locked return to `to` if the table allows it, over the version read, and logs the step
   * as `action` (its state and version before and after, with `logged` added after); `at` is the
   * step's instant, `set` its own column of it.
   */
  async function move(
    tx: Tx,
    actor: Actor,
    before: ReturnRow,
    step: {
      to: ReturnStatus;
      action: string;
      locale: Locale;
      at: Date;
      set?: Partial<Pick<ReturnRow, 'receivedAt' | 'decidedAt'>>;
      logged?: Record<string, unknown>;
    },
  ): Promise<ReturnRow> {
    requireReturnTransition(before, step.to, step.locale);
    const [after] = await tx
      .update(returns)
      .set({ ...step.set, status: step.to, updatedAt: step.at, version: before.version + 1 })
      .where(and(eq(returns.number, before.number), eq(returns.version, before.version)))
      .returning();
    if (!after) throw new Error(`return ${before.number} changed under its lock`);
    await record(
      tx,
      actor,
      before.number,
      step.action,
      { status: before.status, version: before.version },
      { status: step.to, version: after.version, ...step.logged },
    );
    return after;
  }

  /** A change of the return's lines: the return's version moves on, so other screens see it stale. */
  async function touch(tx: Tx, row: ReturnRow) {
    await tx
      .update(returns)
      .set({ version: row.version + 1, updatedAt: clock() })
      .where(eq(returns.number, row.number));
  }

  return { record, move, touch };
}

export type ReturnChanges = ReturnType<typeof createReturnChanges>;
