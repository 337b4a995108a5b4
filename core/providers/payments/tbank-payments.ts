import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type {
  NotificationResult,
  PaymentNotice,
  PaymentProvider,
  PaymentReceipt,
  PaymentSession,
  RefundResult,
  StartPaymentInput,
} from './payment-provider.ts';
import { jsonBodyOf, jsonReply, orderNumberOf } from './payment-provider.ts';

/** T-Bank's production API (integrations.md §3). */
export const TBANK_PRODUCTION_URL = 'https://securepay.tinkoff.ru/v2';

export interface TbankOptions {
  terminalKey: string;
  password: string;
  /** `https://securepay.tinkoff.ru/v2` or a test environment; no trailing slash needed. */
  apiUrl: string;
  /** The shop's public origin: return addresses and the notification URL are absolute. */
  publicUrl: string;
  /** A request is abandoned after this many milliseconds (the registry's guard answers sooner). */
  requestTimeoutMs?: number;
}

type Scalar = string | number | boolean;

/**
 * The documented token (integrations.md §3): the root-level scalar values (nested objects such as
 * `Receipt` and `DATA`, and `Token` itself, left out) with `Password` added, ordered by key,
 * concatenated (booleans as `true`/`false`), SHA-256 in lowercase hex.
 */
export function tbankToken(fields: Record<string, unknown>, password: string): string {
  const pairs: [string, Scalar][] = [['Password', password]];
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'Token' || key === 'Password') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      pairs.push([key, value]);
    }
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, v]) => String(v)).join(''), 'utf8')
    .digest('hex');
}

/** Paid: CONFIRMED (one-stage payments, PayType O, and two-stage ones once confirmed). */
const PAID = new Set(['CONFIRMED']);
/** The money held, awaiting Confirm: paid for a two-stage payment (PayType T). */
const HELD = 'AUTHORIZED';
/** Final without money: the shopper's page closed or the bank refused. */
const DECLINED = new Set(['REJECTED', 'AUTH_FAIL', 'CANCELED', 'DEADLINE_EXPIRED']);
/** States in which a refund is possible (a held payment's is a reversal of the hold). */
const REFUNDABLE = new Set(['CONFIRMED', 'PARTIAL_REFUNDED', 'AUTHORIZED', 'PARTIAL_REVERSED']);

const answerSchema = z.object({
  Success: z.boolean(),
  ErrorCode: z.string(),
  Message: z.string().optional(),
  Details: z.string().optional(),
});
const initAnswerSchema = answerSchema.extend({
  PaymentId: z.union([z.string(), z.number()]).optional(),
  PaymentURL: z.string().url().optional(),
});
const stateAnswerSchema = answerSchema.extend({
  Status: z.string().optional(),
  PaymentId: z.union([z.string(), z.number()]).optional(),
  OrderId: z.string().optional(),
  Amount: z.number().int().optional(),
});
/** GetQr's answer: `Data` is the SBP link (DataType PAYLOAD), an https address of the NSPK. */
const qrAnswerSchema = answerSchema.extend({
  PaymentId: z.union([z.string(), z.number()]).optional(),
  Data: z.string().url().max(2000).optional(),
});
const cancelAnswerSchema = answerSchema.extend({
  Status: z.string().optional(),
  PaymentId: z.union([z.string(), z.number()]).optional(),
});

/**
 * The OrderId of one payment attempt: the order number and a suffix of its own, so each Init names an
 * id the terminal has not seen (terminals that insist on unique ids refuse a second Init of the same
 * order: a start the shopper retries, a buyout's new link). At most 36 characters (OpenAPI `Init`).
 */
export function tbankOrderId(orderNumber: number, attempt = randomBytes(5).toString('hex')): string {
  return `${orderNumber}-${attempt}`;
}

/** The order number an OrderId names (`<number>-<attempt>`, or the bare number of older payments). */
export function orderNumberOfTbank(orderId: string): number | null {
  const match = /^(\d{1,20})(?:-[0-9a-z]{1,20})?$/.exec(orderId);
  return match?.[1] ? orderNumberOf(match[1]) : null;
}

/** The notification body (OpenAPI `NotificationPayment`), parsed only after the token check. */
const notificationSchema = z.object({
  TerminalKey: z.string(),
  OrderId: z.string().max(36),
  Success: z.boolean(),
  Status: z.string().min(1).max(40),
  PaymentId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  ErrorCode: z.string(),
  Amount: z.number().int().nonnegative(),
  Token: z.string(),
});

/**
 * What a notification proved: a wrong token is not verified; a verified one may carry nothing to
 * apply, or name no order the shop could have sent (`malformed`: refused, never applied).
 */
export type TbankNotificationCheck =
  | { verified: false }
  | { verified: true; notice: PaymentNotice | null; malformed?: true };

/**
 * T-Bank internet acquiring (MAPI v2, integrations.md §3) for card payments: Init with the 54-FZ
 * receipt, the bank's payment page, notifications verified by the documented token, GetState for
 * notices that never came, and Cancel for refunds with their refund receipt
 * (docs/decisions/0020-tbank-card-payments.md). SBP payments are the same Init followed by GetQr,
 * whose SBP link the checkout shows as a QR or opens on a phone; their notifications, polling and
 * refunds are the cards' (docs/decisions/0036-sbp-and-two-stage-payments.md).
 */
export function createTbankPayments(options: TbankOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 10_000;

  async function call<S extends z.ZodType>(method: string, body: Record<string, unknown>, schema: S) {
    const payload = { TerminalKey: options.terminalKey, ...body };
    const signed = { ...payload, Token: tbankToken(payload, options.password) };
    const response = await fetch(`${base}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`T-Bank ${method} answered HTTP ${response.status}`);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`T-Bank ${method} answered an unexpected body`);
    return parsed.data as z.infer<S>;
  }

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  function noticeOf(
    paymentId: string,
    orderNumber: number,
    status: string,
    amount: number,
  ): PaymentNotice | null {
    const held = status === HELD;
    // A refund made in the bank's cabinet (or the shop's own, which the shop tells apart).
    if (status === 'REFUNDED' || status === 'PARTIAL_REFUNDED') {
      return {
        notificationId: `tbank-${paymentId}-${status}-${amount}`,
        paymentId: `tbank-${paymentId}`,
        orderNumber,
        outcome: 'refunded',
        amount,
        ...(status === 'REFUNDED' ? { refundedWhole: true } : {}),
      };
    }
    const outcome = PAID.has(status) || held ? 'paid' : DECLINED.has(status) ? 'declined' : null;
    if (!outcome) return null;
    return {
      ...(held ? { held: true as const } : {}),
      // The same id for the notification and the polled state: whichever comes second is a duplicate.
      notificationId: `tbank-${paymentId}-${status}`,
      paymentId: `tbank-${paymentId}`,
      orderNumber,
      outcome,
      amount,
    };
  }

  function bankId(paymentId: string): string | null {
    return /^tbank-\d{1,20}$/.test(paymentId) ? paymentId.slice('tbank-'.length) : null;
  }

  /** The documented notification check; the body is parsed only after the token matches. */
  function checkNotification(body: unknown): TbankNotificationCheck {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { verified: false };
    const fields = body as Record<string, unknown>;
    if (typeof fields.Token !== 'string' || !/^[0-9a-f]{64}$/.test(fields.Token)) return { verified: false };
    const expected = Buffer.from(tbankToken(fields, options.password), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(fields.Token, 'hex'))) return { verified: false };
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success || parsed.data.TerminalKey !== options.terminalKey) return { verified: false };
    const n = parsed.data;
    const orderNumber = orderNumberOfTbank(n.OrderId);
    if (orderNumber === null) return { verified: true, notice: null, malformed: true };
    // A failed attempt is not a decline while the payment is open (Success false on a final state is).
    return { verified: true, notice: noticeOf(String(n.PaymentId), orderNumber, n.Status, n.Amount) };
  }

  const provider: PaymentProvider = {
    name: 'tbank',
    kinds: ['card', 'sbp'],
    async startPayment(input: StartPaymentInput): Promise<PaymentSession> {
      if (input.kind !== 'card' && input.kind !== 'sbp') {
        throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
      }
      const answer = await call(
        'Init',
        {
          Amount: input.amount,
          OrderId: tbankOrderId(input.orderNumber),
          Description: `Заказ №${input.orderNumber}`.slice(0, 140),
          // Two-stage (PayType T) for cards where the shop asks: the money is held until Confirm.
          PayType: input.twoStage && input.kind === 'card' ? 'T' : 'O',
          Language: input.locale === 'en' ? 'en' : 'ru',
          NotificationURL: `${origin}/api/payment/notify/tbank`,
          SuccessURL: absolute(input.successUrl),
          FailURL: absolute(input.failUrl),
          ...(input.receipt ? { Receipt: receiptBody(input.receipt) } : {}),
        },
        initAnswerSchema,
      );
      if (!answer.Success || answer.PaymentId === undefined || !answer.PaymentURL) {
        throw new Error(`T-Bank Init refused: ${answer.ErrorCode} ${answer.Message ?? ''}`.trim());
      }
      if (input.kind === 'card') {
        return {
          paymentId: `tbank-${answer.PaymentId}`,
          url: answer.PaymentURL,
          ...(input.twoStage ? { twoStage: true as const } : {}),
        };
      }
      // SBP: the payment's QR as its link (DataType PAYLOAD); the checkout draws the QR itself.
      const qr = await call(
        'GetQr',
        { PaymentId: String(answer.PaymentId), DataType: 'PAYLOAD' },
        qrAnswerSchema,
      );
      if (!qr.Success || !qr.Data) {
        // The payment without its QR cannot be paid: closed at once (best effort), so a new start is clean.
        await call('Cancel', { PaymentId: String(answer.PaymentId) }, cancelAnswerSchema).catch(() => null);
        throw new AppError(
          'unavailable',
          { key: 'payment.sbp_unavailable' },
          {
            cause: new Error(`T-Bank GetQr refused: ${qr.ErrorCode} ${qr.Message ?? ''}`.trim()),
          },
        );
      }
      return { paymentId: `tbank-${answer.PaymentId}`, url: qr.Data };
    },
    /** Cancels an open payment so its page can no longer pay; a paid or closed one stays as it is. */
    async expirePayment(paymentId: string): Promise<void> {
      const id = bankId(paymentId);
      if (!id) return;
      try {
        const state = await call('GetState', { PaymentId: id }, stateAnswerSchema);
        if (!state.Success || !state.Status || PAID.has(state.Status) || DECLINED.has(state.Status)) return;
        if (['AUTHORIZED', 'REFUNDED', 'PARTIAL_REFUNDED', 'REVERSED'].includes(state.Status)) return;
        await call('Cancel', { PaymentId: id }, cancelAnswerSchema);
      } catch {
        // Best effort: a payment that still goes through is recorded for a refund (orders.service).
      }
    },
    /**
     * Cancel with the amount and its refund receipt; `ExternalRequestId` carries the idempotency key,
     * so a retry answers the first refund. The payment's state is read first: unknown, not paid, or
     * (the bank refusing the amount) more than is left.
     */
    async refund(paymentId, amountKopecks, idempotencyKey, receipt): Promise<RefundResult> {
      const id = bankId(paymentId);
      if (!id) return { status: 'refused', reason: 'unknown_payment' };
      if (!Number.isInteger(amountKopecks) || amountKopecks <= 0) {
        return { status: 'refused', reason: 'amount_exceeds_payment' };
      }
      // Cancel on an open payment would close it rather than refund: only a paid one (or a retry of a
      // refund already made) goes to Cancel.
      const before = await call('GetState', { PaymentId: id }, stateAnswerSchema);
      if (!before.Success || !before.Status) return { status: 'refused', reason: 'unknown_payment' };
      if (!REFUNDABLE.has(before.Status) && before.Status !== 'REFUNDED' && before.Status !== 'REVERSED') {
        return { status: 'refused', reason: 'not_paid' };
      }
      const answer = await call(
        'Cancel',
        {
          PaymentId: id,
          Amount: amountKopecks,
          ExternalRequestId: idempotencyKey,
          ...(receipt ? { Receipt: receiptBody(receipt) } : {}),
        },
        cancelAnswerSchema,
      );
      if (answer.Success) return { status: 'succeeded', refundId: `tbank-refund-${id}-${idempotencyKey}` };
      return { status: 'refused', reason: 'amount_exceeds_payment' };
    },
    /**
     * Confirm of a held (two-stage) payment with the final amount and receipt
     * (docs/decisions/0036-sbp-and-two-stage-payments.md); a payment already confirmed (one-stage, or
     * confirmed before) is left as it is. Anything else is an error for the staff to see.
     */
    async capturePayment(paymentId, amountKopecks, receipt): Promise<void> {
      const id = bankId(paymentId);
      if (!id) return;
      const state = await call('GetState', { PaymentId: id }, stateAnswerSchema);
      if (!state.Success || !state.Status) throw new Error(`T-Bank GetState refused: ${state.ErrorCode}`);
      if (PAID.has(state.Status)) return;
      if (state.Status !== HELD) throw new Error(`T-Bank payment ${id} is ${state.Status}, not held`);
      const answer = await call(
        'Confirm',
        { PaymentId: id, Amount: amountKopecks, ...(receipt ? { Receipt: receiptBody(receipt) } : {}) },
        cancelAnswerSchema,
      );
      if (!answer.Success) {
        throw new Error(`T-Bank Confirm refused: ${answer.ErrorCode} ${answer.Message ?? ''}`.trim());
      }
    },
    /**
     * SendClosingReceipt (T-Bank's closing receipt of a prepaid payment, FFD 1.2): the settlement
     * receipt at hand-over, `Payments.AdvancePayment` setting off the prepayment
     * (docs/product/receipts.md). The payment must be confirmed; a refusal throws for a retry.
     */
    async sendClosingReceipt(paymentId, receipt): Promise<'sent' | 'unsupported'> {
      const id = bankId(paymentId);
      if (!id) return 'unsupported';
      const answer = await call(
        'SendClosingReceipt',
        { PaymentId: id, Receipt: receiptBody(receipt) },
        answerSchema,
      );
      if (!answer.Success) {
        throw new Error(
          `T-Bank SendClosingReceipt refused: ${answer.ErrorCode} ${answer.Message ?? ''}`.trim(),
        );
      }
      return 'sent';
    },
    async getPaymentState(paymentId: string): Promise<PaymentNotice | null> {
      const id = bankId(paymentId);
      if (!id) return null;
      const state = await call('GetState', { PaymentId: id }, stateAnswerSchema);
      if (!state.Success || !state.Status || !state.OrderId || state.Amount === undefined) return null;
      const orderNumber = orderNumberOfTbank(state.OrderId);
      return orderNumber === null ? null : noticeOf(id, orderNumber, state.Status, state.Amount);
    },
    /**
     * The documented token proves it; a final state is applied once and the bank gets its plain `OK`
     * (otherwise it retries, integrations.md §3). A forged one is refused 401, a genuine one naming
     * no order the shop could have sent 400 (docs/decisions/0045-payment-protocol-rules.md).
     */
    async handleNotification({ rawBody }): Promise<NotificationResult> {
      const check = checkNotification(jsonBodyOf(rawBody));
      if (!check.verified) {
        return {
          status: 'refused',
          reason: 'unverified',
          reply: jsonReply(401, { result: false, message: 'Invalid notification token' }),
        };
      }
      if (check.malformed) {
        return {
          status: 'refused',
          reason: 'malformed',
          reply: jsonReply(400, { result: false, message: 'OrderId names no order of this shop' }),
        };
      }
      return {
        status: 'accepted',
        notice: check.notice,
        reply: () => ({ status: 200, contentType: 'text/plain', body: 'OK' }),
      };
    },
  };

  return { provider, checkNotification };
}

export type TbankPayments = ReturnType<typeof createTbankPayments>;

/**
 * The receipt as T-Bank takes it (FFD 1.2 items, kopecks). A marked unit's item carries its code as
 * `MarkCode` {`MarkCodeType` `GS1M` (the DataMatrix's GS1 string), `Value`} with `MarkProcessingMode`
 * `0` (the code is sent as read; the bank's OpenAPI allows only "0"); `MarkQuantity` is for a
 * fractional part of a marked unit only, never sent for whole pieces (tests/fixtures/tbank/README.md).
 */
export function receiptBody(receipt: PaymentReceipt) {
  return {
    FfdVersion: '1.2',
    Taxation: receipt.taxation,
    ...(receipt.email ? { Email: receipt.email } : {}),
    ...(receipt.phone ? { Phone: receipt.phone.startsWith('+') ? receipt.phone : `+${receipt.phone}` } : {}),
    Items: receipt.items.map((item) => ({
      Name: item.name,
      Price: item.price,
      Quantity: item.quantity,
      Amount: item.amount,
      Tax: item.vat,
      PaymentMethod: item.paymentMethod,
      PaymentObject: item.paymentObject,
      MeasurementUnit: 'шт',
      ...(item.markCode
        ? { MarkProcessingMode: '0', MarkCode: { MarkCodeType: 'GS1M', Value: item.markCode } }
        : {}),
    })),
    ...(receipt.payments
      ? {
          Payments: {
            Electronic: receipt.payments.electronic,
            AdvancePayment: receipt.payments.advancePayment,
          },
        }
      : {}),
  };
}
