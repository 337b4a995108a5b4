import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { orderStatuses } from '../../../core/orders/order.rules.ts';
import { paymentProviderName } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { deskApi, type InstalmentRow } from '../../admin/orders/desk-api.ts';
import { CustomerCell, paymentLabel, StatusBadge, statusLabel } from '../../admin/orders/labels.tsx';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar, useListAddress } from '../../admin/ui/filter-bar.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { LoadMore } from '../../admin/ui/pager.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

const FILTERS = ['status'] as const;

export async function clientLoader({ request }: { request: Request }) {
  const status = new URL(request.url).searchParams.get('status') ?? '';
  return { ...(await callApi(deskApi.instalments, { status })), status };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Orders paid by instalment, BNPL or split, with the lender's or provider's decision. */
export default function Instalments() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const first = useLoaderData<typeof clientLoader>();
  const [rows, setRows] = useState(first.rows);
  const [next, setNext] = useState(first.next);
  const address = useListAddress(FILTERS, { column: 'number', dir: 'desc' });
  useEffect(() => {
    setRows(first.rows);
    setNext(first.next);
  }, [first]);
  const decision = (d: InstalmentRow['decision']) =>
    ({
      approved: [t('instalments.approved'), 'ok'],
      declined: [t('instalments.declined'), 'bad'],
      awaiting: [t('instalments.awaiting_decision'), 'warn'],
      not_started: [t('instalments.not_started'), 'muted'],
      expired: [t('instalments.timed_out'), 'muted'],
    })[d];

  const more = useAction(async () => {
    if (next === null) return;
    const page = await callApi(deskApi.instalments, { status: first.status, before: next });
    setRows((r) => [...r, ...page.rows]);
    setNext(page.next);
  });

  const columns: Column<InstalmentRow>[] = [
    {
      key: 'number',
      header: t('entity.order'),
      render: (r) => <Link to={`/admin/orders/${r.number}`}>{r.number}</Link>,
    },
    { key: 'date', header: t('orders.col.date'), render: (r) => formatDateTime(r.createdAt, locale) },
    {
      key: 'method',
      header: t('order_page.method'),
      render: (r) => (
        <>
          {paymentLabel(r.payment, locale)}
          {r.instalmentMonths ? ` · ${r.instalmentMonths} ${t('instalments.mo')}` : ''}
          <div className="adm-muted">
            {r.paymentProvider ? paymentProviderName(r.paymentProvider, locale) : '—'} {r.paymentId ?? ''}
          </div>
        </>
      ),
    },
    {
      key: 'decision',
      header: t('return_page.decision'),
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
      header: t('orders.col.status'),
      render: (r) => <StatusBadge status={r.status} locale={locale} />,
    },
    {
      key: 'customer',
      header: t('customers.col.customer'),
      render: (r) => <CustomerCell name={r.fullName} phone={r.phone} />,
    },
    {
      key: 'total',
      header: t('orders.col.total'),
      numeric: true,
      render: (r) => formatMoney(r.total, locale),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('instalments.instalment_bnpl_and_split')} />
      <FilterBar key={first.status} keys={FILTERS} onApply={address.setFilters} onReset={address.reset}>
        <label className="adm-field">
          {t('orders.col.status')}
          <select name="status" defaultValue={first.status}>
            <option value="">{t('kit.any')}</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, locale)}
              </option>
            ))}
          </select>
        </label>
      </FilterBar>
      <DataTable
        label={t('instalments.instalment_bnpl_and_split')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty={t('customer_page.no_orders')}
      />
      <LoadMore hasMore={next !== null} busy={more.busy} error={more.error} onMore={() => void more.run()} />
    </div>
  );
}
