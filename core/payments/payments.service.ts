import type { SandboxPaymentView } from '../orders/orders.types.ts';
import type { Providers } from '../providers/index.ts';
import type { PaymentNotice } from '../providers/payments/payment-provider.ts';
import type { TbankNotificationCheck } from '../providers/payments/tbank-payments.ts';
import type { YandexPayWebhookCheck } from '../providers/payments/yandex-pay-payments.ts';

/** The payment provider's side of the HTTP layer: notification checks and the sandbox's own page. */
export function createPaymentsService({ providers }: { providers: Providers }) {
  const { provider, sandbox, tbank, dolyame, forma, yandexPay } = providers.payments;

  return {
    verifyNotification: provider.verifyNotification,

    /** The kinds of payment the configured providers take; null = every kind (the sandbox). */
    kinds: provider.kinds ? [...provider.kinds] : null,

    /** Dolyame's notification for an order (a hint: the order is read back). */
    async checkDolyameWebhook(orderNumber: number, paymentId: string | null): Promise<PaymentNotice | null> {
      return dolyame ? dolyame.checkWebhook(orderNumber, paymentId) : null;
    },

    /**
     * Forma's webhook for an order (a hint: the application is read back, committed when signed);
     * null when there is nothing to apply or Forma does not take instalments.
     */
    async checkFormaWebhook(orderNumber: number, paymentId: string | null): Promise<PaymentNotice | null> {
      return forma ? forma.checkWebhook(orderNumber, paymentId) : null;
    },

    /** Yandex Pay's webhook check; never verified when Yandex Pay does not take the wallet methods. */
    async checkYandexPayWebhook(token: string): Promise<YandexPayWebhookCheck> {
      return yandexPay ? yandexPay.checkWebhook(token) : { verified: false };
    },

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
