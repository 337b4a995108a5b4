import '../styles/payment.css';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResultIcon } from '../components/checkout/order-result.tsx';
import { useT } from '../i18n/index.ts';

/** The mobile app's web view shows this page alone. */
export const handle = { bare: true };

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/**
 * checkout.md §4: the payment result page hands `result` and `orderID` from the query to the native
 * app around it (a React Native web view or a parent frame), which closes the payment.
 */
export default function PaymentResult() {
  const t = useT();
  const [params] = useSearchParams();
  const result = params.get('result') ?? params.get('success') ?? '';
  const orderID = params.get('orderID') ?? '';
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const message = JSON.stringify({ result, orderID });
    window.ReactNativeWebView?.postMessage(message);
    // Only the result and the order number, no personal data: any host origin may read it.
    window.parent.postMessage(message, '*');
    setSent(true);
  }, [result, orderID]);

  const ok = result.toLowerCase() === 'true' || result.toLowerCase() === 'success';
  return (
    <section className="result result--app" aria-labelledby="payment-result-title">
      <ResultIcon kind={ok ? 'success' : 'failure'} />
      <h1 id="payment-result-title" className="result__title">
        {ok ? t('result.app.success') : t('result.app.failure')}
      </h1>
      {orderID ? <p className="result__order">{t('result.order', { order: orderID })}</p> : null}
      <p className="result__text" role="status">
        {sent ? t('result.app.back') : ''}
      </p>
    </section>
  );
}
