import '../../admin/orders/buyout.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { settleBuyout } from '../../../core/buyout/buyout.rules.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { type AdminBuyoutPage, buyoutApi } from '../../admin/orders/buyout-api.ts';
import { StatusBadge } from '../../admin/orders/labels.tsx';
import { AdminApiError, callApi } from '../../admin/ui/api-client.ts';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { type StaffText, useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

/** `GET /api/admin/orders/:number/buyout` (server/routes/admin/buyout.routes.ts). */
export type { AdminBuyoutPage } from '../../admin/orders/buyout-api.ts';

export async function clientLoader({ params }: { params: { number?: string } }) {
  return callApi(buyoutApi.get, { number: params.number ?? '' });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

function buyoutStatusLabel(status: NonNullable<AdminBuyoutPage['buyout']>['status'], t: StaffText): string {
  switch (status) {
    case 'awaiting_payment':
      return t('order.status.awaiting_payment');
    case 'paid':
      return t('order.status.paid');
    case 'refund_started':
      return t('buyout.refund_sent');
    case 'refunded':
      return t('buyout.refunded');
    case 'refund_failed':
      return t('buyout.refund_failed');
    case 'closed':
      return t('return.status.closed');
  }
}

function tone(status: NonNullable<AdminBuyoutPage['buyout']>['status']): string {
  if (status === 'paid' || status === 'refunded' || status === 'closed') return 'ok';
  if (status === 'refund_failed') return 'bad';
  return 'warn';
}

/**
 * The try-on buyout on a phone (docs/product/try-on-buyout.md): the courier's manager marks what the
 * buyer kept, the buyer pays by the link or QR code shown here, and the screen follows the payment.
 * The amounts shown before recording are a preview; the server computes its own.
 */
export default function BuyoutPageView() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const loaded = useLoaderData<typeof clientLoader>();
  const { revalidate, state } = useRevalidator();
  const [page, setPage] = useState(loaded);
  useEffect(() => setPage(loaded), [loaded]);
  const o = page.order;
  const b = page.buyout;
  const initial = () =>
    Object.fromEntries(
      page.lines.map((l) => [l.id, b ? (b.kept.find((k) => k.lineId === l.id)?.count ?? 0) : 0]),
    );
  const [kept, setKept] = useState<Record<number, number>>(initial);
  const [editing, setEditing] = useState(false);
  const [copied, setCopied] = useState(false);
  const money = (k: number) => formatMoney(k, locale);

  // While the link is open, the payment's state is read again every few seconds.
  const waiting = b?.paymentState === 'pending';
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') revalidate();
    }, 5000);
    return () => window.clearInterval(timer);
  }, [waiting, revalidate]);

  const keptList = page.lines.map((l) => ({ lineId: l.id, count: kept[l.id] ?? 0 }));
  const preview = settleBuyout(
    {
      email: '',
      phone: '',
      goodsTotal: o.goodsTotal,
      goodsPayable: o.goodsPayable,
      promoDiscount: o.promoDiscount,
      lines: page.lines.map((l) => ({ ...l, reserved: 0 })),
    },
    keptList,
  );
  const unitsBack = preview.lines.reduce((a, l) => a + l.returned, 0);

  // Each step answers with the buyout as it is now; someone else's change (409) reloads the page.
  const action = useAction(async (call: () => Promise<AdminBuyoutPage>) => {
    try {
      setPage(await call());
      setEditing(false);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) revalidate();
      throw e;
    }
  });
  const busy = action.busy;
  const error = action.error ?? action.conflict?.message ?? null;
  const send = (call: () => Promise<AdminBuyoutPage>) => action.run(call);

  const record = () =>
    send(() => callApi(buyoutApi.record, { number: o.number }, { orderVersion: o.version, kept: keptList }));
  const change = () =>
    send(() => callApi(buyoutApi.change, { number: o.number }, { version: b?.version ?? 0, kept: keptList }));
  const post = (what: 'link' | 'refund' | 'check') =>
    send(() =>
      callApi(
        buyoutApi.step,
        { number: o.number, what },
        what === 'check' ? {} : { version: b?.version ?? 0 },
      ),
    );

  const setLine = (id: number, count: number, max: number) =>
    setKept((k) => ({ ...k, [id]: Math.max(0, Math.min(max, count)) }));

  const showEditor = (page.canRecord && !b) || editing;
  const amountLabel = o.prepaid ? t('buyout.to_refund') : t('buyout.to_pay');
  const previewAmount = o.prepaid ? preview.returnedAmount : preview.keptAmount;

  return (
    <div className="adm-page buyout">
      <PageHead
        title={
          <>
            {t('buyout.buyout')} · {t('customer_page.order')} {o.number}
          </>
        }
      >
        <StatusBadge status={o.status} locale={locale} />
        <Link className="adm-btn" to={`/admin/orders/${o.number}`}>
          {t('slip.back_to_the_order')}
        </Link>
      </PageHead>
      <p className="adm-muted buyout__who">
        {o.fullName} · <a href={`tel:+${o.phone}`}>+{o.phone}</a>
      </p>

      <ErrorNote message={page.refusal} />

      {b && !editing ? (
        <section className="adm-card buyout__state" aria-label={t('buyout.buyout')}>
          <div className="buyout__state-head">
            <span className={`adm-badge adm-badge--${tone(b.status)}`}>{buyoutStatusLabel(b.status, t)}</span>
            {b.mode !== 'none' ? (
              <strong className="buyout__amount">
                {b.status === 'paid'
                  ? t('customers.col.amount')
                  : b.status === 'refunded'
                    ? t('buyout.refunded_amount')
                    : b.mode === 'refund'
                      ? t('buyout.to_refund')
                      : t('buyout.to_pay')}
                : {money(b.amount)}
              </strong>
            ) : (
              <strong className="buyout__amount">{t('buyout.nothing_to_pay')}</strong>
            )}
          </div>
          {b.status === 'awaiting_payment' && b.paymentState === 'pending' && b.paymentUrl ? (
            <div className="buyout__pay">
              {b.qrSvg ? (
                <div
                  className="buyout__qr"
                  role="img"
                  aria-label={t('buyout.payment_qr_code')}
                  // The server draws it with uqr from the payment link: markup of our own.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn SVG of our own link
                  dangerouslySetInnerHTML={{ __html: b.qrSvg }}
                />
              ) : null}
              <p className="adm-muted">{t('buyout.the_buyer_scans_the')}</p>
              <div className="buyout__row">
                <a
                  className="adm-btn adm-btn--primary buyout__link"
                  href={b.paymentUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('buyout.payment_link')}
                </a>
                <button
                  type="button"
                  className="adm-btn"
                  onClick={() =>
                    navigator.clipboard
                      ?.writeText(b.paymentUrl ?? '')
                      .then(() => setCopied(true))
                      .catch(() => setCopied(false))
                  }
                >
                  {copied ? t('buyout.copied') : t('buyout.copy')}
                </button>
              </div>
              <p className="buyout__waiting" role="status">
                {t('buyout.waiting_for_the_payment')}
              </p>
              <button
                type="button"
                className="adm-btn"
                disabled={busy || state === 'loading'}
                onClick={() => post('check')}
              >
                {t('buyout.check_the_payment')}
              </button>
            </div>
          ) : null}
          {b.status === 'paid' ? (
            <StatusNote>
              {t('buyout.payment_received')}: {money(b.amount)}
            </StatusNote>
          ) : null}
          {b.status === 'refunded' ? (
            <StatusNote>
              {t('buyout.refunded')}: {money(b.amount)}
            </StatusNote>
          ) : null}
          {b.status === 'awaiting_payment' && b.paymentState !== 'pending' ? (
            <div className="buyout__row">
              <p className="adm-error" role="alert">
                {b.paymentState === 'declined'
                  ? t('buyout.the_payment_was_declined')
                  : t('buyout.the_payment_link_could')}
              </p>
              <button
                type="button"
                className="adm-btn adm-btn--primary"
                disabled={busy}
                onClick={() => post('link')}
              >
                {t('buyout.new_payment_link')}
              </button>
            </div>
          ) : null}
          {b.status === 'refund_failed' || b.status === 'refund_started' ? (
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              disabled={busy}
              onClick={() => post('refund')}
            >
              {t('buyout.try_the_refund_again')}
            </button>
          ) : null}
          <ul className="buyout__summary">
            {page.lines.map((l) => {
              const k = b.kept.find((x) => x.lineId === l.id)?.count ?? 0;
              return (
                <li key={l.id}>
                  <span>
                    {l.name}, {l.size}
                  </span>
                  <span className="adm-muted">
                    {t('buyout.kept')} {k} {t('buyout.of')} {l.count}
                  </span>
                </li>
              );
            })}
          </ul>
          {b.status === 'awaiting_payment' ? (
            <button
              type="button"
              className="adm-btn"
              disabled={busy}
              onClick={() => {
                setKept(initial());
                setEditing(true);
              }}
            >
              {t('buyout.change_the_buyout')}
            </button>
          ) : null}
        </section>
      ) : null}

      {showEditor ? (
        <section className="buyout__editor" aria-label={t('buyout.what_the_buyer_kept')}>
          <h2>{t('buyout.what_the_buyer_kept')}</h2>
          <div className="buyout__row">
            <button
              type="button"
              className="adm-btn"
              onClick={() => setKept(Object.fromEntries(page.lines.map((l) => [l.id, l.count])))}
            >
              {t('buyout.kept_everything')}
            </button>
            <button type="button" className="adm-btn" onClick={() => setKept({})}>
              {t('buyout.kept_nothing')}
            </button>
          </div>
          <ul className="buyout__lines">
            {page.lines.map((l) => {
              const k = kept[l.id] ?? 0;
              const name = `${l.name}, ${l.size}`;
              return (
                <li key={l.id} className="buyout__line" data-kept={k > 0 || undefined}>
                  <div className="buyout__line-text">
                    <strong>{name}</strong>
                    <span className="adm-muted">
                      {money(l.price)} × {l.count}
                      {l.oldPrice !== null ? ` · ${t('buyout.discounted')}` : ''}
                    </span>
                  </div>
                  {l.count === 1 ? (
                    <label className="buyout__toggle">
                      <input
                        type="checkbox"
                        checked={k === 1}
                        onChange={(e) => setLine(l.id, e.target.checked ? 1 : 0, 1)}
                        aria-label={`${t('buyout.kept_label')}: ${name}`}
                      />
                      <span>{t('buyout.kept_label')}</span>
                    </label>
                  ) : (
                    <fieldset className="buyout__stepper" aria-label={`${t('buyout.kept_label')}: ${name}`}>
                      <button
                        type="button"
                        className="adm-btn"
                        aria-label={t('buyout.fewer')}
                        disabled={k === 0}
                        onClick={() => setLine(l.id, k - 1, l.count)}
                      >
                        −
                      </button>
                      <output aria-live="polite">
                        {k} / {l.count}
                      </output>
                      <button
                        type="button"
                        className="adm-btn"
                        aria-label={t('buyout.more')}
                        disabled={k === l.count}
                        onClick={() => setLine(l.id, k + 1, l.count)}
                      >
                        +
                      </button>
                    </fieldset>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="buyout__bar">
            <div>
              <div>
                {amountLabel}: <strong>{money(previewAmount)}</strong>
              </div>
              <div className="adm-muted">
                {t('buyout.back_to_stock')}: {unitsBack} {t('buyout.pcs')}
                {o.prepaid ? '' : ` · ${t('buyout.delivery_paid_at_checkout')}`}
              </div>
            </div>
            <div className="buyout__row">
              {editing ? (
                <button type="button" className="adm-btn" disabled={busy} onClick={() => setEditing(false)}>
                  {t('kit.cancel')}
                </button>
              ) : null}
              <button
                type="button"
                className="adm-btn adm-btn--primary"
                disabled={busy}
                onClick={editing ? change : record}
              >
                {editing ? t('buyout.save_the_buyout') : t('buyout.record_the_buyout')}
              </button>
            </div>
          </div>
        </section>
      ) : null}

      <ErrorNote message={error} />
    </div>
  );
}
