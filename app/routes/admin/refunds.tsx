import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  refundSourceName,
  refundStateName,
  type StaffMessageKey,
  type StaffMessageParams,
  staffMessage,
} from '../../../core/staff-messages.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';

interface AttentionRow {
  id: number;
  orderNumber: number;
  state: string;
  source: string;
  amount: number;
  reason: string;
  lastError: string | null;
  attempts: number;
  updatedAt: string;
  fullName: string;
  phone: string;
}

export async function clientLoader() {
  return adminApi<{ rows: AttentionRow[] }>('/api/admin/refunds/attention');
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * «Возвраты денег, требующие внимания» (docs/product/refunds.md): refunds the bank refused, or
 * waiting longer than half an hour, each sent again or recorded as done by hand from here.
 */
export default function RefundsAttention() {
  const locale = useAdminLocale();
  const say = (key: StaffMessageKey, params?: StaffMessageParams) => staffMessage(key, locale, params);
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(row: AttentionRow, what: 'retry' | 'manual') {
    let body: object = {};
    if (what === 'manual') {
      const note = window.prompt(say('refunds.manual_note'));
      if (note === null || !window.confirm(say('refunds.manual_confirm'))) return;
      body = { note };
    }
    setBusy(true);
    setError(null);
    try {
      await adminApi(`/api/admin/orders/${row.orderNumber}/refunds/${row.id}/${what}`, {
        method: 'POST',
        body,
      });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
      revalidate();
    }
  }

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{say('refunds.attention.title')}</h1>
        <span className="adm-muted">{say('refunds.attention.hint')}</span>
      </div>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="adm-muted">{say('refunds.attention.empty')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{say('refunds.attention.order')}</th>
                <th>{say('refunds.col.date')}</th>
                <th>{say('refunds.attention.customer')}</th>
                <th>{say('refunds.col.source')}</th>
                <th>{say('refunds.col.state')}</th>
                <th className="adm-num">{say('refunds.col.amount')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>
                  </td>
                  <td>{formatDateTime(r.updatedAt, locale)}</td>
                  <td>
                    {r.fullName}
                    <div className="adm-muted">+{r.phone}</div>
                  </td>
                  <td>
                    {refundSourceName(r.source, locale)}
                    <div className="adm-muted">{r.reason}</div>
                  </td>
                  <td>
                    {refundStateName(r.state, locale)}
                    {r.lastError ? (
                      <div className="adm-muted">{say('refunds.last_error', { error: r.lastError })}</div>
                    ) : null}
                  </td>
                  <td className="adm-num">{formatMoney(r.amount, locale)}</td>
                  <td>
                    <div className="adm-row">
                      <button
                        type="button"
                        className="adm-btn"
                        disabled={busy}
                        onClick={() => act(r, 'retry')}
                      >
                        {say('refunds.retry')}
                      </button>
                      {r.state !== 'started' ? (
                        <button
                          type="button"
                          className="adm-btn"
                          disabled={busy}
                          onClick={() => act(r, 'manual')}
                        >
                          {say('refunds.manual')}
                        </button>
                      ) : null}
                    </div>
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
