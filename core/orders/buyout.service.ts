// The try-on buyout is its own module now: core/buyout/ (issue 36). This forward stays only until
// core/orders/payment-notices.service.ts imports the notice from core/buyout/payment-notice.ts.
export { applyBuyoutPaymentNotice } from '../buyout/payment-notice.ts';
