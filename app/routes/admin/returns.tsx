import '../../admin/content/content.css';
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { returnNumberFromSearch } from '../../../core/returns/returns.schemas.ts';
import { adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import {
  refundStatusLabel,
  returnMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
} from '../../admin/returns/labels.ts';

interface ReturnRow {
  number: number;
  label: string;
  orderNumber: number;
  status: string;
  method: string;
  reason: string;
  carrier: string | null;
  carrierCode: string | null;
  createdAt: string;
  refundStatus: string;
  refund: number;
  fullName: string;
  phone: string;
  units: number;
  exchanges: number;
}

const statuses = ['requested', 'received', 'closed'] as const;

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? 'requested';
  const order = url.searchParams.get('order');
  const q = url.searchParams.get('q')?.trim() ?? '';
  const label = returnNumberFromSearch(q);
  // A search looks in every state: the label names one return, a number its order.
  const query = new URLSearchParams(status === 'all' || q ? {} : { status });
  if (order && /^\d{1,10}$/.test(order)) query.set('order', order);
  if (label) query.set('number', String(label));
  else if (/^\d{1,10}$/.test(q)) query.set('order', q);
  return {
    status: q ? 'all' : status,
    q,
    ...(await adminApi<{ rows: ReturnRow[]; next: number | null }>(`/api/admin/returns?${query}`)),
  };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The returns queue (docs/product/returns.md): parcels to receive, returns to decide, closed ones. */
export default function ReturnsQueue() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows, status, q } = useLoaderData<typeof clientLoader>();
  const [, setParams] = useSearchParams();
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Возвраты и обмен', 'Returns and exchanges')}</h1>
      </div>
      <nav className="adm-cnt__tabs" aria-label={tr('Состояние возвратов', 'Return states')}>
        {[...statuses, 'all'].map((s) => (
          <Link
            key={s}
            to={`?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setParams({ status: s });
            }}
          >
            {s === 'all' ? tr('Все', 'All') : returnStatusLabel(s, tr)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="adm-filters" role="search">
        <label className="adm-field">
          {tr('Номер возврата или заказа', 'Return or order number')}
          <input name="q" defaultValue={q} placeholder="R5001" maxLength={20} />
        </label>
        <button type="submit" className="adm-btn">
          {tr('Найти', 'Search')}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Возвратов нет', 'No returns')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{tr('Возврат', 'Return')}</th>
                <th>{tr('Заказ', 'Order')}</th>
                <th>{tr('Создан', 'Asked')}</th>
                <th>{tr('Состояние', 'State')}</th>
                <th>{tr('Покупатель', 'Customer')}</th>
                <th>{tr('Как вернут', 'Way back')}</th>
                <th className="adm-num">{tr('Штук', 'Units')}</th>
                <th className="adm-num">{tr('К возврату', 'Refund')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.number}>
                  <td>
                    <Link to={`/admin/returns/${r.number}`}>{r.label}</Link>
                  </td>
                  <td>
                    <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                  </td>
                  <td>{formatDateTime(r.createdAt, locale)}</td>
                  <td>{returnStatusLabel(r.status, tr)}</td>
                  <td>
                    {r.fullName}
                    <div className="adm-muted">+{r.phone}</div>
                  </td>
                  <td>
                    {returnMethodLabel(r.method, tr)}
                    {r.carrierCode ? <div className="adm-muted">{r.carrierCode}</div> : null}
                    <div className="adm-muted">{returnReasonLabel(r.reason, tr)}</div>
                  </td>
                  <td className="adm-num">
                    {r.units}
                    {r.exchanges > 0 ? (
                      <div className="adm-muted">
                        {tr(`обмен: ${r.exchanges}`, `exchange: ${r.exchanges}`)}
                      </div>
                    ) : null}
                  </td>
                  <td className="adm-num">
                    {r.status === 'closed' ? formatMoney(r.refund, locale) : '—'}
                    {r.status === 'closed' ? (
                      <div className="adm-muted">{refundStatusLabel(r.refundStatus, tr)}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
