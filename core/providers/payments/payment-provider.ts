import type { taxationSystems, vatRates } from '../../content/settings.schemas.ts';

/**
 * Payments (DECISIONS 4, 12): the shop starts a payment session and learns its outcome only from a
 * verified notification. The sandbox serves its own payment page; real adapters (T-Bank, Dolyame,
 * Yandex Pay, integrations.md §3–§6) come behind the same interface. Money in kopecks.
 */

/** The largest order number the database holds (a PostgreSQL `integer`). */
export const MAX_ORDER_NUMBER = 2_147_483_647;

/**
 * The order number a provider's text names (its OrderId, its path), or null when it is not one the
 * shop could have sent: digits only, within the database's range, so a verified notice naming a
 * huge number is refused instead of failing in the database.
 */
export function orderNumberOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_ORDER_NUMBER ? n : null;
}

/** `sbp`: the Faster Payments System (a QR or the bank app's link, docs/decisions/0036-sbp-and-two-stage-payments.md). */
export type PaymentKind = 'card' | 'sbp' | 'split' | 'instalment' | 'bnpl' | 'phone';

export interface StartPaymentInput {
  orderNumber: number;
  kind: PaymentKind;
  /** Kopecks to pay. */
  amount: number;
  lines: { name: string; count: number; price: number }[];
  /** Instalment term, months. */
  months?: number;
  /** Where the shopper returns: `/?success=true&orderID=N` and `/?success=false&orderID=N`. */
  successUrl: string;
  failUrl: string;
  /** The shopper's language on the provider's page. */
  locale?: 'ru' | 'en';
  /** The 54-FZ receipt (DECISIONS 36); items add up to `amount`. The sandbox ignores it. */
  receipt?: PaymentReceipt;
  /**
   * Card payments: hold the money when paid and take it on `capturePayment` (two-stage,
   * docs/decisions/0036-sbp-and-two-stage-payments.md). A provider that cannot hold takes it at once
   * and says so by leaving the session's `twoStage` unset.
   */
  twoStage?: boolean;
}

/** Taxation system and VAT rate of the shop's receipts (settings `main.receipt`), T-Bank's names. */
export interface ReceiptSettings {
  taxation: (typeof taxationSystems)[number];
  vat: (typeof vatRates)[number];
}

/** One receipt line; kopecks, `price * quantity === amount`. */
export interface ReceiptItem {
  name: string;
  price: number;
  quantity: number;
  amount: number;
  vat: ReceiptSettings['vat'];
  /**
   * Goods, or a service (delivery); `goods_with_marking_code` (FFD 1.2 tag 1212, value 33) for a
   * marked unit whose `markCode` the item carries (docs/product/marking.md).
   */
  paymentObject: 'commodity' | 'service' | 'goods_with_marking_code';
  /**
   * FFD 1.2 tag 1214: `full_prepayment` when the money is taken before the goods leave (an online
   * payment at checkout), `full_payment` when they are handed over as it is paid (a try-on buyout)
   * or settled at hand-over against the prepayment (the settlement receipt).
   */
  paymentMethod: 'full_prepayment' | 'full_payment';
  /**
   * The unit's mark code (FFD 1.2 tag 2000, as read from its DataMatrix, GS as U+001D): the item is
   * then one unit, quantity 1.
   */
  markCode?: string;
}

/** A fiscal receipt of a payment or of its refund (DECISIONS 36). */
export interface PaymentReceipt {
  email?: string;
  phone?: string;
  taxation: ReceiptSettings['taxation'];
  items: ReceiptItem[];
  /**
   * How it was paid, when not all by card now: the settlement receipt sets off the prepayment
   * (`advancePayment`, FFD tag 1215, kopecks) and takes no new money.
   */
  payments?: { electronic: number; advancePayment: number };
}

export interface PaymentSession {
  /** The provider's payment id, unique. */
  paymentId: string;
  /** The page the shopper pays on; for `sbp`, the payment's SBP link (shown as a QR, opened on a phone). */
  url: string;
  /** The provider that opened it, when one of several is behind the interface (core/payments/payment-router.ts). */
  provider?: string;
  /** The money will be held when paid and taken by `capturePayment` (the input asked for it and the provider can). */
  twoStage?: true;
}

/** A provider's notification after the signature check. */
export interface PaymentNotice {
  /** Unique per notification: a replay carries the same id. */
  notificationId: string;
  paymentId: string;
  orderNumber: number;
  /**
   * `refunded`: the provider reports money of this payment given back (T-Bank's REFUNDED and
   * PARTIAL_REFUNDED), which the shop records unless it is a refund of its own (core/refunds/).
   */
  outcome: 'paid' | 'declined' | 'refunded';
  /** Kopecks the provider confirms. */
  amount: number;
  /** With `refunded`: the whole payment is refunded now (`amount` is then not the refund's). */
  refundedWhole?: boolean;
  /**
   * The money is held, not yet taken (T-Bank's AUTHORIZED): it pays a two-stage payment only; for a
   * one-stage payment it is a step on the way and changes nothing.
   */
  held?: true;
}

/**
 * A provider's notification as it reached the shop's one route `/api/payment/notify/:provider`
 * (docs/decisions/0045-payment-protocol-rules.md).
 */
export interface NotificationInput {
  /**
   * The address: `provider` is the name in it (a router of several providers hands the call to the
   * provider of that name), `path` the rest after it without slashes at its ends (`''`; Dolyame's and
   * Forma's order number; Yandex's `v1/webhook`).
   */
  params: { provider: string; path: string };
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came (JSON text, a compact JWT); signatures are checked on it. */
  rawBody: string;
  /**
   * The payment id the shop holds for an order, null for none (Dolyame's and Forma's notices name
   * only the order; Forma's id also carries the amount applied).
   */
  paymentIdOf: (orderNumber: number) => Promise<string | null>;
}

/** The answer the provider expects (T-Bank: `OK`; Yandex Pay: its JSON), sent once the notice is applied. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** What the shop made of a verified notice (core/orders/payment-notices.service.ts). */
export type NoticeOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * What a notification proved: `accepted` with the verified notice to apply once (null when it
 * carries nothing to apply yet) and its reply given what the shop made of it (null: nothing to
 * apply); or `refused` (a wrong signature; an address or id naming no order the shop could have
 * sent), which changes nothing, with its reply.
 */
export type NotificationResult =
  | {
      status: 'accepted';
      notice: PaymentNotice | null;
      reply: (outcome: NoticeOutcome | null) => NotificationReply;
    }
  | { status: 'refused'; reason: 'unverified' | 'malformed'; reply: NotificationReply };

/** A JSON reply. */
export function jsonReply(status: number, body: unknown): NotificationReply {
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}

/**
 * The body as JSON, or undefined when it is not JSON (a refusal, never an exception): an object
 * only, as every provider's notification is.
 */
export function jsonBodyOf(rawBody: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A refund's outcome. Expected refusals are results, not exceptions: the payment is unknown, it was
 * never paid, or the amount is above what was paid and not yet refunded.
 */
export type RefundResult =
  | { status: 'succeeded'; refundId: string }
  | { status: 'refused'; reason: 'unknown_payment' | 'not_paid' | 'amount_exceeds_payment' };

export interface PaymentProvider {
  readonly name: string;
  /** The kinds of payment it takes; absent = every kind (the sandbox). */
  readonly kinds?: readonly PaymentKind[];
  /** The providers behind it, when it routes kinds to several (their payments' `paymentProvider`). */
  readonly names?: readonly string[];
  startPayment(input: StartPaymentInput): Promise<PaymentSession>;
  /**
   * Closes an unpaid session when its order expires, so its page can no longer pay. A session
   * already paid or declined stays as it is (its notification may still be on its way).
   */
  expirePayment(paymentId: string): Promise<void>;
  /**
   * Returns `amountKopecks` of a paid payment to the payer (with the refund receipt, DECISIONS 36).
   * A retry with the same `idempotencyKey` returns the first answer and never refunds twice. Throws
   * only when the provider cannot be reached; the caller may retry with the same key.
   */
  refund(
    paymentId: string,
    amountKopecks: number,
    idempotencyKey: string,
    receipt?: PaymentReceipt,
  ): Promise<RefundResult>;
  /**
   * Asks the provider for a payment's state, for orders whose notification never came: the notice
   * the provider would have sent (same `notificationId`, so a late notification is a duplicate), or
   * null while the payment is still open. Absent where the provider has no such call.
   */
  getPaymentState?(paymentId: string): Promise<PaymentNotice | null>;
  /**
   * Takes the money held for a paid order when its parcel goes to the carrier (two-stage methods:
   * Dolyame's commit, T-Bank's Confirm with the final receipt); a payment already final is left as it
   * is. Throws when the provider refuses or cannot be reached. Absent where a payment is final when paid.
   */
  capturePayment?(paymentId: string, amountKopecks: number, receipt?: PaymentReceipt): Promise<void>;
  /**
   * Sends the settlement receipt of a prepaid payment (T-Bank's SendClosingReceipt): the goods were
   * handed over, the prepayment is set off (docs/product/receipts.md). `sent` when the provider took
   * it, `unsupported` when this payment's provider sends no such receipt (staff issue it by other
   * means). Throws when the provider refuses or cannot be reached; the caller retries. Absent where
   * the provider has no such call.
   */
  sendClosingReceipt?(paymentId: string, receipt: PaymentReceipt): Promise<'sent' | 'unsupported'>;
  /**
   * A notification sent to `/api/payment/notify/<name>[/<path>]`: its signature checked (or, where
   * the provider documents none, the payment read back), its notice returned for the shop to apply
   * once, and the reply the provider's protocol expects. Throws only when the provider cannot be
   * reached to read the payment back: the shop answers an error and the provider sends it again.
   */
  handleNotification(input: NotificationInput): Promise<NotificationResult>;
}
