import '../../admin/orders/buyout.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { settleBuyout } from '../../../core/buyout/buyout.rules.ts';
import { AdminApiError, adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { StatusBadge } from '../../admin/orders/labels.tsx';

/** `GET /api/admin/orders/:number/buyout` (server/routes/admin/buyout.routes.ts). */
export interface AdminBuyoutPage {
  order: {
    number: number;
    status: string;
    version: number;
    getWay: string;
    fullName: string;
    phone: string;
    goodsTotal: number;
    goodsPayable: number;
    promoDiscount: number;
    deliveryPrice: number;
    prepaid: boolean;
  };
  lines: {
    id: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    oldPrice: number | null;
    count: number;
  }[];
  canRecord: boolean;
  refusal: string | null;
  buyout: {
    mode: 'pay' | 'refund' | 'none';
    status: 'awaiting_payment' | 'paid' | 'refund_started' | 'refunded' | 'refund_failed' | 'closed';
    kept: { lineId: number; count: number }[];
    keptAmount: number;
    returnedAmount: number;
    amount: number;
    paymentState: 'none' | 'pending' | 'declined' | 'paid';
    paymentUrl: string | null;
    qrSvg: string | null;
    version: number;
    createdAt: string;
    paidAt: string | null;
  } | null;
}

export async function clientLoader({ params }: { params: { number?: string } }) {
  return adminApi<AdminBuyoutPage>(`/api/admin/orders/${encodeURIComponent(params.number ?? '')}/buyout`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type Tr = (ru: string, en: string) => string;

function buyoutStatusLabel(status: NonNullable<AdminBuyoutPage['buyout']>['status'], tr: Tr): string {
  switch (status) {
    case 'awaiting_payment':
      return tr('Ждёт оплаты', 'Awaiting payment');
    case 'paid':
      return tr('Оплачен', 'Paid');
    case 'refund_started':
      return tr('Возврат отправлен', 'Refund sent');
    case 'refunded':
      return tr('Деньги возвращены', 'Refunded');
    case 'refund_failed':
      return tr('Возврат не прошёл', 'Refund failed');
    case 'closed':
      return tr('Закрыт', 'Closed');
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
  const tr = useTr();
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  async function send(call: () => Promise<AdminBuyoutPage>) {
    setBusy(true);
    setError(null);
    try {
      const next = await call();
      setPage(next);
      setEditing(false);
    } catch (e) {
      setError(errorText(e));
      if (e instanceof AdminApiError && e.status === 409) revalidate();
    } finally {
      setBusy(false);
    }
  }

  const record = () =>
    send(() =>
      adminApi<AdminBuyoutPage>(`/api/admin/orders/${o.number}/buyout`, {
        method: 'POST',
        body: { orderVersion: o.version, kept: keptList },
      }),
    );
  const change = () =>
    send(() =>
      adminApi<AdminBuyoutPage>(`/api/admin/orders/${o.number}/buyout`, {
        method: 'PUT',
        body: { version: b?.version ?? 0, kept: keptList },
      }),
    );
  const post = (what: 'link' | 'refund' | 'check') =>
    send(() =>
      adminApi<AdminBuyoutPage>(`/api/admin/orders/${o.number}/buyout/${what}`, {
        method: 'POST',
        body: what === 'check' ? {} : { version: b?.version ?? 0 },
      }),
    );

  const setLine = (id: number, count: number, max: number) =>
    setKept((k) => ({ ...k, [id]: Math.max(0, Math.min(max, count)) }));

  const showEditor = (page.canRecord && !b) || editing;
  const amountLabel = o.prepaid ? tr('К возврату', 'To refund') : tr('К оплате', 'To pay');
  const previewAmount = o.prepaid ? preview.returnedAmount : preview.keptAmount;

  return (
    <div className="adm-page buyout">
      <div className="adm-page__head">
        <h1>
          {tr('Выкуп', 'Buyout')} · {tr('заказ', 'order')} {o.number}
        </h1>
        <StatusBadge status={o.status} locale={locale} />
        <Link className="adm-btn" to={`/admin/orders/${o.number}`}>
          {tr('К заказу', 'Back to the order')}
        </Link>
      </div>
      <p className="adm-muted buyout__who">
        {o.fullName} · <a href={`tel:+${o.phone}`}>+{o.phone}</a>
      </p>

      {page.refusal ? (
        <p className="adm-error" role="alert">
          {page.refusal}
        </p>
      ) : null}

      {b && !editing ? (
        <section className="adm-card buyout__state" aria-label={tr('Выкуп', 'Buyout')}>
          <div className="buyout__state-head">
            <span className={`adm-badge adm-badge--${tone(b.status)}`}>
              {buyoutStatusLabel(b.status, tr)}
            </span>
            {b.mode !== 'none' ? (
              <strong className="buyout__amount">
                {b.status === 'paid'
                  ? tr('Оплачено', 'Paid')
                  : b.status === 'refunded'
                    ? tr('Возвращено', 'Refunded')
                    : b.mode === 'refund'
                      ? tr('К возврату', 'To refund')
                      : tr('К оплате', 'To pay')}
                : {money(b.amount)}
              </strong>
            ) : (
              <strong className="buyout__amount">{tr('Нечего оплачивать', 'Nothing to pay')}</strong>
            )}
          </div>
          {b.status === 'awaiting_payment' && b.paymentState === 'pending' && b.paymentUrl ? (
            <div className="buyout__pay">
              {b.qrSvg ? (
                <div
                  className="buyout__qr"
                  role="img"
                  aria-label={tr('QR-код оплаты', 'Payment QR code')}
                  // The server draws it with uqr from the payment link: markup of our own.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn SVG of our own link
                  dangerouslySetInnerHTML={{ __html: b.qrSvg }}
                />
              ) : null}
              <p className="adm-muted">
                {tr(
                  'Покупатель сканирует код или открывает ссылку из SMS и письма.',
                  'The buyer scans the code or opens the link from the SMS and e-mail.',
                )}
              </p>
              <div className="buyout__row">
                <a
                  className="adm-btn adm-btn--primary buyout__link"
                  href={b.paymentUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  {tr('Ссылка на оплату', 'Payment link')}
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
                  {copied ? tr('Скопировано', 'Copied') : tr('Скопировать', 'Copy')}
                </button>
              </div>
              <p className="buyout__waiting" role="status">
                {tr('Ждём оплату…', 'Waiting for the payment…')}
              </p>
              <button
                type="button"
                className="adm-btn"
                disabled={busy || state === 'loading'}
                onClick={() => post('check')}
              >
                {tr('Проверить оплату', 'Check the payment')}
              </button>
            </div>
          ) : null}
          {b.status === 'paid' ? (
            <p className="adm-ok" role="status">
              {tr('Оплата получена', 'Payment received')}: {money(b.amount)}
            </p>
          ) : null}
          {b.status === 'refunded' ? (
            <p className="adm-ok" role="status">
              {tr('Деньги возвращены', 'Refunded')}: {money(b.amount)}
            </p>
          ) : null}
          {b.status === 'awaiting_payment' && b.paymentState !== 'pending' ? (
            <div className="buyout__row">
              <p className="adm-error" role="alert">
                {b.paymentState === 'declined'
                  ? tr('Оплата не прошла', 'The payment was declined')
                  : tr('Ссылку на оплату создать не удалось', 'The payment link could not be made')}
              </p>
              <button
                type="button"
                className="adm-btn adm-btn--primary"
                disabled={busy}
                onClick={() => post('link')}
              >
                {tr('Новая ссылка на оплату', 'New payment link')}
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
              {tr('Повторить возврат', 'Try the refund again')}
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
                    {tr('оставил', 'kept')} {k} {tr('из', 'of')} {l.count}
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
              {tr('Изменить выкуп', 'Change the buyout')}
            </button>
          ) : null}
        </section>
      ) : null}

      {showEditor ? (
        <section className="buyout__editor" aria-label={tr('Что оставил покупатель', 'What the buyer kept')}>
          <h2>{tr('Что оставил покупатель', 'What the buyer kept')}</h2>
          <div className="buyout__row">
            <button
              type="button"
              className="adm-btn"
              onClick={() => setKept(Object.fromEntries(page.lines.map((l) => [l.id, l.count])))}
            >
              {tr('Оставил всё', 'Kept everything')}
            </button>
            <button type="button" className="adm-btn" onClick={() => setKept({})}>
              {tr('Ничего не оставил', 'Kept nothing')}
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
                      {l.oldPrice !== null ? ` · ${tr('со скидкой', 'discounted')}` : ''}
                    </span>
                  </div>
                  {l.count === 1 ? (
                    <label className="buyout__toggle">
                      <input
                        type="checkbox"
                        checked={k === 1}
                        onChange={(e) => setLine(l.id, e.target.checked ? 1 : 0, 1)}
                        aria-label={`${tr('Оставил', 'Kept')}: ${name}`}
                      />
                      <span>{tr('Оставил', 'Kept')}</span>
                    </label>
                  ) : (
                    <fieldset className="buyout__stepper" aria-label={`${tr('Оставил', 'Kept')}: ${name}`}>
                      <button
                        type="button"
                        className="adm-btn"
                        aria-label={tr('Меньше', 'Fewer')}
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
                        aria-label={tr('Больше', 'More')}
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
                {tr('Вернётся на склад', 'Back to stock')}: {unitsBack} {tr('шт.', 'pcs')}
                {o.prepaid ? '' : ` · ${tr('доставка оплачена при заказе', 'delivery paid at checkout')}`}
              </div>
            </div>
            <div className="buyout__row">
              {editing ? (
                <button type="button" className="adm-btn" disabled={busy} onClick={() => setEditing(false)}>
                  {tr('Отмена', 'Cancel')}
                </button>
              ) : null}
              <button
                type="button"
                className="adm-btn adm-btn--primary"
                disabled={busy}
                onClick={editing ? change : record}
              >
                {editing
                  ? tr('Сохранить выкуп', 'Save the buyout')
                  : tr('Записать выкуп', 'Record the buyout')}
              </button>
            </div>
          </div>
        </section>
      ) : null}

      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
