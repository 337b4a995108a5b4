import type { PaymentReceipt, ReceiptItem, ReceiptSettings } from '../providers/payments/payment-provider.ts';
import type { VatRate } from './receipt-settings.rules.ts';

/** What the receipt needs of an order; kopecks. */
export interface ReceiptOrder {
  email: string;
  phone: string;
  /** Goods to pay before the promo discount (zero for a try-on order: goods are paid on fitting). */
  goodsPayable: number;
  promoDiscount: number;
  deliveryPrice: number;
  /** `vatRate`: its product's rate (product, else category, core/orders/receipt-settings.rules.ts); absent = the shop's. */
  lines: { name: string; count: number; price: number; oldPrice: number | null; vatRate?: VatRate }[];
}

/** Taxation and VAT when the settings name none (a simplified-tax shop without VAT). */
export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = { taxation: 'usn_income', vat: 'none' };

const NAME_MAX = 128;

/**
 * What each order line was paid, after the discount (kopecks, in the order of `order.lines`): the
 * goods' discount is spread over the lines it applies to (the promo code's: lines without their own
 * old price) in proportion to their sums, the rounding kopecks on the last. The payment receipt shows
 * these amounts, and a return refunds its units by them (core/returns/returns.rules.ts).
 */
export function lineAmounts(order: ReceiptOrder): number[] {
  const sums = order.lines.map((l) => l.price * l.count);
  const goodsTotal = sums.reduce((a, b) => a + b, 0);
  const discount = Math.max(0, goodsTotal - Math.max(0, order.goodsPayable - order.promoDiscount));
  const promoLines = order.lines.map((l) => l.oldPrice === null);
  // The promo discount falls on its lines; any other difference (a try-on order pays no goods now)
  // on every line.
  const bears =
    order.promoDiscount === discount && promoLines.some(Boolean) ? promoLines : order.lines.map(() => true);
  const base = sums.reduce((a, s, i) => a + (bears[i] ? s : 0), 0);
  const cuts = sums.map((s, i) => (bears[i] && base > 0 ? Math.floor((discount * s) / base) : 0));
  let left = discount - cuts.reduce((a, b) => a + b, 0);
  for (let i = sums.length - 1; i >= 0 && left > 0; i--) {
    const room = bears[i] ? (sums[i] ?? 0) - (cuts[i] ?? 0) : 0;
    const more = Math.min(room, left);
    cuts[i] = (cuts[i] ?? 0) + more;
    left -= more;
  }
  return sums.map((s, i) => s - (cuts[i] ?? 0));
}

/**
 * The 54-FZ receipt of an online payment (DECISIONS 36, docs/product/receipts.md): one item per
 * order line at the price paid after the discount (`lineAmounts`) with its product's VAT rate,
 * delivery as its own item (a service) with the shop's rate, taxation from the settings. The money
 * is taken before the goods leave, so every item is a full prepayment. A line whose sum does not
 * divide by its count is split into two items, so every item's price times its quantity is its
 * amount and the amounts add up to the payment exactly.
 */
export function buildPaymentReceipt(order: ReceiptOrder, settings: ReceiptSettings): PaymentReceipt {
  const amounts = lineAmounts(order);
  const items: ReceiptItem[] = [];
  order.lines.forEach((line, i) => {
    const amount = amounts[i] ?? 0;
    if (amount <= 0) return;
    const name = line.name.slice(0, NAME_MAX);
    const vat = line.vatRate ?? settings.vat;
    const unit = Math.floor(amount / line.count);
    const rest = amount - unit * line.count;
    if (rest === 0) {
      items.push(item(name, unit, line.count, vat, 'commodity'));
    } else {
      if (line.count > 1) items.push(item(name, unit, line.count - 1, vat, 'commodity'));
      items.push(item(name, amount - unit * (line.count - 1), 1, vat, 'commodity'));
    }
  });
  if (order.deliveryPrice > 0) {
    items.push(item('Доставка', order.deliveryPrice, 1, settings.vat, 'service'));
  }
  return { email: order.email || undefined, phone: order.phone, taxation: settings.taxation, items };
}

function item(
  name: string,
  price: number,
  quantity: number,
  vat: VatRate,
  object: ReceiptItem['paymentObject'],
): ReceiptItem {
  return {
    name,
    price,
    quantity,
    amount: price * quantity,
    vat,
    paymentObject: object,
    paymentMethod: 'full_prepayment',
  };
}
