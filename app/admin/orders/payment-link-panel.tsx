import './phone-order.css';
import { useEffect, useId, useState } from 'react';
import type { PhoneOrderView } from '../../../core/orders/phone-order.wire.ts';
import { formatDateTime, formatMoney } from '../i18n.ts';
import { callApi } from '../ui/api-client.ts';
import { ErrorNote } from '../ui/notes.tsx';
import { useStaffText } from '../ui/staff-text.ts';
import { useAction } from '../ui/use-action.ts';
import { StatusBadge, statusLabel } from './labels.tsx';
import { phoneOrdersApi } from './phone-orders-api.ts';

type Channels = 'sms' | 'email' | 'both';

/** How often the panel looks again while a sending is still in the queue. */
const QUEUED_RECHECK_MS = 2_000;

/**
 * The payment link of an order awaiting payment (docs/product/phone-orders.md): its total and hold,
 * the payment page, and sending the link to the buyer by SMS, e-mail or both, again when asked, with
 * what became of each sending. Placed on the phone-order page; the order page may take it too.
 */
export function PaymentLinkPanel({ number, initial }: { number: number; initial?: PhoneOrderView }) {
  const t = useStaffText();
  const [order, setOrder] = useState<PhoneOrderView | null>(initial ?? null);
  const [channels, setChannels] = useState<Channels>('both');
  const name = useId();
  const load = useAction(async () => setOrder((await callApi(phoneOrdersApi.get, { number })).order));
  const send = useAction(async () => {
    setOrder((await callApi(phoneOrdersApi.sendLink, { number }, { channels })).order);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per order; `load.run` is stable.
  useEffect(() => {
    if (!initial) void load.run();
  }, [number]);

  // A sending still queued is looked at again until the queue has sent it (or given up).
  const queued = order?.sends.some((s) => s.state === 'queued') ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed by each new answer.
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => void load.run(), QUEUED_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [order]);

  if (!order) {
    return (
      <section className="adm-card" aria-label={t('payment_link.title')}>
        {load.error ? (
          <p className="adm-error" role="alert">
            {load.error}
          </p>
        ) : (
          <p className="adm-muted">{t('kit.loading')}</p>
        )}
      </section>
    );
  }
  const open = order.status === 'awaiting_payment' && order.payUrl !== null;
  const hasEmail = order.email.includes('@');
  const options: { value: Channels; label: string }[] = [
    { value: 'sms', label: t('payment_link.sms', { phone: `+${order.phone}` }) },
    ...(hasEmail
      ? [
          { value: 'email' as const, label: t('payment_link.email', { email: order.email }) },
          { value: 'both' as const, label: t('payment_link.both') },
        ]
      : []),
  ];
  const chosen = hasEmail ? channels : 'sms';

  return (
    <section className="adm-card adm-plink" aria-labelledby={`${name}-title`}>
      <div className="adm-plink__head">
        <h2 id={`${name}-title`}>{t('payment_link.title')}</h2>
        <StatusBadge status={order.status} locale={t.locale} />
      </div>
      <dl className="adm-dl">
        <dt>{t('payment_link.total')}</dt>
        <dd className="adm-plink__total">{formatMoney(order.total, t.locale)}</dd>
        {open && order.payUrl && (
          <>
            <dt>{t('payment_link.open')}</dt>
            <dd>
              <a href={order.payUrl} target="_blank" rel="noopener" className="adm-plink__url">
                {order.payUrl}
              </a>
            </dd>
          </>
        )}
      </dl>
      {open ? (
        <>
          <p className="adm-muted">
            {t('payment_link.expires', { at: formatDateTime(order.expiresAt, t.locale) })}
          </p>
          <fieldset className="adm-plink__channels">
            <legend>{t('payment_link.send_by')}</legend>
            {options.map((o) => (
              <label key={o.value} className="adm-plink__channel">
                <input
                  type="radio"
                  name={`${name}-channels`}
                  value={o.value}
                  checked={chosen === o.value}
                  onChange={() => setChannels(o.value)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
          <div className="adm-row">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={send.busy}
              onClick={() => {
                if (!hasEmail) setChannels('sms');
                void send.run();
              }}
            >
              {send.busy
                ? t('payment_link.sending')
                : order.sends.length > 0
                  ? t('payment_link.resend')
                  : t('payment_link.send')}
            </button>
          </div>
        </>
      ) : (
        <p className="adm-muted">
          {t('payment_link.not_awaiting', { status: statusLabel(order.status, t.locale) })}
        </p>
      )}
      <ErrorNote message={send.error} />
      <h3 className="adm-plink__subhead">{t('payment_link.history')}</h3>
      {order.sends.length === 0 ? (
        <p className="adm-muted">{t('payment_link.none_yet')}</p>
      ) : (
        <ul className="adm-plink__sends" aria-live="polite">
          {order.sends.map((s) => (
            <li key={s.id} className={`adm-plink__send adm-plink__send--${s.state}`}>
              <span>{formatDateTime(s.at, t.locale)}</span>
              <span>{t(s.channel === 'sms' ? 'payment_link.via_sms' : 'payment_link.via_email')}</span>
              <span className="adm-plink__state">{t(`payment_link.state.${s.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
