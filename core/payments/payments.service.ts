import type { SandboxPaymentView } from '../orders/orders.types.ts';
import type { Providers } from '../providers/index.ts';

/**
 * The payment provider's side of the HTTP layer: the kinds it takes and the sandbox's own page (the
 * providers' notifications go to core/orders/payment-notices.service.ts).
 */
export function createPaymentsService({ providers }: { providers: Providers }) {
  const { provider, sandbox } = providers.payments;

  return {
    /** The kinds of payment the configured providers take; null = every kind (the sandbox). */
    kinds: provider.kinds ? [...provider.kinds] : null,

    /** The sandbox page's data; null when the token is unknown or the sandbox is not in use. */
    async sandboxSession(token: string): Promise<SandboxPaymentView | null> {
      const row = sandbox ? await sandbox.getSession(token) : null;
      if (!row) return null;
      return {
        token: row.token,
        orderID: row.orderNumber,
        kind: row.kind,
        amount: row.amount,
        schedule: row.schedule,
        lines: row.lines,
        status: row.status,
        successUrl: row.successUrl,
        failUrl: row.failUrl,
      };
    },

    /** Settles a sandbox payment once; returns the notification to deliver and where the shopper goes. */
    async sandboxDecide(token: string, decision: 'pay' | 'decline') {
      return sandbox ? sandbox.decide(token, decision) : null;
    },
  };
}
