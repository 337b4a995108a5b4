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
  const items = paidLines(order, settings).flatMap(({ line, amount, name, vat }) =>
    evenItems(item, name, amount, line.count, vat),
  );
  if (order.deliveryPrice > 0) {
    items.push(item('Доставка', order.deliveryPrice, 1, settings.vat, 'service'));
  }
  return { email: order.email || undefined, phone: order.phone, taxation: settings.taxation, items };
}

/** The lines with something paid for: each with its index, amount after the discount, item name and VAT rate. */
export function paidLines(order: ReceiptOrder, settings: ReceiptSettings) {
  const amounts = lineAmounts(order);
  return order.lines.flatMap((line, i) => {
    const amount = amounts[i] ?? 0;
    if (amount <= 0) return [];
    return [{ line, i, amount, name: line.name.slice(0, NAME_MAX), vat: line.vatRate ?? settings.vat }];
  });
}

/** A receipt item maker for one payment method: the amount is always price times quantity. */
export const receiptItem =
  (method: ReceiptItem['paymentMethod']) =>
  (name: string, price: number, quantity: number, vat: VatRate, object: ReceiptItem['paymentObject']) =>
    ({
      name,
      price,
      quantity,
      amount: price * quantity,
      vat,
      paymentObject: object,
      paymentMethod: method,
    }) satisfies ReceiptItem;

/** The payment receipt's items (and its refunds'): the money is taken before the goods leave. */
const item = receiptItem('full_prepayment');

/**
 * `count` units of goods for `amount` as one item, or as two when the amount does not divide by
 * the count (the last unit carries the rest): every item's price times its quantity is its amount.
 */
export function evenItems(
  item: ReturnType<typeof receiptItem>,
  name: string,
  amount: number,
  count: number,
  vat: VatRate,
): ReceiptItem[] {
  const unit = Math.floor(amount / count);
  if (unit * count === amount) return [item(name, unit, count, vat, 'commodity')];
  return [
    ...(count > 1 ? [item(name, unit, count - 1, vat, 'commodity')] : []),
    item(name, amount - unit * (count - 1), 1, vat, 'commodity'),
  ];
}

/**
 * What `units` more of a line refund once `before` of its `count` units were refunded: the line's
 * paid amount (after the discount, as the receipt showed it) shared so that each unit is the
 * receipt's unit price and the last unit carries the rounding kopecks. Over all refunds of a line
 * they add up to its amount exactly.
 */
export function unitsRefund(amount: number, count: number, before: number, units: number): number {
  const value = (n: number) => (n >= count ? amount : n * Math.floor(amount / count));
  return value(Math.min(count, before + units)) - value(before);
}

/**
 * The refund receipt items of `units` of a line, after `before` refunded (price × quantity =
 * amount). `method`: `full_prepayment` while the goods have not left the shop (the refund undoes the
 * prepayment), `full_payment` once they were handed over (it undoes a settlement).
 */
export function refundItems(
  line: { name: string; amount: number; count: number; vatRate?: VatRate },
  before: number,
  units: number,
  settings: ReceiptSettings,
  method: ReceiptItem['paymentMethod'] = 'full_payment',
): ReceiptItem[] {
  const unit = Math.floor(line.amount / line.count);
  const name = line.name.slice(0, NAME_MAX);
  const one = (price: number, quantity: number): ReceiptItem => ({
    ...item(name, price, quantity, line.vatRate ?? settings.vat, 'commodity'),
    paymentMethod: method,
  });
  const last = before + units >= line.count;
  const lastUnit = line.amount - unit * (line.count - 1);
  if (!last || lastUnit === unit) return unit > 0 ? [one(unit, units)] : [];
  const items: ReceiptItem[] = [];
  if (units > 1 && unit > 0) items.push(one(unit, units - 1));
  if (lastUnit > 0) items.push(one(lastUnit, 1));
  return items;
}

/** The delivery's refund receipt item. */
export function deliveryRefundItem(
  amount: number,
  settings: ReceiptSettings,
  method: ReceiptItem['paymentMethod'] = 'full_payment',
): ReceiptItem {
  return { ...item('Доставка', amount, 1, settings.vat, 'service'), paymentMethod: method };
}

/** An order with its line ids, as a refund of some of its lines needs it. */
export type RefundOrder = Omit<ReceiptOrder, 'lines'> & {
  lines: (ReceiptOrder['lines'][number] & { id: number })[];
};

export interface LinesRefund {
  goods: number;
  delivery: number;
  /** Per order line id: units and kopecks refunded now. */
  lines: { orderLineId: number; quantity: number; amount: number }[];
  receipt: PaymentReceipt;
}

/**
 * The refund receipt items of `units` of a line after `before` refunded, the first of them carrying
 * `codes` (one unit each, FFD 1.2: quantity 1, `goods_with_marking_code`, the unit's mark code;
 * docs/product/marking.md), the units without a code as `refundItems` gives them. Each marked unit
 * is the receipt's unit price, the line's last unit its rounding kopecks, as in `unitsRefund`.
 */
export function markedRefundItems(
  line: { name: string; amount: number; count: number; vatRate?: VatRate },
  before: number,
  units: number,
  codes: readonly string[],
  settings: ReceiptSettings,
  method: ReceiptItem['paymentMethod'] = 'full_payment',
): ReceiptItem[] {
  const marks = codes.slice(0, units);
  const name = line.name.slice(0, NAME_MAX);
  const items: ReceiptItem[] = [];
  marks.forEach((code, k) => {
    const price = unitsRefund(line.amount, line.count, before + k, 1);
    if (price <= 0) return;
    items.push({
      ...item(name, price, 1, line.vatRate ?? settings.vat, 'goods_with_marking_code'),
      paymentMethod: method,
      markCode: code,
    });
  });
  const rest = units - marks.length;
  if (rest > 0) items.push(...refundItems(line, before + marks.length, rest, settings, method));
  return items;
}

/**
 * The refund of some units of an order's lines (a return, staff's partial refund, a removed line):
 * each unit at its share of what was paid for its line (the payment receipt's allocation, so the
 * refunds of a line add up to its amount), `delivery` kopecks of the delivery, and the 54-FZ refund
 * receipt of exactly those items. `refundedBefore` counts each line's units refunded earlier; more
 * units than are left of a line are not refunded. `marks`: per order line id, the mark codes of the
 * units refunded now (released as they come back, core/refunds/refund-marks.ts): each such unit is
 * its own receipt item carrying its code (`markedRefundItems`).
 */
export function planLinesRefund(
  order: RefundOrder,
  refundedBefore: ReadonlyMap<number, number>,
  now: readonly { orderLineId: number; units: number }[],
  settings: ReceiptSettings,
  delivery: number,
  method: ReceiptItem['paymentMethod'] = 'full_payment',
  marks: ReadonlyMap<number, readonly string[]> = new Map(),
): LinesRefund {
  const amounts = lineAmounts(order);
  const lines = new Map<number, { quantity: number; amount: number }>();
  const items: ReceiptItem[] = [];
  let goods = 0;
  const taken = new Map<number, number>();
  const marked = new Map<number, number>();
  for (const r of now) {
    const index = order.lines.findIndex((l) => l.id === r.orderLineId);
    const line = order.lines[index];
    if (!line || r.units <= 0) continue;
    const before = (refundedBefore.get(line.id) ?? 0) + (taken.get(line.id) ?? 0);
    const units = Math.min(r.units, line.count - before);
    if (units <= 0) continue;
    const amount = amounts[index] ?? 0;
    const sum = unitsRefund(amount, line.count, before, units);
    taken.set(line.id, (taken.get(line.id) ?? 0) + units);
    const was = lines.get(line.id) ?? { quantity: 0, amount: 0 };
    lines.set(line.id, { quantity: was.quantity + units, amount: was.amount + sum });
    goods += sum;
    const codes = marks.get(line.id) ?? [];
    // Codes not yet given to an earlier entry of the same line in `now`.
    const given = marked.get(line.id) ?? 0;
    const mine = codes.slice(given, given + units);
    marked.set(line.id, given + mine.length);
    items.push(
      ...markedRefundItems(
        { name: line.name, amount, count: line.count, ...(line.vatRate ? { vatRate: line.vatRate } : {}) },
        before,
        units,
        mine,
        settings,
        method,
      ),
    );
  }
  if (delivery > 0) items.push(deliveryRefundItem(delivery, settings, method));
  return {
    goods,
    delivery,
    lines: [...lines].map(([orderLineId, l]) => ({ orderLineId, ...l })),
    receipt: { email: order.email || undefined, phone: order.phone, taxation: settings.taxation, items },
  };
}
