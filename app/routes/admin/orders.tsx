import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData } from 'react-router';
import { getWays } from '../../../core/delivery/delivery.rules.ts';
import { currencies } from '../../../core/money.ts';
import { orderStatuses } from '../../../core/orders/order.rules.ts';
import { paymentMethods } from '../../../core/payments/payment.rules.ts';
import { adminApi, errorText, storedAdminLocale } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { getWayLabel, paymentLabel, StatusBadge, statusLabel } from '../../admin/orders/labels.tsx';

interface OrderRow {
  number: number;
  createdAt: string;
  status: string;
  fullName: string;
  phone: string;
  email: string;
  getWay: string;
  payment: string;
  promoCode: string | null;
  locale: string;
  displayCurrency: string;
  displayTotal: number | null;
  total: number;
  items: number;
}
interface OrderPage {
  rows: OrderRow[];
  next: number | null;
  total: number;
  totalCapped: boolean;
}

const FILTERS = ['q', 'status', 'from', 'to', 'getWay', 'payment', 'promo', 'locale', 'currency'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

function filtersOf(url: URL): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export async function clientLoader({ request }: { request: Request }) {
  const params = filtersOf(new URL(request.url));
  const page = await adminApi<OrderPage>(`/api/admin/orders?${params}`);
  return { ...page, filters: Object.fromEntries(params) as Filters, query: params.toString() };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function OrdersPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const first = useLoaderData<typeof clientLoader>();
  const [rows, setRows] = useState(first.rows);
  const [next, setNext] = useState(first.next);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(first.rows);
    setNext(first.next);
  }, [first]);

  async function loadMore() {
    if (next === null) return;
    setBusy(true);
    setError(null);
    try {
      const params = new URLSearchParams(first.query);
      params.set('before', String(next));
      const page = await adminApi<OrderPage>(`/api/admin/orders?${params}`);
      setRows((r) => [...r, ...page.rows]);
      setNext(page.next);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const f = first.filters;
  const csv = new URLSearchParams(first.query);
  csv.set('lang', typeof window === 'undefined' ? 'ru' : storedAdminLocale());
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Заказы', 'Orders')}</h1>
        <span className="adm-muted">
          {first.totalCapped
            ? tr(
                `больше ${first.total.toLocaleString('ru-RU')}`,
                `more than ${first.total.toLocaleString('en-GB')}`,
              )
            : tr(`найдено: ${first.total}`, `found: ${first.total}`)}
        </span>
        <a className="adm-btn" href={`/api/admin/orders/export.csv?${csv}`} download>
          {tr('Скачать CSV', 'Download CSV')}
        </a>
      </div>
      <Form method="get" className="adm-filters" aria-label={tr('Фильтры', 'Filters')}>
        <label className="adm-field adm-ord__search">
          {tr('Поиск', 'Search')}
          <input
            name="q"
            type="search"
            defaultValue={f.q ?? ''}
            maxLength={100}
            placeholder={tr('номер, телефон, e-mail, имя', 'number, phone, e-mail, name')}
          />
        </label>
        <label className="adm-field">
          {tr('Состояние', 'State')}
          <select name="status" defaultValue={f.status ?? ''}>
            <option value="">{tr('любое', 'any')}</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('С (МСК)', 'From (Moscow)')}
          <input name="from" type="date" defaultValue={f.from ?? ''} />
        </label>
        <label className="adm-field">
          {tr('По (МСК)', 'To (Moscow)')}
          <input name="to" type="date" defaultValue={f.to ?? ''} />
        </label>
        <label className="adm-field">
          {tr('Получение', 'Delivery')}
          <select name="getWay" defaultValue={f.getWay ?? ''}>
            <option value="">{tr('любое', 'any')}</option>
            {getWays.map((w) => (
              <option key={w} value={w}>
                {getWayLabel(w, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('Оплата', 'Payment')}
          <select name="payment" defaultValue={f.payment ?? ''}>
            <option value="">{tr('любая', 'any')}</option>
            {paymentMethods.map((p) => (
              <option key={p} value={p}>
                {paymentLabel(p, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('Промокод', 'Promo code')}
          <input name="promo" defaultValue={f.promo ?? ''} maxLength={40} />
        </label>
        <label className="adm-field">
          {tr('Издание', 'Edition')}
          <select name="locale" defaultValue={f.locale ?? ''}>
            <option value="">{tr('любое', 'any')}</option>
            <option value="ru">RU</option>
            <option value="en">EN</option>
          </select>
        </label>
        <label className="adm-field">
          {tr('Валюта', 'Currency')}
          <select name="currency" defaultValue={f.currency ?? ''}>
            <option value="">{tr('любая', 'any')}</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="adm-btn adm-btn--primary">
          {tr('Найти', 'Find')}
        </button>
        <Link to="/admin/orders" className="adm-btn">
          {tr('Сбросить', 'Reset')}
        </Link>
      </Form>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Заказов не найдено', 'No orders found')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table adm-ord__table">
            <thead>
              <tr>
                <th>№</th>
                <th>{tr('Дата', 'Date')}</th>
                <th>{tr('Состояние', 'State')}</th>
                <th>{tr('Покупатель', 'Customer')}</th>
                <th>{tr('Получение', 'Delivery')}</th>
                <th>{tr('Оплата', 'Payment')}</th>
                <th className="adm-num">{tr('Сумма', 'Total')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.number}>
                  <td>
                    <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>
                  </td>
                  <td>{formatDateTime(o.createdAt, locale)}</td>
                  <td>
                    <StatusBadge status={o.status} locale={locale} />
                  </td>
                  <td>
                    {o.fullName}
                    <div className="adm-muted">
                      +{o.phone} · {o.email}
                    </div>
                  </td>
                  <td>{getWayLabel(o.getWay, locale)}</td>
                  <td>
                    {paymentLabel(o.payment, locale)}
                    {o.promoCode ? <div className="adm-muted">{o.promoCode}</div> : null}
                  </td>
                  <td className="adm-num">
                    {formatMoney(o.total, locale)}
                    {o.displayCurrency !== 'RUB' && o.displayTotal !== null ? (
                      <div className="adm-muted">
                        {formatMoney(o.displayTotal, locale, o.displayCurrency)} · {o.locale.toUpperCase()}
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {next !== null ? (
        <div className="adm-pager">
          <button type="button" className="adm-btn" onClick={loadMore} disabled={busy}>
            {tr('Показать ещё', 'Load more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
