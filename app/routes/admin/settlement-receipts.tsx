import { Link, useLoaderData } from 'react-router';
import { paymentProviderName, staffMessage } from '../../../core/staff-messages.ts';
import { adminApi } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';

interface ByHandRow {
  orderNumber: number;
  amount: number;
  provider: string;
  createdAt: string;
}

export async function clientLoader() {
  return adminApi<{ rows: ByHandRow[] }>('/api/admin/receipts/settlement-by-hand');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Orders handed over whose payment's provider sends no settlement receipt (docs/product/receipts.md):
 * staff issue those receipts by other means.
 */
export default function SettlementReceipts() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows } = useLoaderData<typeof clientLoader>();
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{staffMessage('settlement.list_title', locale)}</h1>
        <span className="adm-muted">{staffMessage('settlement.list_hint', locale)}</span>
      </div>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Таких заказов нет', 'No such orders')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>№</th>
                <th>{tr('Передан', 'Handed over')}</th>
                <th>{tr('Оплата', 'Payment')}</th>
                <th className="adm-num">{tr('Сумма чека', 'Receipt amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.orderNumber}>
                  <td>
                    <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                  </td>
                  <td>{formatDateTime(r.createdAt, locale)}</td>
                  <td>{paymentProviderName(r.provider, locale)}</td>
                  <td className="adm-num">{formatMoney(r.amount, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
