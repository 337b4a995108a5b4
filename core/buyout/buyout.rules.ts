import type { BuyoutMode } from '../db/schema/buyouts.ts';
import type { OrderStatus } from '../orders/order.rules.ts';
import type { VatRate } from '../orders/receipt-settings.rules.ts';
import type { PaymentReceipt, ReceiptItem, ReceiptSettings } from '../providers/payments/payment-provider.ts';

/**
 * The try-on buyout (docs/product/try-on-buyout.md): what the buyer of a try-on order kept, what they
 * pay for it or get back, and which units return to stock. Pure: no I/O. Kopecks.
 */

/** Delivery methods whose buyer pays for the goods on delivery: try-on, and those the settings add. */
export function isBuyoutWay(deliveryMethod: string, payOnDeliveryWays: readonly string[]): boolean {
  return deliveryMethod === 'moscow-try' || payOnDeliveryWays.includes(deliveryMethod);
}

export type BuyoutRefusal = 'not_buyout_way' | 'not_with_courier';

/** Whether staff may record a buyout now: a pay-on-delivery order with the courier (`shipped`). */
export function buyoutRefusal(
  order: { deliveryMethod: string; status: OrderStatus },
  payOnDeliveryWays: readonly string[],
): BuyoutRefusal | null {
  if (!isBuyoutWay(order.deliveryMethod, payOnDeliveryWays)) return 'not_buyout_way';
  if (order.status !== 'shipped') return 'not_with_courier';
  return null;
}

export interface BuyoutLine {
  id: number;
  name: string;
  count: number;
  price: number;
  oldPrice: number | null;
  /** Units this line still holds from stock. */
  reserved: number;
  /** The receipt's VAT rate of its product (core/orders/receipt-settings.rules.ts); absent = the shop's. */
  vatRate?: VatRate;
}

export interface BuyoutOrder {
  email: string;
  phone: string;
  goodsTotal: number;
  /** Goods paid before delivery (zero on a try-on order: goods are paid at the fitting). */
  goodsPayable: number;
  promoDiscount: number;
  lines: BuyoutLine[];
}

/**
 * What each line's goods cost after the order's discount, as the order's own receipt spreads it
 * (core/orders/payment-receipt.rules.ts): the promo discount falls on the lines without their own
 * old price, in proportion to their sums, the rounding kopecks on the last such lines. The figures
 * add up to the goods total less the discount.
 */
export function lineNets(order: BuyoutOrder): number[] {
  const sums = order.lines.map((l) => l.price * l.count);
  const goodsTotal = sums.reduce((a, b) => a + b, 0);
  const discount = Math.min(goodsTotal, Math.max(0, order.promoDiscount));
  const promoLines = order.lines.map((l) => l.oldPrice === null);
  const bears = promoLines.some(Boolean) ? promoLines : order.lines.map(() => true);
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
 * A line of `count` units costing `net` in all is `count - 1` units at the whole-kopeck unit price and
 * one unit carrying the rest (the order's receipt splits it so). Kept units are the ones at the unit
 * price; keeping them all is the whole line.
 */
export function keptShare(net: number, count: number, kept: number): number {
  if (kept >= count) return net;
  return Math.floor(net / count) * kept;
}

export interface KeptInput {
  lineId: number;
  count: number;
}

export type KeptRefusal =
  | { kind: 'unknown_line'; lineId: number }
  | { kind: 'duplicate_line'; lineId: number }
  | { kind: 'too_many'; lineId: number; max: number };

/** Checks staff's list of kept units: known lines, each once, never more than the line holds. */
export function keptRefusal(lines: readonly BuyoutLine[], kept: readonly KeptInput[]): KeptRefusal | null {
  const seen = new Set<number>();
  for (const k of kept) {
    const line = lines.find((l) => l.id === k.lineId);
    if (!line) return { kind: 'unknown_line', lineId: k.lineId };
    if (seen.has(k.lineId)) return { kind: 'duplicate_line', lineId: k.lineId };
    seen.add(k.lineId);
    if (k.count < 0 || k.count > line.count || !Number.isInteger(k.count))
      return { kind: 'too_many', lineId: k.lineId, max: line.count };
  }
  return null;
}

export interface BuyoutLineOutcome {
  lineId: number;
  kept: number;
  returned: number;
  keptAmount: number;
  returnedAmount: number;
}

export interface BuyoutOutcome {
  /** `pay`: the buyer pays for the kept goods now; `refund`: goods paid ahead, the rest comes back; `none`: nothing to settle. */
  mode: BuyoutMode;
  lines: BuyoutLineOutcome[];
  keptAmount: number;
  returnedAmount: number;
  /** To pay (`pay`) or to refund (`refund`); zero for `none`. */
  amount: number;
}

/**
 * Settles a buyout: each line's kept and returned units and their share of what the line costs
 * after the discount (kept + returned = the line, to the kopeck). Delivery is not part of it: it is
 * paid in full at checkout and never refunded for goods handed back (the courier made the trip).
 * Goods paid ahead (`goodsPayable` > 0) are refunded for what is handed back; otherwise the buyer
 * pays for what they keep.
 */
export function settleBuyout(order: BuyoutOrder, kept: readonly KeptInput[]): BuyoutOutcome {
  const nets = lineNets(order);
  const lines = order.lines.map((line, i) => {
    const k = kept.find((x) => x.lineId === line.id)?.count ?? 0;
    const net = nets[i] ?? 0;
    const keptAmount = keptShare(net, line.count, k);
    return {
      lineId: line.id,
      kept: k,
      returned: line.count - k,
      keptAmount,
      returnedAmount: net - keptAmount,
    };
  });
  const keptAmount = lines.reduce((a, l) => a + l.keptAmount, 0);
  const returnedAmount = lines.reduce((a, l) => a + l.returnedAmount, 0);
  const prepaid = order.goodsPayable > 0;
  const amount = prepaid ? returnedAmount : keptAmount;
  const mode: BuyoutMode = amount === 0 ? 'none' : prepaid ? 'refund' : 'pay';
  return { mode, lines, keptAmount, returnedAmount, amount };
}

/**
 * Units a line gives back to the shelf when `returned` of its units come back: never more than it
 * still holds from stock (a pre-order unit beyond stock took none).
 */
export function unitsBackToStock(line: { reserved: number }, returned: number): number {
  return Math.max(0, Math.min(line.reserved, returned));
}

const NAME_MAX = 128;

function receiptItem(
  line: BuyoutLine,
  price: number,
  quantity: number,
  settings: ReceiptSettings,
): ReceiptItem {
  return {
    name: line.name.slice(0, NAME_MAX),
    price,
    quantity,
    amount: price * quantity,
    vat: line.vatRate ?? settings.vat,
    paymentObject: 'commodity',
    // The kept goods are handed over as they are paid: the settlement itself, not a prepayment.
    paymentMethod: 'full_payment',
  };
}

/**
 * The 54-FZ receipt (DECISIONS 36) of the buyout's payment (the kept lines) or of its refund (the
 * lines handed back): one item per line at the price paid after the discount, split as the order's
 * receipt splits it, so every item's price times its quantity is its amount and the items add up to
 * the buyout's amount exactly. No delivery item: delivery was paid at checkout.
 */
export function buyoutReceipt(
  order: BuyoutOrder,
  outcome: BuyoutOutcome,
  settings: ReceiptSettings,
): PaymentReceipt {
  const nets = lineNets(order);
  const items: ReceiptItem[] = [];
  order.lines.forEach((line, i) => {
    const o = outcome.lines[i];
    if (!o) return;
    const net = nets[i] ?? 0;
    const unit = Math.floor(net / line.count);
    const last = net - unit * (line.count - 1);
    if (outcome.mode === 'pay') {
      if (o.kept === 0 || o.keptAmount === 0) return;
      if (o.kept < line.count) items.push(receiptItem(line, unit, o.kept, settings));
      else pushWhole(items, line, unit, last, settings);
    } else if (outcome.mode === 'refund') {
      if (o.returned === 0 || o.returnedAmount === 0) return;
      // The kept units are the ones at the unit price: the returned ones include the last unit.
      if (last === unit) items.push(receiptItem(line, unit, o.returned, settings));
      else {
        if (o.returned > 1 && unit > 0) items.push(receiptItem(line, unit, o.returned - 1, settings));
        if (last > 0) items.push(receiptItem(line, last, 1, settings));
      }
    }
  });
  return { email: order.email || undefined, phone: order.phone, taxation: settings.taxation, items };
}

function pushWhole(
  items: ReceiptItem[],
  line: BuyoutLine,
  unit: number,
  last: number,
  settings: ReceiptSettings,
) {
  if (last === unit) {
    if (unit > 0) items.push(receiptItem(line, unit, line.count, settings));
    return;
  }
  if (line.count > 1 && unit > 0) items.push(receiptItem(line, unit, line.count - 1, settings));
  if (last > 0) items.push(receiptItem(line, last, 1, settings));
}
