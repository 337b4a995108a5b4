import type { PaymentReceipt, ReceiptItem, ReceiptSettings } from '../providers/payments/payment-provider.ts';
import {
  evenItems,
  paidLines,
  type ReceiptOrder,
  receiptItem,
  unitsRefund,
} from './payment-receipt.rules.ts';

/**
 * The settlement receipt of a prepaid order (54-FZ, FFD 1.2; docs/product/receipts.md): when the
 * goods are handed over, the prepayment taken at checkout is set off. Every item says
 * `full_payment`; the receipt takes no new money (`payments`: the whole sum as `advancePayment`,
 * nothing electronic). Items are the payment receipt's (each line at the price paid after the
 * discount, with its VAT rate; delivery a service at the shop's rate), except that a marked line
 * becomes one item per unit, quantity 1, carrying that unit's mark code (docs/product/marking.md):
 * `codes[i]` are the codes of `order.lines[i]`. The line's amount is spread over its units, the
 * rounding kopecks on the last, so the items add up to the payment exactly.
 *
 * What was refunded before the hand-over (`refunded`: a removed line, a partial refund of the
 * prepayment) does not leave and is not settled: `refunded.units[i]` units of `order.lines[i]` are
 * left out, at the amounts their refund took (`unitsRefund`: the first units at the unit price),
 * and `refunded.delivery` kopecks of the delivery; the prepayment set off is then what is still held.
 */
export function buildSettlementReceipt(
  order: ReceiptOrder,
  settings: ReceiptSettings,
  codes: readonly (readonly string[] | undefined)[],
  refunded: { units: readonly number[]; delivery: number } = { units: [], delivery: 0 },
): PaymentReceipt {
  const items: ReceiptItem[] = [];
  for (const { line, i, amount, name, vat } of paidLines(order, settings)) {
    const gone = Math.min(line.count, refunded.units[i] ?? 0);
    const left = line.count - gone;
    if (left <= 0) continue;
    const unitPrice = (k: number) => unitsRefund(amount, line.count, gone + k, 1);
    const marks = (codes[i] ?? []).slice(0, left);
    marks.forEach((code, k) => {
      items.push({ ...item(name, unitPrice(k), 1, vat, 'goods_with_marking_code'), markCode: code });
    });
    // Units without a code (goods not marked): as in the payment receipt, one item, or two when the
    // amount does not divide.
    const rest = left - marks.length;
    if (rest === 0) continue;
    const restAmount =
      amount - unitsRefund(amount, line.count, 0, gone) - marks.reduce((a, _c, k) => a + unitPrice(k), 0);
    items.push(...evenItems(item, name, restAmount, rest, vat));
  }
  const delivery = order.deliveryPrice - Math.min(order.deliveryPrice, refunded.delivery);
  if (delivery > 0) {
    items.push(item('Доставка', delivery, 1, settings.vat, 'service'));
  }
  const total = items.reduce((sum, i) => sum + i.amount, 0);
  return {
    email: order.email || undefined,
    phone: order.phone,
    taxation: settings.taxation,
    items,
    payments: { electronic: 0, advancePayment: total },
  };
}

const item = receiptItem('full_payment');
