import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { needsTrackingNumber } from '../../../core/orders/orders-admin.rules.ts';
import { shipmentCarrierOf } from '../../../core/orders/shipments.rules.ts';
import {
  auditActionName,
  auditActorText,
  carrierName,
  eventCauseText,
  orderStatusName,
  paymentNoticeName,
  paymentProviderName,
} from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { getWayLabel, paymentLabel, StatusBadge, stepLabel } from '../../admin/orders/labels.tsx';
import { MarkingPanel } from '../../admin/orders/marking-panel.tsx';
import { OpenReturn } from '../../admin/orders/open-return.tsx';
import { RefundsPanel } from '../../admin/orders/refunds-panel.tsx';
import { ShippingDocuments } from '../../admin/orders/shipping-documents.tsx';

/** The shop's own deliveries, where a buyer may try on and pay on delivery (docs/product/try-on-buyout.md). */
const isBuyoutCandidate = (getWay: string) =>
  getWay === 'moscow-try' || getWay === 'moscow' || getWay === 'self';

export interface AdminOrderPage {
  order: {
    number: number;
    status: string;
    version: number;
    createdAt: string;
    locale: string;
    displayCurrency: string;
    displayTotal: number | null;
    getWay: string;
    payment: string;
    fullName: string;
    phone: string;
    email: string;
    comment: string;
    staffComment: string;
    trackingNumber: string | null;
    delivery: {
      city: string;
      countryCode?: string;
      address: string;
      room: string;
      postal: string;
      pvzID: string | null;
      pvz: string | null;
      deliveryDate: string | null;
      deliveryTime: string | null;
      outMKAD: boolean | null;
    };
    goodsTotal: number;
    goodsPayable: number;
    deliveryPrice: number;
    promoCode: string | null;
    promoDiscount: number;
    total: number;
    instalmentMonths: number | null;
    paymentProvider: string | null;
    paymentId: string | null;
    payerPhone: string | null;
  };
  lines: {
    id: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    count: number;
    variantId: string;
  }[];
  events: { id: number; fromStatus: string | null; toStatus: string; cause: string; at: string }[];
  notices: { id: string; provider: string; outcome: string; receivedAt: string }[];
  audit: { id: number; at: string; actorLabel: string; action: string }[];
  steps: string[];
  canRefund: boolean;
  /** A paid try-on order not handed over in time: cancelled after its grace period unless kept. */
  canKeepTryOn: boolean;
}

export async function clientLoader({ params }: { params: { number?: string } }) {
  return adminApi<AdminOrderPage>(`/api/admin/orders/${encodeURIComponent(params.number ?? '')}`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function OrderPageView() {
  const tr = useTr();
  const locale = useAdminLocale();
  const page = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const o = page.order;
  const [tracking, setTracking] = useState(o.trackingNumber ?? '');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState(o.staffComment);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const money = (k: number) => formatMoney(k, locale);

  async function run(what: string, call: () => Promise<unknown>, confirmText?: string) {
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call();
      setDone(what);
      revalidate();
    } catch (e) {
      setError({ text: errorText(e), field: e instanceof AdminApiError ? e.field : undefined });
      // Someone else changed the order: show its current state (the typed texts stay).
      if (e instanceof AdminApiError && e.status === 409) revalidate();
    } finally {
      setBusy(false);
    }
  }

  const step = (to: string) =>
    run(
      stepLabel(to, tr),
      () =>
        adminApi(`/api/admin/orders/${o.number}/steps`, {
          method: 'POST',
          body: {
            version: o.version,
            from: o.status,
            to,
            trackingNumber: to === 'shipped' && tracking.trim() ? tracking.trim() : undefined,
            reason: to === 'cancelled' && reason.trim() ? reason.trim() : undefined,
          },
        }),
      to === 'cancelled'
        ? tr(
            `Отменить заказ ${o.number}? Товары вернутся на склад.`,
            `Cancel order ${o.number}? Its items go back to stock.`,
          )
        : undefined,
    );

  // Hand to the carrier: the parcel is registered with the order's carrier, which gives the number.
  const carrier = page.steps.includes('shipped') ? shipmentCarrierOf(o) : null;
  const handOver = () =>
    run(tr('Передано перевозчику', 'Handed to the carrier'), () =>
      adminApi(`/api/admin/orders/${o.number}/hand-over`, { method: 'POST', body: { version: o.version } }),
    );

  const d = o.delivery;
  return (
    <div className="adm-page adm-ord">
      <div className="adm-page__head">
        <h1>
          {tr('Заказ', 'Order')} {o.number}
        </h1>
        <StatusBadge status={o.status} locale={locale} />
        <span className="adm-muted">{formatDateTime(o.createdAt, locale)}</span>
        <Link className="adm-btn" to={`/admin/orders/${o.number}/packing-slip`}>
          {tr('Упаковочный лист', 'Packing slip')}
        </Link>
        {o.status === 'delivered' ? (
          <Link className="adm-btn" to={`/admin/returns?status=all&order=${o.number}`}>
            {tr('Возвраты', 'Returns')}
          </Link>
        ) : null}
        {isBuyoutCandidate(o.getWay) ? (
          <Link className="adm-btn adm-btn--primary" to={`/admin/orders/${o.number}/buyout`}>
            {tr('Выкуп после примерки', 'Try-on buyout')}
          </Link>
        ) : null}
      </div>

      <section className="adm-card" aria-label={tr('Действия', 'Actions')}>
        <h2>{tr('Действия', 'Actions')}</h2>
        {page.steps.length === 0 && !page.canRefund ? (
          <p className="adm-muted">{tr('Заказ закрыт', 'The order is closed')}</p>
        ) : null}
        {carrier ? (
          <div className="adm-row adm-ord__actions">
            <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={handOver}>
              {tr('Передать в', 'Hand to')} {carrierName(carrier, locale)}
            </button>
            <span className="adm-muted">
              {tr(
                'создаст отправление у перевозчика и сохранит его трек-номер',
                'registers the parcel with the carrier and keeps its tracking number',
              )}
            </span>
          </div>
        ) : null}
        <div className="adm-row adm-ord__actions">
          {page.steps.includes('shipped') ? (
            <label className="adm-field">
              {tr('Трек-номер', 'Tracking number')}
              {needsTrackingNumber(o.getWay) ? ' *' : ''}
              <input
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                maxLength={40}
                aria-invalid={error?.field === 'trackingNumber' || undefined}
              />
            </label>
          ) : null}
          {page.steps
            .filter((s) => s !== 'cancelled')
            .map((s) => (
              <button
                key={s}
                type="button"
                className="adm-btn adm-btn--primary"
                disabled={busy}
                onClick={() => step(s)}
              >
                {stepLabel(s, tr)}
              </button>
            ))}
        </div>
        {page.steps.includes('cancelled') ? (
          <div className="adm-row adm-ord__actions">
            <label className="adm-field">
              {tr('Причина отмены', 'Reason for cancelling')}
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            </label>
            <button
              type="button"
              className="adm-btn adm-btn--danger"
              disabled={busy}
              onClick={() => step('cancelled')}
            >
              {stepLabel('cancelled', tr)}
            </button>
          </div>
        ) : null}
        {page.canKeepTryOn ? (
          <div className="adm-row adm-ord__actions">
            <p className="adm-muted">
              {tr(
                'Примерка не передана курьеру вовремя: заказ будет отменён с возвратом доставки, если его не оставить.',
                'The try-on was not handed to the courier in time: the order is cancelled with its delivery refunded unless kept.',
              )}
            </p>
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() =>
                run(tr('Заказ оставлен', 'Order kept'), () =>
                  adminApi(`/api/admin/orders/${o.number}/keep-try-on`, {
                    method: 'POST',
                    body: { version: o.version },
                  }),
                )
              }
            >
              {tr('Оставить заказ', 'Keep this order')}
            </button>
          </div>
        ) : null}
        {page.canRefund ? (
          <button
            type="button"
            className="adm-btn adm-btn--danger"
            disabled={busy}
            onClick={() =>
              run(tr('Возврат', 'Refund'), () =>
                adminApi(`/api/admin/orders/${o.number}/refund`, {
                  method: 'POST',
                  body: { version: o.version },
                }),
              )
            }
          >
            {tr(`Вернуть ${money(o.total)}`, `Refund ${money(o.total)}`)}
          </button>
        ) : null}
        {error ? (
          <p className="adm-error" role="alert">
            {error.text}
          </p>
        ) : null}
        {done ? (
          <p className="adm-ok" role="status">
            {tr('Готово', 'Done')}: {done}
          </p>
        ) : null}
      </section>
      <ShippingDocuments number={o.number} version={o.version} slip={false} />
      <MarkingPanel number={o.number} version={o.version} />
      <RefundsPanel order={o} lines={page.lines} onChanged={revalidate} />
      {o.status === 'delivered' ? (
        <OpenReturn number={o.number} lines={page.lines} onOpened={revalidate} />
      ) : null}

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{tr('Покупатель', 'Customer')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Имя', 'Name')}</dt>
            <dd>{o.fullName}</dd>
            <dt>{tr('Телефон', 'Phone')}</dt>
            <dd>
              <a href={`tel:+${o.phone}`}>+{o.phone}</a>
            </dd>
            <dt>E-mail</dt>
            <dd>{o.email}</dd>
            <dt>{tr('Издание', 'Edition')}</dt>
            <dd>
              {o.locale.toUpperCase()} · {o.displayCurrency}
            </dd>
            {o.comment ? (
              <>
                <dt>{tr('Комментарий покупателя', 'Customer’s comment')}</dt>
                <dd>{o.comment}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="adm-card">
          <h2>{tr('Доставка', 'Delivery')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Способ', 'Method')}</dt>
            <dd>{getWayLabel(o.getWay, locale)}</dd>
            {d.pvz ? (
              <>
                <dt>{tr('Пункт выдачи', 'Pickup point')}</dt>
                <dd>
                  {d.pvz} {d.pvzID ? <span className="adm-muted">({d.pvzID})</span> : null}
                </dd>
              </>
            ) : null}
            <dt>{tr('Адрес', 'Address')}</dt>
            <dd>
              {[d.postal, d.city, d.address, d.room ? `${tr('кв.', 'apt')} ${d.room}` : '']
                .filter(Boolean)
                .join(', ')}
            </dd>
            {d.outMKAD !== null ? (
              <>
                <dt>{tr('Зона Москвы', 'Moscow zone')}</dt>
                <dd>{d.outMKAD ? tr('за МКАД', 'outside MKAD') : tr('в пределах МКАД', 'inside MKAD')}</dd>
              </>
            ) : null}
            {d.deliveryDate ? (
              <>
                <dt>{tr('Дата и время', 'Date and time')}</dt>
                <dd>
                  {d.deliveryDate} {d.deliveryTime ?? ''}
                </dd>
              </>
            ) : null}
            <dt>{tr('Трек-номер', 'Tracking number')}</dt>
            <dd>{o.trackingNumber ?? '—'}</dd>
          </dl>
        </section>
        <section className="adm-card">
          <h2>{tr('Оплата', 'Payment')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Способ', 'Method')}</dt>
            <dd>
              {paymentLabel(o.payment, locale)}
              {o.instalmentMonths ? ` · ${o.instalmentMonths} ${tr('мес.', 'months')}` : ''}
            </dd>
            <dt>{tr('Провайдер', 'Provider')}</dt>
            <dd>{o.paymentProvider ? paymentProviderName(o.paymentProvider, locale) : '—'}</dd>
            <dt>{tr('Платёж', 'Payment id')}</dt>
            <dd className="adm-ord__mono">{o.paymentId ?? '—'}</dd>
            {o.payerPhone ? (
              <>
                <dt>{tr('Плательщик', 'Payer')}</dt>
                <dd>+{o.payerPhone}</dd>
              </>
            ) : null}
            <dt>{tr('Уведомления', 'Notices')}</dt>
            <dd>
              {page.notices.length === 0
                ? '—'
                : page.notices.map((n) => (
                    <div key={n.id}>
                      {formatDateTime(n.receivedAt, locale)} · {paymentNoticeName(n.outcome, locale)}{' '}
                      <span className="adm-muted adm-ord__mono">{n.id}</span>
                    </div>
                  ))}
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card">
        <h2>{tr('Товары', 'Items')}</h2>
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{tr('Товар', 'Item')}</th>
                <th>{tr('Размер', 'Size')}</th>
                <th>{tr('Штрихкод', 'Barcode')}</th>
                <th className="adm-num">{tr('Кол-во', 'Qty')}</th>
                <th className="adm-num">{tr('Цена', 'Price')}</th>
                <th className="adm-num">{tr('Сумма', 'Sum')}</th>
              </tr>
            </thead>
            <tbody>
              {page.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.name}</td>
                  <td>{l.size}</td>
                  <td className="adm-ord__mono">{l.barcode}</td>
                  <td className="adm-num">{l.count}</td>
                  <td className="adm-num">{money(l.price)}</td>
                  <td className="adm-num">{money(l.price * l.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="adm-dl adm-ord__totals">
          <dt>{tr('Товары', 'Goods')}</dt>
          <dd>{money(o.goodsTotal)}</dd>
          {o.promoCode ? (
            <>
              <dt>
                {tr('Промокод', 'Promo code')} {o.promoCode}
              </dt>
              <dd>−{money(o.promoDiscount)}</dd>
            </>
          ) : null}
          <dt>{tr('Доставка', 'Delivery')}</dt>
          <dd>{money(o.deliveryPrice)}</dd>
          <dt>{tr('Итого', 'Total')}</dt>
          <dd>
            <strong>{money(o.total)}</strong>
            {o.displayTotal !== null && o.displayCurrency !== 'RUB'
              ? ` (${formatMoney(o.displayTotal, locale, o.displayCurrency)})`
              : ''}
          </dd>
        </dl>
      </section>

      <section className="adm-card">
        <h2>{tr('Комментарий сотрудников', 'Staff comment')}</h2>
        <textarea
          className="adm-ord__comment"
          aria-label={tr('Комментарий сотрудников', 'Staff comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={2000}
          rows={3}
        />
        <button
          type="button"
          className="adm-btn"
          disabled={busy || comment === o.staffComment}
          onClick={() =>
            run(tr('Комментарий сохранён', 'Comment saved'), () =>
              adminApi(`/api/admin/orders/${o.number}/comment`, {
                method: 'PUT',
                body: { version: o.version, staffComment: comment },
              }),
            )
          }
        >
          {tr('Сохранить комментарий', 'Save the comment')}
        </button>
      </section>

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{tr('История', 'History')}</h2>
          <ol className="adm-ord__events">
            {page.events.map((e) => (
              <li key={e.id}>
                <span className="adm-muted">{formatDateTime(e.at, locale)}</span>{' '}
                {e.fromStatus && e.fromStatus !== e.toStatus
                  ? `${orderStatusName(e.fromStatus, locale)} → ${orderStatusName(e.toStatus, locale)}`
                  : orderStatusName(e.toStatus, locale)}
                <div>{eventCauseText(e.cause, locale)}</div>
              </li>
            ))}
          </ol>
        </section>
        <section className="adm-card">
          <h2>{tr('Изменения сотрудников', 'Staff changes')}</h2>
          <ol className="adm-ord__events">
            {page.audit.map((a) => (
              <li key={a.id}>
                <span className="adm-muted">{formatDateTime(a.at, locale)}</span>{' '}
                {auditActionName(a.action, locale)}
                <div className="adm-muted">{auditActorText(a.actorLabel, locale)}</div>
              </li>
            ))}
          </ol>
          <Link to={`/admin/audit?entityType=order&entityId=${o.number}`}>
            {tr('Все записи журнала', 'All audit entries')}
          </Link>
        </section>
      </div>
    </div>
  );
}
