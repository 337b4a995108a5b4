import '../styles/payment.css';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { readJsonCookie } from '../../core/cart/cookies.rules.ts';
import { localeFromPath } from '../../core/i18n.ts';
import {
  isOrderAccessList,
  ORDERS_COOKIE,
  type PaymentState,
} from '../../core/orders/order-cookies.rules.ts';
import { ResultIcon } from '../components/checkout/order-result.tsx';
import { translate, useT } from '../i18n/index.ts';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/payment-result';

/** The mobile app's web view shows this page alone. */
export const handle = { bare: true };

/** The page's title names the payment's state (issue 21); never indexed. */
export function meta({ loaderData: d, matches, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const locale = root?.locale ?? localeFromPath(location.pathname);
  const heading = translate(locale, titles[d?.state ?? 'not_found']);
  return seoMeta(root?.publicUrl ?? '', {
    locale,
    title: `${heading} | ${translate(locale, 'meta.title')}`,
    socialTitle: heading,
    description: heading,
    path: location.pathname,
    noindex: true,
  });
}

/**
 * DECISIONS 12: the page shows the payment's state as the server knows it, never the query's
 * `result`; an order this browser may not read (no `shi-orders` grant, no return-address key) is
 * "not found", like an unknown number.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ state: PaymentState }> {
  const { services } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const number = Number(query.get('orderID'));
  if (!Number.isInteger(number) || number < 1 || number > 2_000_000_000) return { state: 'not_found' };
  const key = query.get('key') ?? undefined;
  const access = readJsonCookie(
    request.headers.get('cookie') ?? undefined,
    ORDERS_COOKIE,
    isOrderAccessList,
    [],
  );
  const valid = key !== undefined && /^[\w-]{16,64}$/.test(key) ? key : undefined;
  return { state: await services.orders.getPaymentState(number, access, valid) };
}

const titles = {
  paid: 'result.app.success',
  pending: 'result.app.pending',
  failed: 'result.app.failure',
  not_found: 'result.app.notFound',
} as const;

/** The messages already handed to the app around this page. */
const handedToApp = new Set<string>();

/**
 * checkout.md §4: the payment result page hands `result` and `orderID` from the query to the native
 * app around it (a React Native web view or a parent frame), which closes the payment.
 */
export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const result = params.get('result') ?? params.get('success') ?? '';
  const orderID = params.get('orderID') ?? '';
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const message = JSON.stringify({ result, orderID });
    // Once per page load, even when the page is mounted again (the app closes the payment on it).
    if (!handedToApp.has(message)) {
      handedToApp.add(message);
      window.ReactNativeWebView?.postMessage(message);
      // Only the result and the order number, no personal data: any host origin may read it.
      window.parent.postMessage(message, '*');
    }
    setSent(true);
  }, [result, orderID]);

  const { state } = loaderData;
  return (
    <section className="result result--app" aria-labelledby="payment-result-title">
      <ResultIcon kind={state === 'paid' ? 'success' : state === 'pending' ? 'waiting' : 'failure'} />
      <h1 id="payment-result-title" className="result__title">
        {t(titles[state])}
      </h1>
      {orderID && state !== 'not_found' ? (
        <p className="result__order">{t('result.order', { order: orderID })}</p>
      ) : null}
      <p className="result__text" role="status">
        {sent ? t('result.app.back') : ''}
      </p>
    </section>
  );
}
