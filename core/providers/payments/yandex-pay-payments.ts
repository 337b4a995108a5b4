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
import { jsonReply, orderNumberOf } from './payment-provider.ts';

/** Yandex Pay Merchant API v1 (integrations.md §6). */
export const YANDEX_PAY_PRODUCTION_URL = 'https://pay.yandex.ru/api/merchant/v1';
export const YANDEX_PAY_JWKS_URL = 'https://pay.yandex.ru/api/jwks';

export interface YandexPayOptions {
  merchantId: string;
  apiKey: string;
  /** `https://pay.yandex.ru/api/merchant/v1` or the sandbox's; no trailing slash needed. */
  apiUrl: string;
  /** Yandex's published webhook keys. */
  jwksUrl: string;
  /** The shop's public origin: return addresses are absolute. */
  publicUrl: string;
  requestTimeoutMs?: number;
  /** The keys are re-read at most this often when a webhook names an unknown key id (default 30 s). */
  jwksCooldownMs?: number;
  /** The keys are kept this long before they are read again (default 10 min). */
  jwksMaxAgeMs?: number;
  clock?: () => Date;
}

/** Paid: the money is captured. Final without money: failed or voided. */
const PAID = new Set(['CAPTURED', 'CONFIRMED']);
const DECLINED = new Set(['FAILED', 'VOIDED']);
const REFUNDABLE = new Set(['CAPTURED', 'CONFIRMED', 'PARTIALLY_REFUNDED']);

const failSchema = z.object({
  status: z.literal('fail'),
  reasonCode: z.string().optional(),
  reason: z.string().optional(),
});
const createAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({ paymentUrl: z.string().url() }),
});
const decimal = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
/** The order's cart as Yandex holds it now (after earlier refunds): what a refund's final cart starts from. */
const cartSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string(),
        title: z.string().optional(),
        quantity: z.object({ count: z.string().regex(/^\d+$/) }),
        total: decimal,
      }),
    )
    .max(1000),
});
const orderAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    order: z.object({
      orderId: z.string(),
      paymentStatus: z.string(),
      orderAmount: decimal,
      cart: cartSchema.optional().catch(undefined),
    }),
    operations: z
      .array(
        z.object({
          operationId: z.string(),
          operationType: z.string(),
          status: z.string(),
          externalOperationId: z.string().nullish(),
        }),
      )
      .optional()
      .catch(undefined),
  }),
});
const refundAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({ operation: z.object({ operationId: z.string(), status: z.string() }) }),
});

/** The webhook's payload after the signature check (ORDER_STATUS_UPDATED, OPERATION_STATUS_UPDATED). */
const webhookSchema = z.object({
  merchantId: z.string(),
  event: z.string(),
  order: z.object({ orderId: z.string() }).optional(),
  operation: z.object({ orderId: z.string() }).optional(),
});

/** What a webhook proved: a forged one is not verified; a verified one may carry nothing to apply. */
export type YandexPayWebhookCheck = { verified: false } | { verified: true; notice: PaymentNotice | null };

/** Kopecks as Yandex's decimal string of rubles. */
export function rubles(kopecks: number): string {
  return (kopecks / 100).toFixed(2);
}

export function kopecksOf(amount: string): number {
  const [whole = '0', part = ''] = amount.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * Yandex Pay with Split (integrations.md §6, docs/decisions/0030-more-payment-methods.md): the order
 * is created with its cart (the receipt's lines) and the shopper pays on Yandex's page; the webhook is
 * a JWT (ES256) verified against Yandex's published keys (cached; read again for an unknown key id),
 * its `merchantId` and expiry checked, and then only a hint: the order's state is read back from the
 * API, so the amount applied is Yandex's own. Refunds carry the refund receipt's cart.
 */
export function createYandexPayPayments(options: YandexPayOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const clock = options.clock ?? (() => new Date());
  // jose loads with a shop that takes Yandex Pay, not with every shop (docs/decisions/0041-render-cost.md).
  const jose = import('jose');
  const keys = jose.then(({ createRemoteJWKSet }) =>
    createRemoteJWKSet(new URL(options.jwksUrl), {
      timeoutDuration: timeoutMs,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: options.jwksMaxAgeMs ?? 600_000,
    }),
  );

  async function call(method: 'GET' | 'POST', path: string, requestId: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Api-Key ${options.apiKey}`,
        'x-request-id': requestId,
        'x-request-timeout': String(timeoutMs),
        'x-request-attempt': '0',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new Error(`Yandex Pay ${method} ${path} answered HTTP ${response.status} without JSON`);
    }
    return { status: response.status, json };
  }

  function orderIdOf(paymentId: string): string | null {
    const id = paymentId.startsWith('yandex-pay-') ? paymentId.slice('yandex-pay-'.length) : '';
    return orderNumberOf(id) === null ? null : id;
  }

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  /** The order as Yandex holds it; null when Yandex does not know it. */
  async function readOrder(orderId: string) {
    const { status, json } = await call('GET', `/orders/${encodeURIComponent(orderId)}`, `info-${orderId}`);
    if (status === 404) return null;
    const parsed = orderAnswerSchema.safeParse(json);
    if (status !== 200 || !parsed.success) throw new Error(`Yandex Pay order read answered HTTP ${status}`);
    return { ...parsed.data.data.order, operations: parsed.data.data.operations ?? [] };
  }

  function noticeOf(order: {
    orderId: string;
    paymentStatus: string;
    orderAmount: string;
  }): PaymentNotice | null {
    const outcome = PAID.has(order.paymentStatus)
      ? 'paid'
      : DECLINED.has(order.paymentStatus)
        ? 'declined'
        : null;
    const orderNumber = orderNumberOf(order.orderId);
    if (!outcome || orderNumber === null) return null;
    return {
      // The same id for the webhook and the polled state: whichever comes second is a duplicate.
      notificationId: `yandex-pay-${order.orderId}-${outcome}`,
      paymentId: `yandex-pay-${order.orderId}`,
      orderNumber,
      outcome,
      amount: kopecksOf(order.orderAmount),
    };
  }

  /**
   * The webhook body (a compact JWT): signature by a published key (ES256 only), unexpired, this
   * merchant's; then the order's state is read back. Anything else is not verified and changes nothing.
   */
  async function checkWebhook(token: string): Promise<YandexPayWebhookCheck> {
    if (typeof token !== 'string' || token.length > 20_000) return { verified: false };
    let payload: unknown;
    try {
      const { decodeProtectedHeader, jwtVerify } = await jose;
      const header = decodeProtectedHeader(token);
      const now = Math.floor(clock().getTime() / 1000);
      // The documented header carries the expiry; a payload `exp` is checked by jwtVerify as well.
      if (typeof header.exp === 'number' && header.exp < now) return { verified: false };
      const verified = await jwtVerify(token, await keys, { algorithms: ['ES256'], currentDate: clock() });
      if (typeof header.exp !== 'number' && typeof verified.payload.exp !== 'number')
        return { verified: false };
      payload = verified.payload;
    } catch {
      return { verified: false };
    }
    const parsed = webhookSchema.safeParse(payload);
    if (!parsed.success || parsed.data.merchantId !== options.merchantId) return { verified: false };
    const orderId = parsed.data.order?.orderId ?? parsed.data.operation?.orderId;
    if (!orderId || orderNumberOf(orderId) === null) return { verified: true, notice: null };
    const order = await readOrder(orderId);
    return { verified: true, notice: order ? noticeOf(order) : null };
  }

  const provider: PaymentProvider = {
    name: 'yandex-pay',
    kinds: ['split'],
    async startPayment(input: StartPaymentInput): Promise<PaymentSession> {
      if (input.kind !== 'split') {
        throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
      }
      const orderId = String(input.orderNumber);
      const { status, json } = await call('POST', '/orders', `create-${orderId}`, {
        orderId,
        currencyCode: 'RUB',
        cart: {
          items: cartItems(input.receipt, input.amount, orderId),
          total: { amount: rubles(input.amount) },
        },
        redirectUrls: {
          onSuccess: absolute(input.successUrl),
          onError: absolute(input.failUrl),
          onAbort: absolute(input.failUrl),
        },
        availablePaymentMethods: ['CARD', 'SPLIT'],
        orderSource: 'WEBSITE',
      });
      const created = createAnswerSchema.safeParse(json);
      if (status !== 200 || !created.success) {
        const fail = failSchema.safeParse(json);
        throw new Error(
          `Yandex Pay order create refused: HTTP ${status} ${fail.success ? (fail.data.reasonCode ?? '') : ''}`.trim(),
        );
      }
      return { paymentId: `yandex-pay-${orderId}`, url: created.data.data.paymentUrl };
    },
    /**
     * Closes an unpaid order with `rollback`, the one call Yandex documents for every state: it
     * annuls the payment link (status FAILED). `cancel` only releases a hold (AUTHORIZED) and is
     * refused for an unpaid order. Rollback of a paid order would refund it, so only PENDING goes.
     */
    async expirePayment(paymentId: string): Promise<void> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return;
      try {
        const order = await readOrder(orderId);
        if (order?.paymentStatus !== 'PENDING') return;
        await call('POST', `/orders/${orderId}/rollback`, `rollback-${orderId}`);
      } catch {
        // Best effort: a payment that still goes through is recorded for a refund (orders.service).
      }
    },
    async refund(paymentId, amountKopecks, idempotencyKey, receipt): Promise<RefundResult> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return { status: 'refused', reason: 'unknown_payment' };
      if (!Number.isInteger(amountKopecks) || amountKopecks <= 0) {
        return { status: 'refused', reason: 'amount_exceeds_payment' };
      }
      const order = await readOrder(orderId);
      if (!order) return { status: 'refused', reason: 'unknown_payment' };
      if (!REFUNDABLE.has(order.paymentStatus) && order.paymentStatus !== 'REFUNDED') {
        return { status: 'refused', reason: 'not_paid' };
      }
      // A refund already made under this key (its answer lost): Yandex refuses the same id twice.
      const made = order.operations.find(
        (o) =>
          o.operationType === 'REFUND' && o.externalOperationId === idempotencyKey && o.status !== 'FAIL',
      );
      if (made) return { status: 'succeeded', refundId: `yandex-pay-refund-${made.operationId}` };
      const paid = kopecksOf(order.orderAmount);
      const left = paid - amountKopecks;
      if (left < 0) return { status: 'refused', reason: 'amount_exceeds_payment' };
      // v1 refund (docs/decisions/0045-payment-protocol-rules.md): `orderAmount` is the order's amount
      // after this refund, and `cart` the cart that remains, its total that amount. The operation id is
      // the idempotency key: a retry answers the first refund.
      const remaining = left > 0 && order.cart ? cartAfterRefund(order.cart.items, left, receipt) : null;
      const { status, json } = await call('POST', `/orders/${orderId}/refund`, `refund-${idempotencyKey}`, {
        orderAmount: rubles(left),
        refundAmount: rubles(amountKopecks),
        externalOperationId: idempotencyKey,
        ...(remaining ? { cart: { items: remaining, total: { amount: rubles(left) } } } : {}),
      });
      const answer = refundAnswerSchema.safeParse(json);
      if (status === 200 && answer.success) {
        return {
          status: 'succeeded',
          refundId: `yandex-pay-refund-${answer.data.data.operation.operationId}`,
        };
      }
      if (status >= 500 || status === 429) throw new Error(`Yandex Pay refund answered HTTP ${status}`);
      return { status: 'refused', reason: 'amount_exceeds_payment' };
    },
    async getPaymentState(paymentId: string): Promise<PaymentNotice | null> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return null;
      const order = await readOrder(orderId);
      return order ? noticeOf(order) : null;
    },
    /**
     * The webhook (`<callback URL>/v1/webhook`, a compact JWT sent as octet-stream): a verified one is
     * answered `{"status":"success"}`; anything else 401 in Yandex's error shape, so a genuine one
     * comes again with a fresh token (integrations.md §6).
     */
    async handleNotification({ rawBody }): Promise<NotificationResult> {
      const check = await checkWebhook(rawBody.trim());
      if (!check.verified) {
        return {
          status: 'refused',
          reason: 'unverified',
          reply: jsonReply(401, {
            status: 'fail',
            reasonCode: 'UNAUTHORIZED',
            reason: 'Invalid webhook token',
          }),
        };
      }
      return { status: 'accepted', notice: check.notice, reply: () => jsonReply(200, { status: 'success' }) };
    },
  };

  return { provider };
}

export type YandexPayPayments = ReturnType<typeof createYandexPayPayments>;

/**
 * The cart that remains after a partial refund (Yandex's v1 refund: "the final cart", its total the
 * order's amount after the refund): the refund receipt's lines are taken off the lines of the same
 * title, and what the receipt does not explain (a refund of an amount, rounding kopecks) lowers the
 * last lines' totals. Lines left with nothing are dropped. Null when the cart cannot reach `left`.
 */
export function cartAfterRefund(
  items: readonly { productId: string; title?: string; quantity: { count: string }; total: string }[],
  left: number,
  receipt?: PaymentReceipt,
) {
  const start = () =>
    items.map((i) => ({
      productId: i.productId,
      title: i.title ?? '',
      count: Number(i.quantity.count),
      total: kopecksOf(i.total),
    }));
  let lines = start();
  for (const r of receipt?.items ?? []) {
    const line = lines.find(
      (l) => l.title === r.name.slice(0, 2048) && l.count >= r.quantity && l.total >= r.amount,
    );
    if (!line) {
      // A receipt that does not match the cart: the amount alone decides.
      lines = start();
      break;
    }
    line.count -= r.quantity;
    line.total -= r.amount;
  }
  let excess = lines.reduce((sum, l) => sum + (l.count > 0 ? l.total : 0), 0) - left;
  if (excess < 0) return null;
  for (const line of [...lines].reverse()) {
    if (excess === 0) break;
    if (line.count <= 0) continue;
    const cut = Math.min(excess, line.total);
    line.total -= cut;
    excess -= cut;
  }
  return lines
    .filter((l) => l.count > 0 && l.total > 0)
    .map((l) => ({
      productId: l.productId,
      ...(l.title ? { title: l.title } : {}),
      quantity: { count: String(l.count) },
      ...(l.total % l.count === 0 ? { unitPrice: rubles(l.total / l.count) } : {}),
      total: rubles(l.total),
    }));
}

/** The cart as Yandex takes it: the receipt's lines (their amounts add up to the total), decimal rubles. */
function cartItems(receipt: PaymentReceipt | undefined, amount: number, orderId: string) {
  const items = receipt?.items.length
    ? receipt.items
    : [{ name: `Заказ №${orderId}`, price: amount, quantity: 1, amount, vat: 'none' as const }];
  return items.map((item, index) => ({
    productId: String(index + 1),
    title: item.name.slice(0, 2048),
    quantity: { count: String(item.quantity) },
    unitPrice: rubles(item.price),
    total: rubles(item.amount),
  }));
}
