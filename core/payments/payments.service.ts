import type { SandboxPaymentView } from '../orders/orders.types.ts';
import type { Providers } from '../providers/index.ts';
import type { TbankNotificationCheck } from '../providers/payments/tbank-payments.ts';

/** The payment provider's side of the HTTP layer: notification checks and the sandbox's own page. */
export function createPaymentsService({ providers }: { providers: Providers }) {
  const { provider, sandbox, tbank } = providers.payments;

  return {
    verifyNotification: provider.verifyNotification,

    /** T-Bank's notification check; never verified when T-Bank is not the provider. */
    checkTbankNotification(body: unknown): TbankNotificationCheck {
      return tbank ? tbank.checkNotification(body) : { verified: false };
    },

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
