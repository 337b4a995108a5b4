/**
 * Returns and size exchanges (docs/product/returns.md, docs/decisions/0033-returns-and-exchanges.md):
 * the return window, what of an order may still be returned, and the refund of returned units, sums
 * to the kopeck as the payment's receipt showed them. Pure: no I/O.
 */
import { planLinesRefund, type ReceiptOrder } from '../orders/payment-receipt.rules.ts';
import type { PaymentReceipt, ReceiptSettings } from '../providers/payments/payment-provider.ts';

export const returnStatuses = ['requested', 'received', 'closed', 'cancelled'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/**
 * A return's states and their transitions, one declared table (as orders have): the shopper's
 * request awaits its parcel (`requested`), which staff receive (`received`) and decide (`closed`);
 * a parcel that never came is cancelled. A closed or cancelled return changes no more.
 */
const returnTransitions: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['received', 'cancelled'],
  received: ['closed'],
  closed: [],
  cancelled: [],
};

export function canReturnTransition(from: ReturnStatus, to: ReturnStatus): boolean {
  return returnTransitions[from].includes(to);
}

/** How the parcel comes back: a carrier's pickup point, a carrier's courier, or the showroom. */
export const returnMethods = ['pickup_point', 'courier', 'showroom'] as const;
export type ReturnMethod = (typeof returnMethods)[number];

export const returnReasons = ['size', 'not_as_described', 'defect', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** Staff's decision on a line: back to stock, to the defective count (both refunded or exchanged), refused. */
export const returnLineDecisions = ['pending', 'accepted', 'defective', 'refused'] as const;
export type ReturnLineDecision = (typeof returnLineDecisions)[number];

export type ReturnRefundStatus = 'none' | 'started' | 'succeeded' | 'failed' | 'manual' | 'nothing';

/** The shop's return settings (`main.returns`); absent = these. */
export interface ReturnSettings {
  /** Days after receipt a return may be asked; the law's minimum for distance selling is 7. */
  windowDays: number;
  /** Who pays the parcel's way back: the shop also refunds the delivery when the whole order returns. */
  deliveryPaidBy: 'shop' | 'buyer';
  /** An exchange's new size is sent when the return is received, or at once. */
  exchangeShips: 'on_receipt' | 'at_once';
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 14,
  deliveryPaidBy: 'buyer',
  exchangeShips: 'on_receipt',
};

/** The law's minimum for distance selling (ЗоЗПП art. 26.1): 7 days after receipt. */
export const MIN_RETURN_WINDOW_DAYS = 7;

const DAY = 86_400_000;
const MOSCOW = 3 * 3_600_000;

/**
 * The last instant a return may be asked: the end of the `windowDays`-th Moscow calendar day after
 * the day of receipt (DECISIONS 15: dates are Moscow's). Received on 1 March with 7 days: until the
 * end of 8 March.
 */
export function returnDeadline(deliveredAt: Date, windowDays: number): Date {
  const moscowDayStart = Math.floor((deliveredAt.getTime() + MOSCOW) / DAY) * DAY - MOSCOW;
  return new Date(moscowDayStart + (windowDays + 1) * DAY - 1);
}

export function withinWindow(deliveredAt: Date | null, windowDays: number, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= returnDeadline(deliveredAt, windowDays).getTime();
}

/** Units of an order line still returnable: its count less those in returns not cancelled. */
export function returnableUnits(count: number, inReturns: number): number {
  return Math.max(0, count - inReturns);
}

export { refundItems, unitsRefund } from '../orders/payment-receipt.rules.ts';

export interface RefundLineInput {
  orderLineId: number;
  /** Units refunded now (accepted, not exchanged). */
  units: number;
}

/** An order as the refund needs it: the receipt's figures, its lines with their ids. */
export type ReturnOrder = Omit<ReceiptOrder, 'lines'> & {
  lines: (ReceiptOrder['lines'][number] & { id: number })[];
};

export interface RefundPlan {
  goods: number;
  delivery: number;
  /** Kopecks per order line id. */
  perLine: Map<number, number>;
  /** Per order line: units and kopecks refunded now. */
  lines: { orderLineId: number; quantity: number; amount: number }[];
  receipt: PaymentReceipt;
}

/**
 * The refund of a decided return: each accepted unit at its share of what was paid for its line (the
 * payment receipt's allocation of the promo discount), the delivery too when the shop pays the way
 * back and, with this return, every unit of the order has come back. `refundedBefore` counts units of
 * each line already refunded by earlier returns. `marks`: the codes of the units coming back, per
 * order line id, each named in its own receipt item (core/refunds/refund-marks.ts).
 */
export function planRefund(
  order: ReturnOrder,
  refundedBefore: ReadonlyMap<number, number>,
  now: readonly RefundLineInput[],
  settings: ReceiptSettings,
  deliveryPaidBy: ReturnSettings['deliveryPaidBy'],
  deliveryRefundedBefore: number,
  marks: ReadonlyMap<number, readonly string[]> = new Map(),
): RefundPlan {
  const allBack = order.lines.every((l) => {
    const back =
      (refundedBefore.get(l.id) ?? 0) +
      now.filter((r) => r.orderLineId === l.id).reduce((a, r) => a + r.units, 0);
    return back >= l.count;
  });
  const goodsOnly = planLinesRefund(order, refundedBefore, now, settings, 0, 'full_payment', marks);
  const delivery =
    deliveryPaidBy === 'shop' && allBack && goodsOnly.goods > 0
      ? Math.max(0, order.deliveryPrice - deliveryRefundedBefore)
      : 0;
  const plan =
    delivery > 0
      ? planLinesRefund(order, refundedBefore, now, settings, delivery, 'full_payment', marks)
      : goodsOnly;
  return {
    goods: plan.goods,
    delivery,
    perLine: new Map(plan.lines.map((l) => [l.orderLineId, l.amount])),
    lines: plan.lines,
    receipt: plan.receipt,
  };
}

/** The shopper-facing return number, `R5001`. */
export function returnLabel(number: number): string {
  return `R${number}`;
}

const carrierNames: Record<string, { ru: string; en: string }> = {
  sdek: { ru: 'СДЭК', en: 'CDEK' },
  boxberry: { ru: 'Boxberry', en: 'Boxberry' },
};

/** What the shopper does next, in their language: where the parcel goes and what to name. */
export function returnInstructions(
  locale: 'ru' | 'en',
  r: { label: string; method: ReturnMethod; carrier: string | null; code: string | null; showroom: string },
): string {
  const en = locale === 'en';
  const carrier = r.carrier ? (carrierNames[r.carrier]?.[locale] ?? r.carrier) : '';
  const pack = en
    ? `Pack the items with their tags and write ${r.label} on the parcel.`
    : `Упакуйте вещи с бирками и напишите на посылке ${r.label}.`;
  if (r.method === 'showroom') {
    return en
      ? `${pack} Bring it to the showroom${r.showroom ? ` (${r.showroom})` : ''} and name the return number.`
      : `${pack} Принесите её в шоурум${r.showroom ? ` (${r.showroom})` : ''} и назовите номер возврата.`;
  }
  const code = r.code
    ? en
      ? ` Give the ${carrier} code ${r.code}.`
      : ` Назовите код ${carrier} ${r.code}.`
    : en
      ? ` We will send the ${carrier} return code by e-mail shortly.`
      : ` Код возврата ${carrier} пришлём письмом в ближайшее время.`;
  if (r.method === 'courier') {
    return en
      ? `${pack} A ${carrier} courier will call to collect it.${code}`
      : `${pack} Курьер ${carrier} позвонит, чтобы забрать её.${code}`;
  }
  return en
    ? `${pack} Hand it in at any ${carrier} pickup point.${code}`
    : `${pack} Сдайте её в любом пункте ${carrier}.${code}`;
}
