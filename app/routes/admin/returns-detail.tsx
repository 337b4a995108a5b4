import '../../admin/content/content.css';
import '../../admin/returns/returns.css';
import '../../admin/ui/kit.css';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { auditActionName, auditActorText, carrierName } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import {
  decisionLabel,
  exchangeStatusLabel,
  refundStatusLabel,
  returnMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
} from '../../admin/returns/labels.ts';
import { type ReturnPage, type ReturnStep, returnsApi } from '../../admin/returns/returns-api.ts';
import { AdminApiError, callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

export async function clientLoader({ params }: { params: { number?: string } }) {
  return callApi(returnsApi.get, { number: params.number ?? '' });
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
  const t = useStaffText();
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
  const [done, setDone] = useState<string | null>(null);
  // One step on the return, said when done; someone else's change (409) shows the return as it is now.
  const action = useAction(async (what: string, call: () => Promise<unknown>) => {
    try {
      await call();
      revalidate();
      return what;
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) revalidate();
      throw e;
    }
  });
  const busy = action.busy;
  const error = action.error ?? action.conflict?.message ?? null;
  async function run(what: string, call: () => Promise<unknown>) {
    setDone(null);
    const result = await action.run(what, call);
    if (result !== undefined) setDone(result);
  }
  const post = (step: ReturnStep, body: Record<string, unknown>) =>
    callApi(returnsApi.step, { number: r.number, step }, { version: r.version, ...body });

  function exchangeCell(l: ReturnPage['lines'][number]) {
    return l.exchangeSize ? (
      <>
        → {l.exchangeSize}
        <div className="adm-muted">{exchangeStatusLabel(l.exchangeStatus, t)}</div>
        {l.exchangeTracking ? <div className="adm-muted">{l.exchangeTracking}</div> : null}
        {l.exchangeStatus === 'to_ship' && page.canHandOverExchange ? (
          <button
            type="button"
            className="adm-btn adm-btn--primary"
            disabled={busy}
            onClick={() => run(t('return_page.exchange_handed_to_the'), () => post('exchange-hand-over', {}))}
          >
            {t('return_page.hand_to_the_carrier')}
            {page.exchangeCarrierName ? ` (${page.exchangeCarrierName})` : ''}
          </button>
        ) : null}
        {l.exchangeStatus === 'to_ship' && !l.exchangeCarrierId ? (
          <div className="adm-row">
            <label className="adm-field">
              <span>{t('slip.tracking')}</span>
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
                run(t('return_page.exchange_sent'), () =>
                  post('exchange-shipped', {
                    lineId: l.id,
                    tracking: (tracking[l.id] ?? '').trim(),
                  }),
                )
              }
            >
              {t('return_page.sent')}
            </button>
          </div>
        ) : null}
      </>
    ) : (
      '—'
    );
  }

  function decisionCell(l: ReturnPage['lines'][number]) {
    const d = decisions[l.id] ?? { decision: 'accepted' as Decision, reason: '' };
    return r.status === 'received' ? (
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
            {decisionLabel(k, t)}
          </label>
        ))}
        {d.decision === 'refused' ? (
          <label className="adm-field">
            <span>{t('return_page.reason_for_refusal')}</span>
            <input
              value={d.reason}
              required
              onChange={(e) => setDecisions({ ...decisions, [l.id]: { ...d, reason: e.target.value } })}
            />
          </label>
        ) : null}
      </fieldset>
    ) : (
      <>
        {decisionLabel(l.decision, t)}
        {l.decisionReason ? <div className="adm-muted">{l.decisionReason}</div> : null}
      </>
    );
  }

  const lineColumns: Column<ReturnPage['lines'][number]>[] = [
    {
      key: 'line',
      header: t('refunds.remove.line'),
      render: (l) => (
        <>
          {l.name}, {l.size}
          <div className="adm-muted">
            {l.barcode} · {money(l.price)}
          </div>
        </>
      ),
    },
    {
      key: 'units',
      header: t('return_page.units'),
      numeric: true,
      render: (l) => (
        <>
          {l.quantity} / {l.count}
        </>
      ),
    },
    { key: 'exchange', header: t('refund.source.exchange'), render: (l) => exchangeCell(l) },
    { key: 'decision', header: t('return_page.decision'), render: (l) => decisionCell(l) },
    {
      key: 'refund',
      header: t('return_page.refund'),
      numeric: true,
      render: (l) => (r.status === 'closed' ? money(l.refundAmount) : '—'),
    },
  ];

  return (
    <div className="adm-page adm-ord">
      <PageHead
        title={
          <>
            {t('entity.return')} {r.label}
          </>
        }
        hint={formatDateTime(r.createdAt, locale)}
      >
        <Link className="adm-btn" to={`/admin/orders/${r.orderNumber}`}>
          {t('entity.order')} {r.orderNumber}
        </Link>
      </PageHead>
      <section className="adm-card" aria-label={t('order_page.actions')}>
        <p>
          <strong>{returnStatusLabel(r.status, t)}</strong>
        </p>
        {r.status === 'requested' ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() => run(t('return_page.parcel_received'), () => post('receive', {}))}
            >
              {t('return_page.parcel_received')}
            </button>
            {page.canRegisterParcel ? (
              <button
                type="button"
                className="adm-btn"
                disabled={busy}
                onClick={() => run(t('return_page.return_code_registered'), () => post('parcel-retry', {}))}
              >
                {t('return_page.register_the_return_with')}
              </button>
            ) : null}
          </div>
        ) : null}
        {page.canCancel ? (
          <div className="adm-row adm-ord__actions">
            <label className="adm-field">
              <span>{t('return_page.why_the_return_is')}</span>
              <input value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} />
            </label>
            <button
              type="button"
              className="adm-btn adm-btn--danger"
              disabled={busy || cancelReason.trim().length < 3}
              onClick={() =>
                run(t('action.return.cancel'), () => post('cancel', { reason: cancelReason.trim() }))
              }
            >
              {t('return_page.cancel_the_return')}
            </button>
          </div>
        ) : null}
        {page.canRetryRefund ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() => run(t('return_page.refund_sent'), () => post('refund-retry', {}))}
            >
              {t('return_page.retry_the_refund')}
            </button>
          </div>
        ) : null}
        <ErrorNote message={error} />
        {done && !error ? (
          <StatusNote>
            {t('refunds.done')}: {done}
          </StatusNote>
        ) : null}
      </section>

      <section className="adm-card">
        <h2>{t('return_page.items')}</h2>
        <DataTable
          label={t('return_page.items')}
          columns={lineColumns}
          rows={page.lines}
          rowKey={(l) => l.id}
        />
        {r.status === 'received' ? (
          <div className="adm-row adm-ord__actions">
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() =>
                run(t('return_page.decision_saved'), () =>
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
                  t('return_page.save_and_exchange')
                : t('return_page.save_and_refund')}
            </button>
          </div>
        ) : null}
      </section>

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{t('entity.return')}</h2>
          <dl className="adm-dl">
            <dt>{t('return_page.way_back')}</dt>
            <dd>
              {returnMethodLabel(r.method, t)}
              {r.carrier ? ` · ${carrierName(r.carrier, locale)}` : ''}
            </dd>
            <dt>{t('return_page.carrier_code')}</dt>
            <dd className="adm-ord__mono">{r.carrierCode ?? '—'}</dd>
            {r.pickupPoint ? (
              <>
                <dt>{t('return_page.drop_off_point_the')}</dt>
                <dd className="adm-ord__mono">{r.pickupPoint}</dd>
              </>
            ) : null}
            <dt>{t('refunds.partial.reason')}</dt>
            <dd>{returnReasonLabel(r.reason, t)}</dd>
            {r.comment ? (
              <>
                <dt>{t('return_page.comment')}</dt>
                <dd>{r.comment}</dd>
              </>
            ) : null}
            <dt>{t('return_page.received')}</dt>
            <dd>{r.receivedAt ? formatDateTime(r.receivedAt, locale) : '—'}</dd>
            <dt>{t('return_page.money')}</dt>
            <dd>
              {r.status === 'closed'
                ? `${money(r.refundGoods)}${r.refundDelivery > 0 ? ` + ${t('return_page.delivery')} ${money(r.refundDelivery)}` : ''}`
                : '—'}
              <div className="adm-muted">{refundStatusLabel(r.refundStatus, t)}</div>
              {r.providerRefundId ? (
                <div className="adm-muted adm-ord__mono">{r.providerRefundId}</div>
              ) : null}
            </dd>
          </dl>
        </section>
        <section className="adm-card">
          <h2>{t('entity.order')}</h2>
          <dl className="adm-dl">
            <dt>{t('customers.col.customer')}</dt>
            <dd>
              {page.order.fullName}
              <div className="adm-muted">
                +{page.order.phone} · {page.order.email}
              </div>
            </dd>
            <dt>{t('order_page.total')}</dt>
            <dd>{money(page.order.total)}</dd>
            <dt>{t('return_page.refunded_on_the_order')}</dt>
            <dd>{money(page.order.refunded)}</dd>
            <dt>{t('return_page.the_order_s_returns')}</dt>
            <dd>
              {page.orderReturns.map((o) => (
                <div key={o.number}>
                  <Link to={`/admin/returns/${o.number}`}>{o.label}</Link> · {returnStatusLabel(o.status, t)}
                  {o.status === 'closed' ? ` · ${money(o.refund)}` : ''}
                </div>
              ))}
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card">
        <h2>{t('return_page.log')}</h2>
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
