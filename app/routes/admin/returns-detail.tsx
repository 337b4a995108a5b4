import '../../admin/content/content.css';
import '../../admin/returns/returns.css';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { auditActionName, auditActorText, carrierName } from '../../../core/staff-messages.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import {
  decisionLabel,
  exchangeStatusLabel,
  refundStatusLabel,
  returnMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
} from '../../admin/returns/labels.ts';

interface ReturnPage {
  return: {
    number: number;
    label: string;
    orderNumber: number;
    status: string;
    method: string;
    reason: string;
    comment: string;
    carrier: string | null;
    carrierCode: string | null;
    /** The carrier's point the buyer chose to bring the parcel to; null: the order's own. */
    pickupPoint: string | null;
    createdAt: string;
    receivedAt: string | null;
    decidedAt: string | null;
    refundGoods: number;
    refundDelivery: number;
    refundStatus: string;
    providerRefundId: string | null;
    version: number;
  };
  lines: {
    id: number;
    quantity: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    count: number;
    exchangeSize: string | null;
    exchangeStatus: string;
    exchangeTracking: string | null;
    exchangeCarrierId: string | null;
    decision: string;
    decisionReason: string;
    refundAmount: number;
  }[];
  order: {
    number: number;
    status: string;
    fullName: string;
    phone: string;
    email: string;
    goodsTotal: number;
    promoDiscount: number;
    deliveryPrice: number;
    total: number;
    refunded: number;
  };
  orderReturns: { number: number; label: string; status: string; refund: number; refundStatus: string }[];
  audit: { id: number; at: string; actorLabel: string; action: string }[];
  canRetryRefund: boolean;
  canRegisterParcel: boolean;
  canCancel: boolean;
  canHandOverExchange: boolean;
  exchangeCarrierName: string | null;
}

export async function clientLoader({ params }: { params: { number?: string } }) {
  return adminApi<ReturnPage>(`/api/admin/returns/${encodeURIComponent(params.number ?? '')}`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type Decision = 'accepted' | 'defective' | 'refused';

/**
 * One return (docs/product/returns.md): receive the parcel, decide each line (to stock, defective,
 * refused with a reason), see the refund go to the bank and retry it, send an exchange's new size.
 */
export default function ReturnDetail() {
  const tr = useTr();
  const locale = useAdminLocale();
  const page = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const r = page.return;
  const money = (k: number) => formatMoney(k, locale);
  const [decisions, setDecisions] = useState<Record<number, { decision: Decision; reason: string }>>(() =>
    Object.fromEntries(page.lines.map((l) => [l.id, { decision: 'accepted' as Decision, reason: '' }])),
  );
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [cancelReason, setCancelReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(what: string, call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call();
      setDone(what);
      revalidate();
    } catch (e) {
      setError(errorText(e));
      if (e instanceof AdminApiError && e.status === 409) revalidate();
    } finally {
      setBusy(false);
    }
  }
  const post = (step: string, body: object) =>
    adminApi(`/api/admin/returns/${r.number}/${step}`, {
      method: 'POST',
      body: { version: r.version, ...body },
    });

  return (
    <div className="adm-page adm-ord">
      <div className="adm-page__head">
        <h1>
          {tr('Возврат', 'Return')} {r.label}
        </h1>
        <span className="adm-muted">{formatDateTime(r.createdAt, locale)}</span>
        <Link className="adm-btn" to={`/admin/orders/${r.orderNumber}`}>
          {tr('Заказ', 'Order')} {r.orderNumber}
        </Link>
      </div>
      <section className="adm-card" aria-label={tr('Действия', 'Actions')}>
        <p>
          <strong>{returnStatusLabel(r.status, tr)}</strong>
        </p>
        {r.status === 'requested' ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() => run(tr('Посылка получена', 'Parcel received'), () => post('receive', {}))}
            >
              {tr('Посылка получена', 'Parcel received')}
            </button>
            {page.canRegisterParcel ? (
              <button
                type="button"
                className="adm-btn"
                disabled={busy}
                onClick={() =>
                  run(tr('Код возврата получен', 'Return code registered'), () => post('parcel-retry', {}))
                }
              >
                {tr('Запросить код возврата у перевозчика', 'Register the return with the carrier')}
              </button>
            ) : null}
          </div>
        ) : null}
        {page.canCancel ? (
          <div className="adm-row adm-ord__actions">
            <label className="adm-field">
              <span>{tr('Причина отмены возврата', 'Why the return is cancelled')}</span>
              <input value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} />
            </label>
            <button
              type="button"
              className="adm-btn adm-btn--danger"
              disabled={busy || cancelReason.trim().length < 3}
              onClick={() =>
                run(tr('Возврат отменён', 'Return cancelled'), () =>
                  post('cancel', { reason: cancelReason.trim() }),
                )
              }
            >
              {tr('Отменить возврат', 'Cancel the return')}
            </button>
          </div>
        ) : null}
        {page.canRetryRefund ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() =>
                run(tr('Возврат денег отправлен', 'Refund sent'), () => post('refund-retry', {}))
              }
            >
              {tr('Повторить возврат денег', 'Retry the refund')}
            </button>
          </div>
        ) : null}
        {error ? (
          <p className="adm-error" role="alert">
            {error}
          </p>
        ) : null}
        {done ? (
          <p className="adm-ok" role="status">
            {tr('Готово', 'Done')}: {done}
          </p>
        ) : null}
      </section>

      <section className="adm-card">
        <h2>{tr('Вещи', 'Items')}</h2>
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{tr('Товар', 'Item')}</th>
                <th className="adm-num">{tr('Штук', 'Units')}</th>
                <th>{tr('Обмен', 'Exchange')}</th>
                <th>{tr('Решение', 'Decision')}</th>
                <th className="adm-num">{tr('К возврату', 'Refund')}</th>
              </tr>
            </thead>
            <tbody>
              {page.lines.map((l) => {
                const d = decisions[l.id] ?? { decision: 'accepted' as Decision, reason: '' };
                return (
                  <tr key={l.id}>
                    <td>
                      {l.name}, {l.size}
                      <div className="adm-muted">
                        {l.barcode} · {money(l.price)}
                      </div>
                    </td>
                    <td className="adm-num">
                      {l.quantity} / {l.count}
                    </td>
                    <td>
                      {l.exchangeSize ? (
                        <>
                          → {l.exchangeSize}
                          <div className="adm-muted">{exchangeStatusLabel(l.exchangeStatus, tr)}</div>
                          {l.exchangeTracking ? <div className="adm-muted">{l.exchangeTracking}</div> : null}
                          {l.exchangeStatus === 'to_ship' && page.canHandOverExchange ? (
                            <button
                              type="button"
                              className="adm-btn adm-btn--primary"
                              disabled={busy}
                              onClick={() =>
                                run(tr('Обмен передан перевозчику', 'Exchange handed to the carrier'), () =>
                                  post('exchange-hand-over', {}),
                                )
                              }
                            >
                              {tr('Передать перевозчику', 'Hand to the carrier')}
                              {page.exchangeCarrierName ? ` (${page.exchangeCarrierName})` : ''}
                            </button>
                          ) : null}
                          {l.exchangeStatus === 'to_ship' && !l.exchangeCarrierId ? (
                            <div className="adm-row">
                              <label className="adm-field">
                                <span>{tr('Трек-номер', 'Tracking number')}</span>
                                <input
                                  value={tracking[l.id] ?? ''}
                                  onChange={(e) => setTracking({ ...tracking, [l.id]: e.target.value })}
                                />
                              </label>
                              <button
                                type="button"
                                className="adm-btn"
                                disabled={busy || (tracking[l.id] ?? '').trim().length < 3}
                                onClick={() =>
                                  run(tr('Обмен отправлен', 'Exchange sent'), () =>
                                    post('exchange-shipped', {
                                      lineId: l.id,
                                      tracking: (tracking[l.id] ?? '').trim(),
                                    }),
                                  )
                                }
                              >
                                {tr('Отправлен', 'Sent')}
                              </button>
                            </div>
                          ) : null}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {r.status === 'received' ? (
                        <fieldset className="adm-ret__decision">
                          <legend className="adm-muted">{`${l.name}, ${l.size}`}</legend>
                          {(['accepted', 'defective', 'refused'] as const).map((k) => (
                            <label key={k} className="adm-cnt__check">
                              <input
                                type="radio"
                                name={`decision-${l.id}`}
                                value={k}
                                checked={d.decision === k}
                                onChange={() => setDecisions({ ...decisions, [l.id]: { ...d, decision: k } })}
                              />
                              {decisionLabel(k, tr)}
                            </label>
                          ))}
                          {d.decision === 'refused' ? (
                            <label className="adm-field">
                              <span>{tr('Причина отказа', 'Reason for refusal')}</span>
                              <input
                                value={d.reason}
                                required
                                onChange={(e) =>
                                  setDecisions({ ...decisions, [l.id]: { ...d, reason: e.target.value } })
                                }
                              />
                            </label>
                          ) : null}
                        </fieldset>
                      ) : (
                        <>
                          {decisionLabel(l.decision, tr)}
                          {l.decisionReason ? <div className="adm-muted">{l.decisionReason}</div> : null}
                        </>
                      )}
                    </td>
                    <td className="adm-num">{r.status === 'closed' ? money(l.refundAmount) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {r.status === 'received' ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() =>
                run(tr('Решение сохранено', 'Decision saved'), () =>
                  post('decide', {
                    lines: page.lines.map((l) => ({
                      id: l.id,
                      decision: decisions[l.id]?.decision ?? 'accepted',
                      reason: decisions[l.id]?.reason.trim() ?? '',
                    })),
                  }),
                )
              }
            >
              {page.lines.every(
                (l) => l.exchangeSize !== null || (decisions[l.id]?.decision ?? 'accepted') === 'refused',
              )
                ? // An exchange refunds nothing: the button says what it does (issue 32).
                  tr('Сохранить решение и оформить обмен', 'Save the decision and make the exchange')
                : tr('Сохранить решение и вернуть деньги', 'Save the decision and refund')}
            </button>
          </div>
        ) : null}
      </section>

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{tr('Возврат', 'Return')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Как вернут', 'Way back')}</dt>
            <dd>
              {returnMethodLabel(r.method, tr)}
              {r.carrier ? ` · ${carrierName(r.carrier, locale)}` : ''}
            </dd>
            <dt>{tr('Код перевозчика', 'Carrier code')}</dt>
            <dd className="adm-ord__mono">{r.carrierCode ?? '—'}</dd>
            {r.pickupPoint ? (
              <>
                <dt>{tr('Пункт приёма, выбранный покупателем', 'Drop-off point the buyer chose')}</dt>
                <dd className="adm-ord__mono">{r.pickupPoint}</dd>
              </>
            ) : null}
            <dt>{tr('Причина', 'Reason')}</dt>
            <dd>{returnReasonLabel(r.reason, tr)}</dd>
            {r.comment ? (
              <>
                <dt>{tr('Комментарий', 'Comment')}</dt>
                <dd>{r.comment}</dd>
              </>
            ) : null}
            <dt>{tr('Получен', 'Received')}</dt>
            <dd>{r.receivedAt ? formatDateTime(r.receivedAt, locale) : '—'}</dd>
            <dt>{tr('Деньги', 'Refund')}</dt>
            <dd>
              {r.status === 'closed'
                ? `${money(r.refundGoods)}${r.refundDelivery > 0 ? ` + ${tr('доставка', 'delivery')} ${money(r.refundDelivery)}` : ''}`
                : '—'}
              <div className="adm-muted">{refundStatusLabel(r.refundStatus, tr)}</div>
              {r.providerRefundId ? (
                <div className="adm-muted adm-ord__mono">{r.providerRefundId}</div>
              ) : null}
            </dd>
          </dl>
        </section>
        <section className="adm-card">
          <h2>{tr('Заказ', 'Order')}</h2>
          <dl className="adm-dl">
            <dt>{tr('Покупатель', 'Customer')}</dt>
            <dd>
              {page.order.fullName}
              <div className="adm-muted">
                +{page.order.phone} · {page.order.email}
              </div>
            </dd>
            <dt>{tr('Итого', 'Total')}</dt>
            <dd>{money(page.order.total)}</dd>
            <dt>{tr('Возвращено по заказу', 'Refunded on the order')}</dt>
            <dd>{money(page.order.refunded)}</dd>
            <dt>{tr('Возвраты заказа', 'The order’s returns')}</dt>
            <dd>
              {page.orderReturns.map((o) => (
                <div key={o.number}>
                  <Link to={`/admin/returns/${o.number}`}>{o.label}</Link> · {returnStatusLabel(o.status, tr)}
                  {o.status === 'closed' ? ` · ${money(o.refund)}` : ''}
                </div>
              ))}
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card">
        <h2>{tr('Журнал', 'Log')}</h2>
        <ul className="adm-ret__log">
          {page.audit.map((a) => (
            <li key={a.id}>
              {formatDateTime(a.at, locale)} · {auditActorText(a.actorLabel, locale)} ·{' '}
              {auditActionName(a.action, locale)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
