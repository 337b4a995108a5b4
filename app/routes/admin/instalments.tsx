import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData } from 'react-router';
import { orderStatuses } from '../../../core/orders/order.rules.ts';
import { paymentProviderName } from '../../../core/staff-messages.ts';
import { adminApi, errorText } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { paymentLabel, StatusBadge, statusLabel } from '../../admin/orders/labels.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';

interface InstalmentRow {
  number: number;
  createdAt: string;
  status: string;
  payment: string;
  instalmentMonths: number | null;
  fullName: string;
  phone: string;
  total: number;
  paymentProvider: string | null;
  paymentId: string | null;
  lastNoticeAt: string | null;
  decision: 'approved' | 'declined' | 'awaiting' | 'not_started' | 'expired';
}
interface InstalmentPage {
  rows: InstalmentRow[];
  next: number | null;
}

export async function clientLoader({ request }: { request: Request }) {
  const status = new URL(request.url).searchParams.get('status') ?? '';
  const page = await adminApi<InstalmentPage>(
    `/api/admin/orders/instalments${status ? `?status=${encodeURIComponent(status)}` : ''}`,
  );
  return { ...page, status };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Orders paid by instalment, BNPL or split, with the lender's or provider's decision. */
export default function Instalments() {
  const tr = useTr();
  const locale = useAdminLocale();
  const first = useLoaderData<typeof clientLoader>();
  const [rows, setRows] = useState(first.rows);
  const [next, setNext] = useState(first.next);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(first.rows);
    setNext(first.next);
  }, [first]);
  const decision = (d: InstalmentRow['decision']) =>
    ({
      approved: [tr('Одобрено', 'Approved'), 'ok'],
      declined: [tr('Отказ', 'Declined'), 'bad'],
      awaiting: [tr('Ждём решения', 'Awaiting decision'), 'warn'],
      not_started: [tr('Не начата', 'Not started'), 'muted'],
      expired: [tr('Время вышло', 'Timed out'), 'muted'],
    })[d];

  async function loadMore() {
    if (next === null) return;
    try {
      const params = new URLSearchParams({ before: String(next) });
      if (first.status) params.set('status', first.status);
      const page = await adminApi<InstalmentPage>(`/api/admin/orders/instalments?${params}`);
      setRows((r) => [...r, ...page.rows]);
      setNext(page.next);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const columns: Column<InstalmentRow>[] = [
    { key: 'number', header: '№', render: (r) => <Link to={`/admin/orders/${r.number}`}>{r.number}</Link> },
    { key: 'date', header: tr('Дата', 'Date'), render: (r) => formatDateTime(r.createdAt, locale) },
    {
      key: 'method',
      header: tr('Способ', 'Method'),
      render: (r) => (
        <>
          {paymentLabel(r.payment, locale)}
          {r.instalmentMonths ? ` · ${r.instalmentMonths} ${tr('мес.', 'mo.')}` : ''}
          <div className="adm-muted">
            {r.paymentProvider ? paymentProviderName(r.paymentProvider, locale) : '—'} {r.paymentId ?? ''}
          </div>
        </>
      ),
    },
    {
      key: 'decision',
      header: tr('Решение', 'Decision'),
      render: (r) => {
        const [text, tone] = decision(r.decision);
        return (
          <>
            <span className={`adm-badge adm-badge--${tone}`}>{text}</span>
            {r.lastNoticeAt ? (
              <div className="adm-muted">{formatDateTime(r.lastNoticeAt, locale)}</div>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'status',
      header: tr('Состояние', 'State'),
      render: (r) => <StatusBadge status={r.status} locale={locale} />,
    },
    {
      key: 'customer',
      header: tr('Покупатель', 'Customer'),
      render: (r) => (
        <>
          {r.fullName}
          <div className="adm-muted">+{r.phone}</div>
        </>
      ),
    },
    {
      key: 'total',
      header: tr('Сумма', 'Total'),
      numeric: true,
      render: (r) => formatMoney(r.total, locale),
    },
  ];

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Рассрочка, «Долями» и сплит', 'Instalment, BNPL and split')}</h1>
      </div>
      <Form method="get" className="adm-filters">
        <label className="adm-field">
          {tr('Состояние', 'State')}
          <select name="status" defaultValue={first.status}>
            <option value="">{tr('любое', 'any')}</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, locale)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="adm-btn adm-btn--primary">
          {tr('Показать', 'Show')}
        </button>
      </Form>
      <DataTable
        label={tr('Рассрочка, «Долями» и сплит', 'Instalment, BNPL and split')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty={tr('Заказов нет', 'No orders')}
      />
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      {next !== null ? (
        <div className="adm-pager">
          <button type="button" className="adm-btn" onClick={loadMore}>
            {tr('Показать ещё', 'Load more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
