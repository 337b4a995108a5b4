import '../../admin/ui/kit.css';
import { useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { needsTrackingNumber } from '../../../core/orders/orders-admin.rules.ts';
import type { orderStepBody } from '../../../core/orders/orders-admin.schemas.ts';
import { shipmentCarrierOf } from '../../../core/orders/shipments.rules.ts';
import {
  auditActionName,
  auditActorText,
  carrierName,
  editionName,
  eventCauseText,
  orderStatusName,
  paymentNoticeName,
  paymentProviderName,
} from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { getWayLabel, paymentLabel, StatusBadge, stepLabel } from '../../admin/orders/labels.tsx';
import { MarkingPanel } from '../../admin/orders/marking-panel.tsx';
import { OpenReturn } from '../../admin/orders/open-return.tsx';
import { type AdminOrderPage, orderApi } from '../../admin/orders/order-api.ts';
import { PaymentLinkPanel } from '../../admin/orders/payment-link-panel.tsx';
import { RefundsPanel } from '../../admin/orders/refunds-panel.tsx';
import { ShippingDocuments } from '../../admin/orders/shipping-documents.tsx';
import { AdminApiError, callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

/** The shop's own deliveries, where a buyer may try on and pay on delivery (docs/product/try-on-buyout.md). */
const isBuyoutCandidate = (getWay: string) =>
  getWay === 'moscow-try' || getWay === 'moscow' || getWay === 'self';

export type { AdminOrderPage } from '../../admin/orders/order-api.ts';

export async function clientLoader({ params }: { params: { number?: string } }) {
  return callApi(orderApi.get, { number: params.number ?? '' });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function OrderPageView() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const page = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const o = page.order;
  const [tracking, setTracking] = useState(o.trackingNumber ?? '');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState(o.staffComment);
  const fieldAtFault = useRef<string | undefined>(undefined);
  const money = (k: number) => formatMoney(k, locale);
  const [ask, confirmDialog] = useConfirm();

  // One step on the order; what it did is said when it is done. Someone else's change (409) shows the
  // order as it is now: what was typed stays.
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
  const [done, setDone] = useState<string | null>(null);
  const busy = action.busy;
  const error = action.error ?? action.conflict?.message ?? null;
  const errorField = action.error ? fieldAtFault.current : undefined;
  async function run(what: string, call: () => Promise<unknown>) {
    setDone(null);
    fieldAtFault.current = undefined;
    const result = await action.run(what, async () => {
      try {
        return await call();
      } catch (e) {
        if (e instanceof AdminApiError) fieldAtFault.current = e.field;
        throw e;
      }
    });
    if (result !== undefined) setDone(result);
  }

  async function step(to: string) {
    if (
      to === 'cancelled' &&
      !(await ask({
        title: t('order_page.cancel_order_its_items', { number: o.number }),
        confirm: stepLabel('cancelled', t),
        danger: true,
      }))
    )
      return;
    await run(stepLabel(to, t), () =>
      callApi(
        orderApi.step,
        { number: o.number },
        {
          version: o.version,
          from: o.status as z.input<typeof orderStepBody>['from'],
          to: to as z.input<typeof orderStepBody>['to'],
          trackingNumber: to === 'shipped' && tracking.trim() ? tracking.trim() : undefined,
          reason: to === 'cancelled' && reason.trim() ? reason.trim() : undefined,
        },
      ),
    );
  }

  // Hand to the carrier: the parcel is registered with the order's carrier, which gives the number.
  const carrier = page.steps.includes('shipped') ? shipmentCarrierOf(o) : null;
  const handOver = () =>
    run(t('order_page.handed_to_the_carrier'), () =>
      callApi(orderApi.handOver, { number: o.number }, { version: o.version }),
    );

  const d = o.delivery;
  const lineColumns: Column<AdminOrderPage['lines'][number]>[] = [
    { key: 'name', header: t('refunds.remove.line'), render: (l) => l.name },
    { key: 'size', header: t('slip.size'), render: (l) => l.size },
    {
      key: 'barcode',
      header: t('slip.barcode'),
      hideOnPhone: true,
      className: 'adm-ord__mono',
      render: (l) => l.barcode,
    },
    { key: 'count', header: t('slip.count'), numeric: true, render: (l) => l.count },
    {
      key: 'price',
      header: t('field.price'),
      numeric: true,
      hideOnPhone: true,
      render: (l) => money(l.price),
    },
    { key: 'sum', header: t('order_page.sum'), numeric: true, render: (l) => money(l.price * l.count) },
  ];
  return (
    <div className="adm-page adm-ord">
      <PageHead
        title={
          <>
            {t('entity.order')} {o.number}
          </>
        }
      >
        <StatusBadge status={o.status} locale={locale} />
        <span className="adm-muted">{formatDateTime(o.createdAt, locale)}</span>
        {o.source === 'phone' ? <span className="adm-badge">{t('action.order.phone')}</span> : null}
        <Link className="adm-btn" to={`/admin/orders/${o.number}/packing-slip`}>
          {t('slip.title')}
        </Link>
        {o.status === 'delivered' ? (
          <Link className="adm-btn" to={`/admin/returns?status=all&order=${o.number}`}>
            {t('customers.col.returns')}
          </Link>
        ) : null}
        {isBuyoutCandidate(o.getWay) ? (
          <Link className="adm-btn adm-btn--primary" to={`/admin/orders/${o.number}/buyout`}>
            {t('refund.source.buyout')}
          </Link>
        ) : null}
      </PageHead>

      <section className="adm-card" aria-label={t('order_page.actions')}>
        <h2>{t('order_page.actions')}</h2>
        {page.steps.length === 0 && !page.canRefund ? (
          <p className="adm-muted">{t('order_page.the_order_is_closed')}</p>
        ) : null}
        {carrier ? (
          <div className="adm-row adm-ord__actions">
            <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={handOver}>
              {t('order_page.hand_to')} {carrierName(carrier, locale)}
            </button>
            <span className="adm-muted">{t('order_page.registers_the_parcel_with')}</span>
          </div>
        ) : null}
        <div className="adm-row adm-ord__actions">
          {page.steps.includes('shipped') ? (
            <label className="adm-field">
              {t('slip.tracking')}
              {needsTrackingNumber(o.getWay) ? ' *' : ''}
              <input
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                maxLength={40}
                aria-invalid={errorField === 'trackingNumber' || undefined}
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
                {stepLabel(s, t)}
              </button>
            ))}
        </div>
        {page.steps.includes('cancelled') ? (
          <div className="adm-row adm-ord__actions">
            <label className="adm-field">
              {t('order_page.reason_for_cancelling')}
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            </label>
            <button
              type="button"
              className="adm-btn adm-btn--danger"
              disabled={busy}
              onClick={() => step('cancelled')}
            >
              {stepLabel('cancelled', t)}
            </button>
          </div>
        ) : null}
        {page.canKeepTryOn ? (
          <div className="adm-row adm-ord__actions">
            <p className="adm-muted">{t('order_page.the_try_on_was')}</p>
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() =>
                run(t('order_page.order_kept'), () =>
                  callApi(orderApi.keepTryOn, { number: o.number }, { version: o.version }),
                )
              }
            >
              {t('order_page.keep_this_order')}
            </button>
          </div>
        ) : null}
        {page.canRefund ? (
          <button
            type="button"
            className="adm-btn adm-btn--danger"
            disabled={busy}
            onClick={() =>
              run(t('order_page.refund'), () =>
                callApi(orderApi.refund, { number: o.number }, { version: o.version }),
              )
            }
          >
            {t('order_page.refund_amount', { amount: money(o.total) })}
          </button>
        ) : null}
        <ErrorNote message={error} />
        {done && !error ? (
          <StatusNote>
            {t('refunds.done')}: {done}
          </StatusNote>
        ) : null}
        {confirmDialog}
      </section>
      {/* An order waiting for its payment: its link can go to the buyer (docs/product/phone-orders.md). */}
      {o.status === 'awaiting_payment' ? <PaymentLinkPanel number={o.number} /> : null}
      <ShippingDocuments number={o.number} version={o.version} slip={false} />
      <MarkingPanel number={o.number} version={o.version} />
      <RefundsPanel order={o} lines={page.lines} onChanged={revalidate} />
      {o.status === 'delivered' ? (
        <OpenReturn number={o.number} lines={page.lines} onOpened={revalidate} />
      ) : null}

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{t('customers.col.customer')}</h2>
          <dl className="adm-dl">
            <dt>{t('order_page.name')}</dt>
            <dd>{o.fullName}</dd>
            <dt>{t('customers.phone')}</dt>
            <dd>
              <a href={`tel:+${o.phone}`}>+{o.phone}</a>
            </dd>
            <dt>E-mail</dt>
            <dd>{o.email}</dd>
            <dt>{t('order_page.edition')}</dt>
            <dd>
              {editionName(o.locale, locale)} · {o.displayCurrency}
            </dd>
            {o.comment ? (
              <>
                <dt>{t('order_page.customer_s_comment')}</dt>
                <dd>{o.comment}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="adm-card">
          <h2>{t('slip.delivery')}</h2>
          <dl className="adm-dl">
            <dt>{t('order_page.method')}</dt>
            <dd>{getWayLabel(o.getWay, locale)}</dd>
            {d.pvz ? (
              <>
                <dt>{t('slip.pickup_point')}</dt>
                <dd>
                  {d.pvz} {d.pvzID ? <span className="adm-muted">({d.pvzID})</span> : null}
                </dd>
              </>
            ) : null}
            <dt>{t('order_page.address')}</dt>
            <dd>
              {[d.postal, d.city, d.address, d.room ? `${t('order_page.apt')} ${d.room}` : '']
                .filter(Boolean)
                .join(', ')}
            </dd>
            {d.outMKAD !== null ? (
              <>
                <dt>{t('order_page.moscow_zone')}</dt>
                <dd>{d.outMKAD ? t('order_page.outside_mkad') : t('order_page.inside_mkad')}</dd>
              </>
            ) : null}
            {d.deliveryDate ? (
              <>
                <dt>{t('order_page.date_and_time')}</dt>
                <dd>
                  {d.deliveryDate} {d.deliveryTime ?? ''}
                </dd>
              </>
            ) : null}
            <dt>{t('slip.tracking')}</dt>
            <dd>{o.trackingNumber ?? '—'}</dd>
          </dl>
        </section>
        <section className="adm-card">
          <h2>{t('orders.col.payment')}</h2>
          <dl className="adm-dl">
            <dt>{t('order_page.method')}</dt>
            <dd>
              {paymentLabel(o.payment, locale)}
              {o.instalmentMonths ? ` · ${o.instalmentMonths} ${t('order_page.months')}` : ''}
            </dd>
            <dt>{t('order_page.provider')}</dt>
            <dd>{o.paymentProvider ? paymentProviderName(o.paymentProvider, locale) : '—'}</dd>
            <dt>{t('order_page.payment_id')}</dt>
            <dd className="adm-ord__mono">{o.paymentId ?? '—'}</dd>
            {o.payerPhone ? (
              <>
                <dt>{t('order_page.payer')}</dt>
                <dd>+{o.payerPhone}</dd>
              </>
            ) : null}
            <dt>{t('order_page.notices')}</dt>
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
        <h2>{t('order_page.items')}</h2>
        <DataTable
          label={t('order_page.items')}
          columns={lineColumns}
          rows={page.lines}
          rowKey={(l) => l.id}
        />
        <dl className="adm-dl adm-ord__totals">
          <dt>{t('order_page.goods')}</dt>
          <dd>{money(o.goodsTotal)}</dd>
          {o.promoCode ? (
            <>
              <dt>
                {t('promo.csv.code')} {o.promoCode}
              </dt>
              <dd>−{money(o.promoDiscount)}</dd>
            </>
          ) : null}
          <dt>{t('slip.delivery')}</dt>
          <dd>{money(o.deliveryPrice)}</dd>
          <dt>{t('order_page.total')}</dt>
          <dd>
            <strong>{money(o.total)}</strong>
            {o.displayTotal !== null && o.displayCurrency !== 'RUB'
              ? ` (${formatMoney(o.displayTotal, locale, o.displayCurrency)})`
              : ''}
          </dd>
        </dl>
      </section>

      <section className="adm-card">
        <h2>{t('order_page.staff_comment')}</h2>
        <textarea
          className="adm-ord__comment"
          aria-label={t('order_page.staff_comment')}
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
            run(t('order_page.comment_saved'), () =>
              callApi(orderApi.comment, { number: o.number }, { version: o.version, staffComment: comment }),
            )
          }
        >
          {t('order_page.save_the_comment')}
        </button>
      </section>

      <div className="adm-grid">
        <section className="adm-card">
          <h2>{t('order_page.history')}</h2>
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
          <h2>{t('order_page.staff_changes')}</h2>
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
            {t('order_page.all_audit_entries')}
          </Link>
        </section>
      </div>
    </div>
  );
}
