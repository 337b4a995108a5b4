import { AppError } from '../errors.ts';
import type {
  PaymentKind,
  PaymentNotice,
  PaymentProvider,
  PaymentSession,
} from '../providers/payments/payment-provider.ts';

/**
 * One provider per kind of payment (docs/decisions/0030-more-payment-methods.md): a session is
 * started by the kind's provider, and every later call (expiry, refund, state) goes to the provider
 * whose payment id it is (`<provider name>-…`). Payment by phone (`phone`, hePayMode: the provider
 * reaches the payer itself) goes to the card provider only when that provider takes it (the
 * sandbox); pay-by-another-person by link (`other_pay`) is a card payment.
 */
export function routePayments(byKind: Partial<Record<PaymentKind, PaymentProvider>>): PaymentProvider {
  const providers = [...new Set(Object.values(byKind).filter((p): p is PaymentProvider => Boolean(p)))];
  if (providers.length === 0) throw new Error('No payment method is configured');
  const takes = (p: PaymentProvider | undefined, kind: PaymentKind) =>
    p && (!p.kinds || p.kinds.includes(kind));
  const takerOf = (kind: PaymentKind): PaymentProvider | undefined =>
    byKind[kind] ?? (kind === 'phone' && takes(byKind.card, 'phone') ? byKind.card : undefined);
  const kinds = (['card', 'sbp', 'split', 'instalment', 'bnpl', 'phone'] as const).filter((k) => takerOf(k));
  const ownerOf = (paymentId: string) => providers.find((p) => paymentId.startsWith(`${p.name}-`));
  const main = byKind.card ?? (providers[0] as PaymentProvider);

  return {
    name: main.name,
    kinds,
    names: providers.map((p) => p.name),
    async startPayment(input): Promise<PaymentSession> {
      const taker = takerOf(input.kind);
      if (!taker) {
        throw new AppError('invalid_data', { key: 'payment.method_unavailable' }, { field: 'payment' });
      }
      const session = await taker.startPayment(input);
      return { ...session, provider: taker.name };
    },
    async expirePayment(paymentId) {
      await ownerOf(paymentId)?.expirePayment(paymentId);
    },
    async refund(paymentId, amountKopecks, idempotencyKey, receipt) {
      const owner = ownerOf(paymentId);
      if (!owner) return { status: 'refused', reason: 'unknown_payment' };
      return owner.refund(paymentId, amountKopecks, idempotencyKey, receipt);
    },
    async getPaymentState(paymentId): Promise<PaymentNotice | null> {
      const owner = ownerOf(paymentId);
      return owner?.getPaymentState ? owner.getPaymentState(paymentId) : null;
    },
    async capturePayment(paymentId, amountKopecks, receipt) {
      await ownerOf(paymentId)?.capturePayment?.(paymentId, amountKopecks, receipt);
    },
    async sendClosingReceipt(paymentId, receipt) {
      const owner = ownerOf(paymentId);
      return owner?.sendClosingReceipt ? owner.sendClosingReceipt(paymentId, receipt) : 'unsupported';
    },
    /** The provider the address names answers it (the caller knows it is one of `names`). */
    async handleNotification(input) {
      const named = providers.find((p) => p.name === input.params.provider);
      if (!named) throw new Error(`No payment provider is named ${input.params.provider}`);
      return named.handleNotification(input);
    },
  };
}
