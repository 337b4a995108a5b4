import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { instalmentItemName, instalmentTerms } from '../../payments/payment.rules.ts';
import type {
  NotificationResult,
  PaymentNotice,
  PaymentProvider,
  PaymentSession,
  RefundResult,
  StartPaymentInput,
} from './payment-provider.ts';
import { jsonReply, orderNumberOf } from './payment-provider.ts';

/** T-Bank instalment «Форма» partner API (integrations.md §4). */
export const FORMA_PRODUCTION_URL = 'https://forma.tbank.ru/api/partners/v2';

export interface FormaOptions {
  shopId: string;
  showcaseId: string;
  password: string;
  /** `https://forma.tbank.ru/api/partners/v2`; no trailing slash needed. */
  apiUrl: string;
  /** Test applications (`create-demo`, login `demo-<showcaseId>`): never sent to the bank. */
  demo?: boolean;
  /** The shop's public origin: return and webhook addresses are absolute. */
  publicUrl: string;
  requestTimeoutMs?: number;
}

/** The path of an order's webhook: the order number is in the address, the body is only a hint. */
export const FORMA_WEBHOOK_PREFIX = '/api/payment/notify/forma';

const createAnswerSchema = z.object({ id: z.string().min(1), link: z.string().url() });
const infoAnswerSchema = z.object({
  id: z.string().optional(),
  status: z.string(),
  committed: z.boolean().optional(),
});

/** Final states: the shopper signed the credit (paid once committed), or no bank gave it. */
const SIGNED = 'signed';
const DECLINED = new Set(['rejected', 'canceled']);

/** Kopecks as Forma's rubles (a number). */
const rubles = (kopecks: number) => Math.round(kopecks) / 100;

/**
 * T-Bank instalment (integrations.md §4, docs/decisions/0030-more-payment-methods.md): the
 * application is created with the term's promo code (checkout.md §9) and the receipt's lines, their
 * names without quotes (checkout.md §5). The decision comes as a webhook with no documented
 * signature, so it is only a hint: the application is read back with Info (HTTP Basic), a signed one
 * is committed and then paid, a rejected or cancelled one fails the order, an approved one waits for
 * the shopper's signature. The amount is the one the shop created the application with (Forma keeps
 * an application's content for its order number, and Info reports none): it is carried in the
 * payment id.
 */
export function createFormaPayments(options: FormaOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const origin = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const login = options.demo ? `demo-${options.showcaseId}` : options.showcaseId;
  const basic = `Basic ${Buffer.from(`${login}:${options.password}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, auth = true) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: basic } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  function absolute(url: string): string {
    return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  }

  /** `forma-<order number>-<kopecks>`. */
  function parseId(paymentId: string): { orderNumber: string; amount: number } | null {
    const m = paymentId.match(/^forma-(\d{1,12})-(\d{1,12})$/);
    return m?.[1] && m[2] ? { orderNumber: m[1], amount: Number(m[2]) } : null;
  }

  async function info(orderNumber: string) {
    const { status, json } = await call('GET', `/orders/${orderNumber}/info`);
    if (status === 404) return null;
    const parsed = infoAnswerSchema.safeParse(json);
    if (status !== 200 || !parsed.success) throw new Error(`Forma Info answered HTTP ${status}`);
    return parsed.data;
  }

  /**
   * The application's decision as the shop applies it: signed → committed and paid; rejected or
   * cancelled → declined; anything else (new, in progress, approved) → nothing yet. Throws when Forma
   * cannot be reached, so the webhook is answered with an error and sent again.
   */
  async function decision(paymentId: string): Promise<PaymentNotice | null> {
    const id = parseId(paymentId);
    if (!id) return null;
    const state = await info(id.orderNumber);
    if (!state) return null;
    let outcome: PaymentNotice['outcome'] | null = null;
    if (state.status === SIGNED) {
      if (!state.committed) {
        const { status } = await call('POST', `/orders/${id.orderNumber}/commit`, {});
        if (status !== 200) throw new Error(`Forma Commit answered HTTP ${status}`);
      }
      outcome = 'paid';
    } else if (DECLINED.has(state.status)) {
      outcome = 'declined';
    }
    if (!outcome) return null;
    return {
      // The same id for the webhook and the polled state: whichever comes second is a duplicate.
      notificationId: `forma-${id.orderNumber}-${outcome}`,
      paymentId,
      orderNumber: Number(id.orderNumber),
      outcome,
      amount: id.amount,
    };
  }

  const provider: PaymentProvider = {
    name: 'forma',
    kinds: ['instalment'],
    async startPayment(input: StartPaymentInput): Promise<PaymentSession> {
      if (input.kind !== 'instalment') {
        throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
      }
      const term = instalmentTerms.find((t) => t.months === input.months) ?? instalmentTerms[0];
      const orderNumber = String(input.orderNumber);
      const items = input.receipt?.items.length
        ? input.receipt.items.map((i) => ({ name: i.name, price: i.price, quantity: i.quantity }))
        : input.lines.map((l) => ({ name: l.name, price: l.price, quantity: l.count }));
      const { status, json } = await call(
        'POST',
        options.demo ? '/orders/create-demo' : '/orders/create',
        {
          shopId: options.shopId,
          showcaseId: options.showcaseId,
          sum: rubles(input.amount),
          items: items.map((i) => ({
            name: instalmentItemName(i.name).slice(0, 255),
            price: rubles(i.price),
            quantity: i.quantity,
          })),
          orderNumber,
          promoCode: term.promoCode,
          webhookURL: `${origin}${FORMA_WEBHOOK_PREFIX}/${orderNumber}`,
          successURL: absolute(input.successUrl),
          failURL: absolute(input.failUrl),
          returnURL: absolute(input.failUrl),
          ...(input.receipt?.email || input.receipt?.phone
            ? {
                values: {
                  contact: {
                    ...(input.receipt.email ? { email: input.receipt.email } : {}),
                    ...(input.receipt.phone ? { mobilePhone: input.receipt.phone.replace(/\D/g, '') } : {}),
                  },
                },
              }
            : {}),
        },
        false,
      );
      const created = createAnswerSchema.safeParse(json);
      if (status !== 200 || !created.success) throw new Error(`Forma create answered HTTP ${status}`);
      return { paymentId: `forma-${orderNumber}-${input.amount}`, url: created.data.link };
    },
    /** Cancels an application still undecided or awaiting the signature; a signed one stays. */
    async expirePayment(paymentId: string): Promise<void> {
      const id = parseId(paymentId);
      if (!id) return;
      try {
        const state = await info(id.orderNumber);
        if (!state || state.status === SIGNED || DECLINED.has(state.status)) return;
        await call('POST', `/orders/${id.orderNumber}/cancel`);
      } catch {
        // Best effort: a credit still signed is recorded for a refund (orders.service).
      }
    },
    /**
     * Forma returns a credit whole, by cancelling the application: only the full amount can be
     * refunded; a part is refused. A retry of a refund already made answers it again.
     */
    async refund(paymentId, amountKopecks, idempotencyKey): Promise<RefundResult> {
      const id = parseId(paymentId);
      if (!id) return { status: 'refused', reason: 'unknown_payment' };
      const state = await info(id.orderNumber);
      if (!state) return { status: 'refused', reason: 'unknown_payment' };
      if (amountKopecks !== id.amount) return { status: 'refused', reason: 'amount_exceeds_payment' };
      if (state.status === 'canceled' && state.committed) {
        return { status: 'succeeded', refundId: `forma-refund-${id.orderNumber}-${idempotencyKey}` };
      }
      if (state.status !== SIGNED) return { status: 'refused', reason: 'not_paid' };
      const { status } = await call('POST', `/orders/${id.orderNumber}/cancel`);
      if (status === 200) {
        return { status: 'succeeded', refundId: `forma-refund-${id.orderNumber}-${idempotencyKey}` };
      }
      if (status >= 500 || status === 429) throw new Error(`Forma Cancel answered HTTP ${status}`);
      return { status: 'refused', reason: 'not_paid' };
    },
    getPaymentState: decision,
    /**
     * Forma's webhook (integrations.md §4) names the order in its address: the application is read back (and committed when signed), so the body (no
     * documented signature) is not read. Forma gets 200 whatever the application's state; when it
     * cannot be reached the answer is an error and the webhook comes again. An address naming no order the shop could have sent (not digits, beyond the
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
        paymentId && parseId(paymentId)?.orderNumber === String(orderNumber)
          ? await decision(paymentId)
          : null;
      return { status: 'accepted', notice, reply: () => jsonReply(200, { result: true }) };
    },
  };

  return {
    provider,
  };
}

export type FormaPayments = ReturnType<typeof createFormaPayments>;
