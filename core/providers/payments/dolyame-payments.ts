import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
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

/** Dolyame's partner API (integrations.md §5). */
export const DOLYAME_PRODUCTION_URL = 'https://partner.dolyame.ru/v1';
export const DOLYAME_WEBHOOK_PREFIX = '/api/payment/notify/dolyame';

export interface DolyameOptions {
  login: string;
  password: string;
  /** The client certificate and its key (PEM files) of the mutual TLS. */
  certPath: string;
  keyPath: string;
  /** A CA to trust besides the system's (a test server); absent in production. */
  caPath?: string | null;
  apiUrl: string;
  publicUrl: string;
  requestTimeoutMs?: number;
}

const orderSchema = z.object({
  status: z.string(),
  amount: z.union([z.number(), z.string()]).optional(),
  link: z.string().url().optional(),
});
const refundSchema = z.object({ refund_id: z.string().min(1) });

/** Funds held or charged: paid for the shop (committed on the hand-over to the carrier). */
const HELD = new Set(['wait_for_commit', 'committed', 'completed']);
const DECLINED = new Set(['rejected', 'canceled']);

const rubles = (kopecks: number) => Math.round(kopecks) / 100;
const kopecksOf = (amount: number | string) => Math.round(Number(amount) * 100);

/**
 * Dolyame (integrations.md §5, docs/decisions/0030-more-payment-methods.md): mutual TLS with the
 * shop's certificate plus HTTP Basic, a fresh `X-Correlation-ID` per call (a refund's is its
 * idempotency key). The order is created with the receipt's lines; the notification has no
 * documented signature, so it is a hint: the order is read back with Info (`wait_for_commit`,
 * `committed`, `completed` = the shopper's first part is held or charged = paid; `rejected`,
 * `canceled` = declined). The shop commits it when the parcel goes to the carrier (`capturePayment`).
 */
export function createDolyamePayments(options: DolyameOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const agent = new Agent({
    cert: readFileSync(options.certPath),
    key: readFileSync(options.keyPath),
    ...(options.caPath ? { ca: readFileSync(options.caPath) } : {}),
    keepAlive: true,
  });
  const basic = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;

  function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    correlationId: string = randomUUID(),
  ): Promise<{ status: number; json: unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        {
          method,
          agent,
          timeout: timeoutMs,
          headers: {
            authorization: basic,
            'x-correlation-id': correlationId,
            'content-type': 'application/json',
            ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let raw = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            raw += chunk;
          });
          res.on('end', () => {
            let json: unknown = null;
            try {
              json = raw ? JSON.parse(raw) : null;
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`Dolyame ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  function orderIdOf(paymentId: string): string | null {
    return /^dolyame-\d{1,12}$/.test(paymentId) ? paymentId.slice('dolyame-'.length) : null;
  }

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  async function info(orderId: string) {
    const { status, json } = await call('GET', `/orders/${orderId}/info`);
    if (status === 404) return null;
    const parsed = orderSchema.safeParse(json);
    if (status !== 200 || !parsed.success) throw new Error(`Dolyame info answered HTTP ${status}`);
    return parsed.data;
  }

  async function state(paymentId: string): Promise<PaymentNotice | null> {
    const orderId = orderIdOf(paymentId);
    if (!orderId) return null;
    const order = await info(orderId);
    if (!order || order.amount === undefined) return null;
    const outcome = HELD.has(order.status) ? 'paid' : DECLINED.has(order.status) ? 'declined' : null;
    if (!outcome) return null;
    return {
      notificationId: `dolyame-${orderId}-${outcome}`,
      paymentId,
      orderNumber: Number(orderId),
      outcome,
      amount: kopecksOf(order.amount),
    };
  }

  const provider: PaymentProvider = {
    name: 'dolyame',
    kinds: ['bnpl'],
    async startPayment(input: StartPaymentInput): Promise<PaymentSession> {
      if (input.kind !== 'bnpl') {
        throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
      }
      const id = String(input.orderNumber);
      const { status, json } = await call('POST', '/orders/create', {
        order: { id, amount: rubles(input.amount), items: items(input.receipt, input.amount, id) },
        ...(input.receipt?.email || input.receipt?.phone
          ? {
              client_info: {
                ...(input.receipt.email ? { email: input.receipt.email } : {}),
                ...(input.receipt.phone ? { phone: `+${input.receipt.phone.replace(/\D/g, '')}` } : {}),
              },
            }
          : {}),
        notification_url: `${origin}${DOLYAME_WEBHOOK_PREFIX}/${id}`,
        success_url: absolute(input.successUrl),
        fail_url: absolute(input.failUrl),
      });
      const created = orderSchema.safeParse(json);
      if (status !== 200 || !created.success || !created.data.link) {
        throw new Error(`Dolyame create answered HTTP ${status}`);
      }
      return { paymentId: `dolyame-${id}`, url: created.data.link };
    },
    async expirePayment(paymentId: string): Promise<void> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return;
      try {
        const order = await info(orderId);
        if (!order || !['new', 'approved'].includes(order.status)) return;
        await call('POST', `/orders/${orderId}/cancel`);
      } catch {
        // Best effort: a payment that still goes through is recorded for a refund (orders.service).
      }
    },
    /**
     * Before the commit the order is cancelled whole (the held part is released); after it, a
     * refund of the amount with the refund receipt's lines. The idempotency key is the refund's
     * correlation id.
     */
    async refund(paymentId, amountKopecks, idempotencyKey, receipt): Promise<RefundResult> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return { status: 'refused', reason: 'unknown_payment' };
      const order = await info(orderId);
      if (!order) return { status: 'refused', reason: 'unknown_payment' };
      if (order.status === 'wait_for_commit') {
        if (order.amount === undefined || amountKopecks !== kopecksOf(order.amount)) {
          return { status: 'refused', reason: 'amount_exceeds_payment' };
        }
        const { status } = await call('POST', `/orders/${orderId}/cancel`);
        if (status === 200) return { status: 'succeeded', refundId: `dolyame-cancel-${orderId}` };
        if (status >= 500) throw new Error(`Dolyame cancel answered HTTP ${status}`);
        return { status: 'refused', reason: 'not_paid' };
      }
      if (order.status === 'canceled') return { status: 'succeeded', refundId: `dolyame-cancel-${orderId}` };
      if (order.status !== 'committed' && order.status !== 'completed') {
        return { status: 'refused', reason: 'not_paid' };
      }
      const { status, json } = await call(
        'POST',
        `/orders/${orderId}/refund`,
        { amount: rubles(amountKopecks), returned_items: items(receipt, amountKopecks, orderId) },
        idempotencyKey,
      );
      const refunded = refundSchema.safeParse(json);
      if (status === 200 && refunded.success) {
        return { status: 'succeeded', refundId: `dolyame-refund-${refunded.data.refund_id}` };
      }
      if (status >= 500) throw new Error(`Dolyame refund answered HTTP ${status}`);
      return { status: 'refused', reason: 'amount_exceeds_payment' };
    },
    getPaymentState: state,
    /** The parcel went to the carrier: the held order is committed with its lines (once). */
    async capturePayment(paymentId: string, amountKopecks: number, receipt?: PaymentReceipt): Promise<void> {
      const orderId = orderIdOf(paymentId);
      if (!orderId) return;
      const order = await info(orderId);
      if (order?.status !== 'wait_for_commit') return;
      const { status } = await call('POST', `/orders/${orderId}/commit`, {
        amount: rubles(amountKopecks),
        items: items(receipt, amountKopecks, orderId),
      });
      if (status !== 200) throw new Error(`Dolyame commit answered HTTP ${status}`);
    },
    /**
     * Dolyame's notification (integrations.md §5) names the order in its address: the order is read back over mutual TLS, so the body (no documented signature) is
     * not read. Dolyame gets `{"result":true}`; when it cannot be reached the answer is an error and
     * the notification comes again. An address naming no order the shop could have sent (not digits, beyond the
     * database's integer) is refused 400 before anything is read.
     */
    async handleNotification({ params, paymentIdOf }): Promise<NotificationResult> {
      const orderNumber = orderNumberOf(params.path);
      if (orderNumber === null) {
        return {
          status: 'refused',
          reason: 'malformed',
          reply: jsonReply(400, { result: false, message: 'The address names no order of this shop' }),
        };
      }
      const paymentId = await paymentIdOf(orderNumber);
      const notice =
        paymentId && orderIdOf(paymentId) === String(orderNumber) ? await state(paymentId) : null;
      return { status: 'accepted', notice, reply: () => jsonReply(200, { result: true }) };
    },
  };

  return {
    provider,
    close: () => agent.destroy(),
  };
}

export type DolyamePayments = ReturnType<typeof createDolyamePayments>;

/** The receipt's lines in rubles (they add up to the amount), or one line for the whole. */
function items(receipt: PaymentReceipt | undefined, amount: number, orderId: string) {
  const lines = receipt?.items.length
    ? receipt.items
    : [{ name: `Заказ №${orderId}`, price: amount, quantity: 1, amount }];
  return lines.map((i) => ({ name: i.name.slice(0, 255), quantity: i.quantity, price: rubles(i.price) }));
}
