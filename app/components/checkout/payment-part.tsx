import './checkout.css';
import '../../styles/payment.css';
import { useState } from 'react';
import { isPhoneComplete } from '../../../core/checkout/checkout.rules.ts';
import type { CartTotals, GetWay } from '../../../core/delivery/delivery.rules.ts';
import { formatMoney } from '../../../core/money.ts';
import { displayTotals } from '../../../core/orders/display-totals.rules.ts';
import {
  availablePaymentMethods,
  type InstalmentMonths,
  type PaymentMethod,
} from '../../../core/payments/payment.rules.ts';
import { type MessageKey, useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { CheckoutState } from './checkout-state.ts';
import type { OrderLine, PaymentChoice } from './order-payload.ts';
import { PayByOther } from './pay-by-other.tsx';
import { PaymentConsent } from './payment-consent.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { PromoField } from './promo-field.tsx';
import { SbpPayment } from './sbp-payment.tsx';
import { usePlaceOrder } from './use-place-order.ts';

export interface PaymentPartProps {
  state: CheckoutState;
  getWay: GetWay;
  /** The orderable cart lines. */
  lines: OrderLine[];
  totals: CartTotals;
  /** The earlier steps are valid (checkout.md §5: the pay button waits for a valid form). */
  formValid: boolean;
  /** The quick-order window (checkout.md §9: no hepay there). */
  quickOrder?: boolean;
}

const payLabel: Record<PaymentMethod, MessageKey> = {
  online: 'payment.pay.card',
  'online-international': 'payment.pay.card',
  sbp: 'payment.pay.sbp',
  yaPay: 'payment.pay.yaPay',
  split: 'payment.pay.split',
  dolyame: 'payment.pay.dolyame',
  tinkoff: 'payment.pay.tinkoff',
  hepay: 'payment.pay.hepay',
};

/**
 * The payment step (checkout.md §2, §4, §5): the promo field, the payment methods with the
 * instalment term and the split schedule, the sum due, the consent, the pay button (the order is
 * placed by usePlaceOrder) and pay-by-another-person.
 */
export function PaymentPart({
  state,
  getWay,
  lines,
  totals,
  formValid,
  quickOrder = false,
}: PaymentPartProps) {
  const t = useT();
  const shop = useShop();
  const methods = availablePaymentMethods({
    locale: shop.locale,
    deliveryMethod: getWay,
    switches: shop.delivery.payments,
    quickOrder,
    kinds: shop.delivery.paymentKinds ?? undefined,
  });
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? 'online');
  const [months, setMonths] = useState<InstalmentMonths>(3);
  const [consent, setConsent] = useState(false);
  const [consentTried, setConsentTried] = useState(false);
  const [payerPhone, setPayerPhone] = useState('');
  const order = usePlaceOrder({ state, getWay, lines, totals, months, payerPhone, formValid });

  function pay(payment: PaymentChoice) {
    if (!consent) {
      setConsentTried(true);
      return;
    }
    void order.submit(payment);
  }

  return (
    <section className="payment" data-part="payment" aria-labelledby="payment-title">
      <h3 id="payment-title" className="checkout-form__title checkout-form__title--step">
        {t('payment.title')}
      </h3>
      {getWay !== 'moscow-try' && isPhoneComplete(state.form.phone, state.form.phoneMask) ? (
        <PromoField state={state} onChange={order.clearError} />
      ) : null}
      <PaymentMethods
        methods={methods}
        method={method}
        onMethod={(m) => {
          setChosen(m);
          order.newChoice();
        }}
        months={months}
        onMonths={(m) => {
          setMonths(m);
          order.newChoice();
        }}
        total={totals.total}
      />
      <p className="payment__due">
        <span>{t('payment.due')}</span>
        <strong data-testid="payment-due">
          {formatMoney(
            {
              amount: displayTotals({ lines, totals }, shop.currency, shop.rates).total,
              currency: shop.currency,
            },
            shop.locale,
          )}
        </strong>
      </p>
      <PaymentConsent
        checked={consent}
        tried={consentTried}
        onChange={(checked) => {
          setConsent(checked);
          order.newChoice();
        }}
      />
      {!formValid ? <p className="cart__missing">{t('payment.formInvalid')}</p> : null}
      <p className="payment__error" role="alert">
        {order.message ?? ''}
      </p>
      <div className="cart__action payment__action">
        <button
          type="button"
          className="button button--dark cart__next"
          disabled={order.blocked}
          onClick={() => pay(method)}
        >
          {order.busy ? t('payment.paying') : t(payLabel[method])}
        </button>
      </div>
      {order.sbp ? <SbpPayment link={order.sbp.link} orderID={order.sbp.orderID} /> : null}
      {order.walletLink ? (
        <div className="pay-link pay-link--wallet" role="status">
          <p className="field__label">{t('result.order', { order: order.walletLink.orderID })}</p>
          <a className="button button--dark" href={order.walletLink.url}>
            {t('checkout.next.details')}
          </a>
        </div>
      ) : null}
      {methods.includes('online') ? (
        <PayByOther
          phone={payerPhone}
          onPhone={(digits) => {
            setPayerPhone(digits);
            order.clearPayLink();
          }}
          disabled={order.blocked}
          link={order.payLink}
          onSubmit={() => pay('other_pay')}
        />
      ) : null}
    </section>
  );
}
