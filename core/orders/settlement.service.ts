import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  settlementReceipts,
} from '../db/schema/index.ts';
import { enqueueJob, type JobOutcome, type JobRow } from '../jobs/jobs.service.ts';
import { markCodesForLines } from '../marking/marking.service.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { isPaidStatus, type OrderStatus } from './order.rules.ts';
import { DEFAULT_RECEIPT_SETTINGS } from './payment-receipt.rules.ts';
import { withVatRates } from './receipt-vat.ts';
import { buildSettlementReceipt } from './settlement-receipt.rules.ts';

/** The job that sends an order's settlement receipt (docs/product/receipts.md). */
export const SETTLEMENT_JOB = 'receipts.settlement';

/** Tries of the settlement job before it is left failed for staff (30 s doubling: about two hours). */
const SETTLEMENT_ATTEMPTS = 9;

/** The steps at which the goods leave the shop: handed to the carrier, or collected by the buyer. */
export function settlesAt(to: OrderStatus): boolean {
  return to === 'shipped' || to === 'delivered';
}

/**
 * Asks for the order's settlement receipt inside the transaction that moves it to `shipped` or
 * `delivered` (core/orders/order-transition.service.ts), so the job exists exactly when the step
 * commits; the key makes it one per order, whichever step comes first.
 */
export async function enqueueSettlement(tx: Tx | Db, orderNumber: number, now: Date): Promise<void> {
  await enqueueJob(tx, {
    kind: SETTLEMENT_JOB,
    key: `${SETTLEMENT_JOB}:${orderNumber}`,
    payload: { orderNumber },
    runAt: now,
    maxAttempts: SETTLEMENT_ATTEMPTS,
  });
}

export type SettlementRow = typeof settlementReceipts.$inferSelect;

/**
 * What the order's refunds of the prepayment took before the hand-over (core/refunds/: a removed
 * line, a partial refund while the goods were still with the shop, its receipt `full_prepayment`):
 * units per order line id and the delivery's kopecks. A refused refund took nothing.
 */
async function refundedBeforeHandOver(db: Db, orderNumber: number) {
  const rows = await db
    .select({ id: orderRefunds.id, receipt: orderRefunds.receipt, delivery: orderRefunds.deliveryAmount })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderNumber, orderNumber), ne(orderRefunds.state, 'failed')));
  const prepaid = rows.filter((r) => r.receipt?.items.some((i) => i.paymentMethod === 'full_prepayment'));
  const units = new Map<number, number>();
  if (prepaid.length > 0) {
    const lines = await db
      .select({ lineId: orderRefundLines.orderLineId, quantity: orderRefundLines.quantity })
      .from(orderRefundLines)
      .where(
        inArray(
          orderRefundLines.refundId,
          prepaid.map((r) => r.id),
        ),
      );
    for (const l of lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
  }
  return { units, delivery: prepaid.reduce((a, r) => a + r.delivery, 0) };
}

/**
 * The settlement receipt (54-FZ; docs/product/receipts.md): a prepaid order's goods were handed over,
 * so the prepayment is set off by a `full_payment` receipt sent through the acquirer's closing-receipt
 * call, after the step's commit, by a job with retries. The receipt as sent and its state are kept
 * on the order (`settlement_receipts`); an order whose provider sends no such receipt is recorded
 * `unsupported` and listed for staff.
 */
export function createSettlementService({
  db,
  payments,
  settings,
  clock,
}: {
  db: Db;
  payments: PaymentProvider;
  settings: SettingsService;
  clock: () => Date;
}) {
  async function record(orderNumber: number, set: Partial<typeof settlementReceipts.$inferInsert>) {
    await db.update(settlementReceipts).set(set).where(eq(settlementReceipts.orderNumber, orderNumber));
  }

  async function handle(job: JobRow): Promise<JobOutcome> {
    const orderNumber = Number((job.payload as { orderNumber?: unknown }).orderNumber);
    const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
    if (!order) return { skipped: 'no such order' };
    if (!isPaidStatus(order.status)) return { skipped: 'not paid' };
    // A try-on order's goods are paid at the door with a full-payment receipt (the buyout's).
    if (order.getWay === 'moscow-try') return { skipped: 'paid on hand-over' };
    if (!order.paymentId || order.paymentId.startsWith('claim-')) return { skipped: 'not paid online' };
    const [existing] = await db
      .select()
      .from(settlementReceipts)
      .where(eq(settlementReceipts.orderNumber, orderNumber));
    if (existing?.status === 'sent' || existing?.status === 'unsupported') {
      return { done: `already ${existing.status}` };
    }
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, orderNumber))
      .orderBy(asc(orderLines.id));
    const shop = await settings.getShopSettings();
    const receiptSettings = shop.main.receipt ?? DEFAULT_RECEIPT_SETTINGS;
    const rated = await withVatRates(db, lines, receiptSettings.vat);
    const codes = await markCodesForLines(db, orderNumber);
    const before = await refundedBeforeHandOver(db, orderNumber);
    const receipt = buildSettlementReceipt(
      { ...order, lines: rated },
      receiptSettings,
      lines.map((l) => codes.get(l.id)),
      { units: lines.map((l) => before.units.get(l.id) ?? 0), delivery: before.delivery },
    );
    // Everything was refunded before it left: there is nothing to settle.
    if (receipt.items.length === 0) return { skipped: 'all refunded before the hand-over' };
    const amount = receipt.items.reduce((sum, i) => sum + i.amount, 0);
    const provider = order.paymentProvider ?? order.paymentId.split('-')[0] ?? 'unknown';
    await db
      .insert(settlementReceipts)
      .values({
        orderNumber,
        status: 'pending',
        provider,
        paymentId: order.paymentId,
        amount,
        receipt,
        createdAt: clock(),
      })
      .onConflictDoUpdate({
        target: settlementReceipts.orderNumber,
        set: { receipt, amount, status: 'pending' },
      });
    if (!payments.sendClosingReceipt) {
      await record(orderNumber, { status: 'unsupported' });
      return { done: 'unsupported by the provider' };
    }
    const attempts = (existing?.attempts ?? 0) + 1;
    try {
      const result = await payments.sendClosingReceipt(order.paymentId, receipt);
      await record(orderNumber, {
        status: result,
        attempts,
        lastError: null,
        ...(result === 'sent' ? { sentAt: clock() } : {}),
      });
      return { done: result === 'sent' ? `sent ${amount} kopecks` : 'unsupported by the provider' };
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await record(orderNumber, {
        status: job.attempts >= job.maxAttempts ? 'failed' : 'pending',
        attempts,
        lastError: reason,
      });
      return { retry: reason };
    }
  }

  return {
    handle,
    /** The order's settlement receipt as recorded, or null (not handed over, or nothing to settle). */
    async get(orderNumber: number): Promise<SettlementRow | null> {
      const [row] = await db
        .select()
        .from(settlementReceipts)
        .where(eq(settlementReceipts.orderNumber, orderNumber));
      return row ?? null;
    },
    /** Orders whose settlement receipt the shop cannot send through the provider: staff issue them. */
    async listUnsupported(limit = 100) {
      return db
        .select({
          orderNumber: settlementReceipts.orderNumber,
          amount: settlementReceipts.amount,
          provider: settlementReceipts.provider,
          createdAt: settlementReceipts.createdAt,
        })
        .from(settlementReceipts)
        .where(and(eq(settlementReceipts.status, 'unsupported')))
        .orderBy(desc(settlementReceipts.createdAt))
        .limit(limit);
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
