import { Link, useLoaderData } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { paymentLabel, StatusBadge } from '../../admin/orders/labels.tsx';

interface DueRow {
  number: number;
  status: string;
  fullName: string;
  phone: string;
  total: number;
  payment: string;
  paymentId: string | null;
  paidAt: string | null;
}

export async function clientLoader() {
  return adminApi<{ rows: DueRow[] }>('/api/admin/orders/refunds-due');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Orders whose money came after they closed: each stays here until its refund is started. */
export default function RefundsDue() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows } = useLoaderData<typeof clientLoader>();
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Оплачены после срока', 'Paid after expiry')}</h1>
        <span className="adm-muted">
          {tr('деньги пришли за закрытый заказ: нужен возврат', 'money came for a closed order: refund it')}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Возвращать нечего', 'Nothing to refund')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>№</th>
                <th>{tr('Оплачен', 'Paid at')}</th>
                <th>{tr('Состояние', 'State')}</th>
                <th>{tr('Покупатель', 'Customer')}</th>
                <th>{tr('Оплата', 'Payment')}</th>
                <th className="adm-num">{tr('Сумма', 'Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.number}>
                  <td>
                    <Link to={`/admin/orders/${r.number}`}>{r.number}</Link>
                  </td>
                  <td>{r.paidAt ? formatDateTime(r.paidAt, locale) : '—'}</td>
                  <td>
                    <StatusBadge status={r.status} locale={locale} />
                  </td>
                  <td>
                    {r.fullName}
                    <div className="adm-muted">+{r.phone}</div>
                  </td>
                  <td>
                    {paymentLabel(r.payment, locale)}
                    <div className="adm-muted">{r.paymentId}</div>
                  </td>
                  <td className="adm-num">{formatMoney(r.total, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
