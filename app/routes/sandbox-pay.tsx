import '../styles/payment.css';
import { useState } from 'react';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath } from '../../core/i18n.ts';
import { formatMoney, priceInCurrency, rub } from '../../core/money.ts';
import type { SandboxPaymentView } from '../../core/orders/orders.types.ts';
import { translate, useT } from '../i18n/index.ts';
import { rootFromMatches, seoMeta } from '../lib/seo.ts';
import { useShop } from '../shop-context.ts';
import type { Route } from './+types/sandbox-pay';

/** A payment provider's page stands alone: no shop header, footer or popups. */
export const handle = { bare: true };

const TOKEN = /^[\w-]{16,40}$/;

/**
 * DECISIONS 4: the sandbox provider's payment page, served by the shop itself. An English order's
 * page opens in English (its return address is under /en).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const session = TOKEN.test(params.token) ? await services.payments.sandboxSession(params.token) : null;
  if (!session) throw data(translate(locale, 'sandboxPay.notFound'), { status: 404 });
  if (locale === 'ru' && session.successUrl.startsWith('/en/')) {
    throw redirect(`/en/sandbox/pay/${session.token}`);
  }
  return { session, locale };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { session, locale } = loaderData;
  const title = translate(locale, 'sandboxPay.meta', { order: session.orderID });
  return seoMeta(rootFromMatches(matches)?.publicUrl ?? '', {
    locale,
    title,
    description: title,
    path: location.pathname,
    noindex: true,
  });
}

export default function SandboxPay({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  const t = useT();
  const shop = useShop();
  const [busy, setBusy] = useState<'pay' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const money = (kopecks: number) => formatMoney(rub(kopecks), shop.locale);

  async function decide(decision: 'pay' | 'decline') {
    setBusy(decision);
    setError(null);
    try {
      const res = await fetch(`/api/sandbox/payments/${session.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': shop.locale },
        body: JSON.stringify({ decision }),
      });
      const body = (await res.json()) as { result: boolean; url?: string; message?: string };
      // The order ran out of time meanwhile: the provider says so and takes nothing.
      if (res.status === 409 && body.message) {
        setError(body.message);
        return;
      }
      if (!res.ok || !body.result || !body.url) throw new Error(body.message ?? `status ${res.status}`);
      window.location.assign(body.url);
    } catch {
      setError(t('sandboxPay.error'));
      setBusy(null);
    }
  }

  return (
    <div className="sandbox-pay">
      <section className="sandbox-pay__card" aria-labelledby="sandbox-title">
        <header className="sandbox-pay__head">
          <p className="sandbox-pay__shop">{shop.shopName}</p>
          <p className="sandbox-pay__badge">{t('sandboxPay.badge')}</p>
        </header>
        <h1 id="sandbox-title" className="sandbox-pay__title">
          {t('sandboxPay.title', { order: session.orderID })}
        </h1>
        <p className="sandbox-pay__kind">{kindText(session, t)}</p>
        <p className="sandbox-pay__amount">
          <span>{session.schedule.length > 1 ? t('sandboxPay.total') : t('sandboxPay.now')}</span>
          <strong data-testid="sandbox-amount">{money(session.amount)}</strong>
        </p>
        {shop.currency !== 'RUB' ? (
          // The provider charges roubles; the shopper saw the order in their currency.
          <p className="sandbox-pay__approx">
            {t('sandboxPay.approx', {
              sum: formatMoney(priceInCurrency(session.amount, shop.currency, shop.rates), shop.locale),
            })}
          </p>
        ) : null}
        {session.schedule.length > 1 ? (
          <div className="sandbox-pay__block">
            <h2 className="sandbox-pay__subtitle">{t('sandboxPay.schedule')}</h2>
            <ol className="schedule">
              {session.schedule.map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional
                <li key={i} className={`schedule__part${i === 0 ? ' schedule__part--now' : ''}`}>
                  <span className="schedule__bar" aria-hidden="true" />
                  <span className="schedule__sum">{money(part)}</span>
                  <span className="schedule__when">
                    {session.kind === 'instalment'
                      ? t('sandboxPay.month', { n: i + 1 })
                      : i === 0
                        ? t('payment.schedule.now')
                        : t('payment.schedule.later', { weeks: i * 2 })}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        <div className="sandbox-pay__block">
          <h2 className="sandbox-pay__subtitle">{t('sandboxPay.lines')}</h2>
          <ul className="sandbox-pay__lines">
            {session.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line may repeat a name in another size
              <li key={i} className="sandbox-pay__line">
                <span>
                  {line.name}
                  {line.count > 1 ? <span className="sandbox-pay__count"> × {line.count}</span> : null}
                </span>
                <span>{money(line.price * line.count)}</span>
              </li>
            ))}
          </ul>
        </div>
        {session.status === 'pending' ? (
          <>
            <div className="sandbox-pay__test-card" aria-hidden="true">
              <span>{t('sandboxPay.testCard')}</span>
              <span className="sandbox-pay__card-number">4242 4242 4242 4242</span>
            </div>
            <p className="sandbox-pay__note">{t('sandboxPay.note')}</p>
            {error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="sandbox-pay__actions">
              <button
                type="button"
                className="button button--dark"
                disabled={busy !== null}
                onClick={() => void decide('pay')}
              >
                {busy === 'pay' ? t('sandboxPay.working') : t('sandboxPay.pay')}
              </button>
              <button
                type="button"
                className="button button--light sandbox-pay__decline"
                disabled={busy !== null}
                onClick={() => void decide('decline')}
              >
                {busy === 'decline' ? t('sandboxPay.working') : t('sandboxPay.decline')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="sandbox-pay__done" role="status">
              {t(`sandboxPay.done.${session.status}`)}
            </p>
            <a
              className="button button--dark"
              href={session.status === 'paid' ? session.successUrl : session.failUrl}
            >
              {t('sandboxPay.back')}
            </a>
          </>
        )}
      </section>
    </div>
  );
}

function kindText(session: SandboxPaymentView, t: ReturnType<typeof useT>): string {
  switch (session.kind) {
    case 'card':
      return t('sandboxPay.kind.card');
    case 'split':
      return t('sandboxPay.kind.split');
    case 'bnpl':
      return t('sandboxPay.kind.bnpl');
    case 'instalment':
      return t('sandboxPay.kind.instalment', { months: session.schedule.length });
    case 'phone':
      return t('sandboxPay.kind.phone');
    case 'sbp':
      return t('sandboxPay.kind.sbp');
  }
}
