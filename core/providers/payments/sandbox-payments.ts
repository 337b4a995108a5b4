import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPayments } from '../../db/schema/index.ts';
import { dolyameSchedule } from '../../payments/payment.rules.ts';
import type {
  NotificationResult,
  PaymentKind,
  PaymentNotice,
  PaymentProvider,
  PaymentSession,
  RefundResult,
  StartPaymentInput,
} from './payment-provider.ts';
import { jsonBodyOf, jsonReply } from './payment-provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/**
 * The sandbox payment provider: sessions live in the database, the shopper pays or declines on the
 * shop's own page `/sandbox/pay/{token}`, and the outcome comes back as a notification signed with
 * HMAC-SHA256 over the JSON body, exactly as a provider's would.
 */
export function createSandboxPayments({
  db,
  secret,
  kinds,
}: {
  db: Db;
  secret: string;
  /** The kinds it takes; absent = every kind. */
  kinds?: readonly PaymentKind[];
}) {
  function sign(body: string): string {
    return createHmac('sha256', secret).update(body).digest('hex');
  }

  function verify(signature: string | string[] | undefined, rawBody: string): PaymentNotice | null {
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
    const expected = Buffer.from(sign(rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
    const n = jsonBodyOf(rawBody);
    if (
      !n ||
      typeof n.notificationId !== 'string' ||
      typeof n.paymentId !== 'string' ||
      !Number.isInteger(n.orderNumber) ||
      (n.outcome !== 'paid' && n.outcome !== 'declined') ||
      !Number.isInteger(n.amount)
    ) {
      return null;
    }
    return {
      notificationId: n.notificationId,
      paymentId: n.paymentId,
      orderNumber: n.orderNumber as number,
      outcome: n.outcome,
      amount: n.amount as number,
    };
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    ...(kinds ? { kinds } : {}),
    async startPayment(input: StartPaymentInput): Promise<PaymentSession> {
      const token = randomBytes(18).toString('base64url');
      await db.insert(sandboxPayments).values({
        token,
        orderNumber: input.orderNumber,
        kind: input.kind,
        amount: input.amount,
        schedule: schedule(input),
        lines: input.lines,
        successUrl: input.successUrl,
        failUrl: input.failUrl,
      });
      return { paymentId: `sandbox-${token}`, url: `/sandbox/pay/${token}` };
    },
    async expirePayment(paymentId: string): Promise<void> {
      if (!paymentId.startsWith('sandbox-')) return;
      await db
        .update(sandboxPayments)
        .set({ status: 'expired' })
        .where(
          and(
            eq(sandboxPayments.token, paymentId.slice('sandbox-'.length)),
            eq(sandboxPayments.status, 'pending'),
          ),
        );
    },
    /**
     * Refunds a paid sandbox session once per key: the session records the refunded kopecks and each
     * key's refund id, so a retry answers the same refund. A session not paid is refused `not_paid`
     * (a declined or expired one, or a payment id of no session: `unknown_payment`); more than is
     * left of the payment is refused `amount_exceeds_payment`.
     */
    async refund(paymentId: string, amountKopecks: number, idempotencyKey: string): Promise<RefundResult> {
      if (!paymentId.startsWith('sandbox-')) return { status: 'refused', reason: 'unknown_payment' };
      const token = paymentId.slice('sandbox-'.length);
      const refundId = `sandbox-refund-${createHmac('sha256', secret).update(`${token}:${idempotencyKey}`).digest('hex').slice(0, 24)}`;
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.token, token))
          .for('update');
        if (!session) return { status: 'refused', reason: 'unknown_payment' } as const;
        if (session.refunds.some((r) => r.refundId === refundId))
          return { status: 'succeeded', refundId } as const;
        if (session.status !== 'paid') return { status: 'refused', reason: 'not_paid' } as const;
        const refunded = session.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (
          !Number.isInteger(amountKopecks) ||
          amountKopecks <= 0 ||
          refunded + amountKopecks > session.amount
        ) {
          return { status: 'refused', reason: 'amount_exceeds_payment' } as const;
        }
        await tx
          .update(sandboxPayments)
          .set({ refunds: [...session.refunds, { refundId, amount: amountKopecks }] })
          .where(eq(sandboxPayments.token, token));
        return { status: 'succeeded', refundId } as const;
      });
    },
    /**
     * The sandbox's notification: HMAC-SHA256 of the body as sent, in `x-sandbox-signature`. A
     * verified one is answered `{"result":true,"outcome":…}` (what the shop made of it); anything
     * else 401 and changes nothing.
     */
    async handleNotification({ headers, rawBody }): Promise<NotificationResult> {
      const notice = verify(headers[SANDBOX_SIGNATURE_HEADER], rawBody);
      if (!notice) {
        return {
          status: 'refused',
          reason: 'unverified',
          reply: jsonReply(401, { result: false, message: 'Invalid notification signature' }),
        };
      }
      return { status: 'accepted', notice, reply: (outcome) => jsonReply(200, { result: true, outcome }) };
    },
  };

  /** The page's data: the session by its token. */
  async function getSession(token: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.token, token));
    return row ?? null;
  }

  /**
   * The shopper's decision on the sandbox page: the session is settled once, and the signed
   * notification the provider would send is returned for delivery to the shop's endpoint.
   */
  async function decide(token: string, decision: 'pay' | 'decline') {
    const [updated] = await db
      .update(sandboxPayments)
      .set({ status: decision === 'pay' ? 'paid' : 'declined' })
      .where(and(eq(sandboxPayments.token, token), eq(sandboxPayments.status, 'pending')))
      .returning();
    // Settled once: a second decision replays the first outcome's notification.
    const row = updated ?? (await getSession(token));
    if (!row || row.status === 'pending') return null;
    // The order ran out of time: the page can no longer pay, nothing is sent.
    if (row.status === 'expired') return { expired: true as const, session: row };
    const status = row.status;
    const body = {
      notificationId: `sandbox-${token}-${status}`,
      paymentId: `sandbox-${token}`,
      orderNumber: row.orderNumber,
      outcome: status,
      amount: row.amount,
    };
    const json = JSON.stringify(body);
    return {
      expired: false as const,
      session: row,
      notification: {
        body,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(json) },
      },
      returnUrl: status === 'paid' ? row.successUrl : row.failUrl,
    };
  }

  return { provider, getSession, decide, sign };
}

export type SandboxPayments = ReturnType<typeof createSandboxPayments>;

function schedule(input: StartPaymentInput): number[] {
  if (input.kind === 'split' || input.kind === 'bnpl') return dolyameSchedule(input.amount);
  if (input.kind === 'instalment') {
    const months = input.months ?? 3;
    const part = Math.floor(input.amount / months);
    return [input.amount - part * (months - 1), ...Array.from({ length: months - 1 }, () => part)];
  }
  return [input.amount];
}
