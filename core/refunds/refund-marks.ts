import type { Tx } from '../db/client.ts';
import { releaseMarkCodes } from '../marking/marking.service.ts';
import type { ReceiptItem } from '../providers/payments/payment-provider.ts';

/**
 * The mark codes a refund's receipt carries (FFD 1.2; docs/product/marking.md): the refunded units of
 * a marked line come back to the shop (a return, a partial refund after hand-over, units taken off
 * before it), so their codes are released inside the refund's transaction — free to be sold with
 * another order — the most recently scanned first. A refund of a settlement (`full_payment`, after
 * hand-over) names each released code in its own receipt item; a refund of a prepayment carries no
 * codes, as the prepayment receipt carried none. Returns, per order line id, the codes for
 * `planLinesRefund`'s `marks`.
 */
export async function releaseRefundedMarks(
  tx: Tx,
  orderNumber: number,
  refunded: readonly { orderLineId: number; units: number }[],
  at: Date,
  method: ReceiptItem['paymentMethod'],
): Promise<Map<number, string[]>> {
  const marks = new Map<number, string[]>();
  for (const r of refunded) {
    if (r.units <= 0) continue;
    const codes = await releaseMarkCodes(tx, orderNumber, r.orderLineId, r.units, at);
    if (codes.length > 0 && method === 'full_payment') {
      marks.set(r.orderLineId, [...(marks.get(r.orderLineId) ?? []), ...codes]);
    }
  }
  return marks;
}
