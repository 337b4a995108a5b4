import '../../admin/content/content.css';
import '../../admin/ui/kit.css';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { returnNumberFromSearch } from '../../../core/returns/returns.schemas.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { CustomerCell } from '../../admin/orders/labels.tsx';
import {
  refundStatusLabel,
  returnMethodLabel,
  returnReasonLabel,
  returnStatusLabel,
} from '../../admin/returns/labels.ts';
import { type ReturnRow, returnsApi } from '../../admin/returns/returns-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar } from '../../admin/ui/filter-bar.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';

const statuses = ['requested', 'received', 'closed'] as const;

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? 'requested';
  const order = url.searchParams.get('order');
  const q = url.searchParams.get('q')?.trim() ?? '';
  const label = returnNumberFromSearch(q);
  // A search looks in every state: the label names one return, a number its order.
  const query: { status?: string; order?: string; number?: string } = status === 'all' || q ? {} : { status };
  if (order && /^\d{1,10}$/.test(order)) query.order = order;
  if (label) query.number = String(label);
  else if (/^\d{1,10}$/.test(q)) query.order = q;
  return { status: q ? 'all' : status, q, ...(await callApi(returnsApi.list, query)) };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The returns queue (docs/product/returns.md): parcels to receive, returns to decide, closed ones. */
export default function ReturnsQueue() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const { rows, status, q } = useLoaderData<typeof clientLoader>();
  const [, setParams] = useSearchParams();
  const columns: Column<ReturnRow>[] = [
    {
      key: 'return',
      header: t('entity.return'),
      render: (r) => <Link to={`/admin/returns/${r.number}`}>{r.label}</Link>,
    },
    {
      key: 'order',
      header: t('entity.order'),
      render: (r) => <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>,
    },
    {
      key: 'asked',
      header: t('returns_list.asked'),
      hideOnPhone: true,
      render: (r) => formatDateTime(r.createdAt, locale),
    },
    { key: 'status', header: t('orders.col.status'), render: (r) => returnStatusLabel(r.status, t) },
    {
      key: 'customer',
      header: t('customers.col.customer'),
      hideOnPhone: true,
      render: (r) => <CustomerCell name={r.fullName} phone={r.phone} />,
    },
    {
      key: 'method',
      header: t('return_page.way_back'),
      hideOnPhone: true,
      render: (r) => (
        <>
          {returnMethodLabel(r.method, t)}
          {r.carrierCode ? <div className="adm-muted">{r.carrierCode}</div> : null}
          <div className="adm-muted">{returnReasonLabel(r.reason, t)}</div>
        </>
      ),
    },
    {
      key: 'units',
      header: t('return_page.units'),
      numeric: true,
      render: (r) => (
        <>
          {r.units}
          {r.exchanges > 0 ? (
            <div className="adm-muted">{t('returns_list.exchange', { exchanges: r.exchanges })}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'refund',
      header: t('return_page.refund'),
      numeric: true,
      render: (r) => (
        <>
          {r.status === 'closed' ? formatMoney(r.refund, locale) : '—'}
          {r.status === 'closed' ? (
            <div className="adm-muted">{refundStatusLabel(r.refundStatus, t)}</div>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <div className="adm-page">
      <PageHead title={t('returns_list.returns_and_exchanges')} />
      <nav className="adm-cnt__tabs" aria-label={t('returns_list.return_states')}>
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
            {s === 'all' ? t('returns_list.all') : returnStatusLabel(s, t)}
          </Link>
        ))}
      </nav>
      <FilterBar
        keys={['q'] as const}
        onApply={({ q: text }) => setParams(text ? { q: text } : { status })}
        onReset={() => setParams({})}
      >
        <label className="adm-field">
          {t('returns_list.return_or_order_number')}
          <input name="q" type="search" defaultValue={q} key={q} placeholder="R5001" maxLength={20} />
        </label>
      </FilterBar>
      <DataTable
        label={t('returns_list.returns_and_exchanges')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty={t('returns_list.no_returns')}
      />
    </div>
  );
}
