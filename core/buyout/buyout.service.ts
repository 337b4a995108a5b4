import {
  BUYOUT_CHECK_JOB,
  BUYOUT_PAYMENT_MESSAGE_JOB,
  type BuyoutDeps,
  createBuyoutContext,
} from './buyout.context.ts';
import { createBuyoutChange } from './change.service.ts';
import { createBuyoutPaymentLink } from './payment-link.service.ts';
import { createBuyoutRecord } from './record.service.ts';
import { createBuyoutRefund } from './refund.service.ts';

export { BUYOUT_CHECK_JOB, BUYOUT_PAYMENT_MESSAGE_JOB, type BuyoutView } from './buyout.context.ts';
export { applyBuyoutPaymentNotice } from './payment-notice.ts';

/**
 * The try-on buyout (docs/product/try-on-buyout.md, docs/decisions/0035-try-on-buyout.md): staff
 * record on a phone which units the buyer kept; the rest go back to stock at once; the buyer pays for
 * the kept goods by a link or QR code through the payment provider, with a receipt of the kept lines,
 * or, when the goods were paid ahead, the rest is refunded. Once per order, changed only over the
 * version the screen showed, every step in the staff change log.
 *
 * Composed of its parts in this folder: recording what was kept (./record.service.ts), the payment
 * link and its payment (./payment-link.service.ts, the provider's notice in ./payment-notice.ts), the
 * refund (./refund.service.ts) and changes over its version (./change.service.ts), sharing one
 * context (./buyout.context.ts).
 */
export function createBuyoutService(deps: BuyoutDeps) {
  const context = createBuyoutContext(deps);
  const link = createBuyoutPaymentLink(context);
  const refund = createBuyoutRefund(context);
  const { record } = createBuyoutRecord(context, link, refund);
  const { change } = createBuyoutChange(context, link);
  const { renewLink, checkPayment, checkOpenPayments, sendPaymentMessage } = link;

  deps.jobs.register(BUYOUT_PAYMENT_MESSAGE_JOB, sendPaymentMessage);
  deps.jobs.register(BUYOUT_CHECK_JOB, async () => ({ done: `applied ${await checkOpenPayments()}` }));

  return {
    get: context.get,
    record,
    change,
    renewLink,
    retryRefund: refund.retryRefund,
    checkPayment,
    checkOpenPayments,
    sendPaymentMessage,
  };
}

export type BuyoutService = ReturnType<typeof createBuyoutService>;
