import '../../admin/ui/kit.css';
import { Link, useLoaderData } from 'react-router';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney } from '../../admin/i18n.ts';
import { deskApi, type RefundDueRow } from '../../admin/orders/desk-api.ts';
import { CustomerCell, paymentLabel, StatusBadge } from '../../admin/orders/labels.tsx';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';

export async function clientLoader() {
  return callApi(deskApi.refundsDue);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Orders whose money came after they closed: each stays here until its refund is started. */
export default function RefundsDue() {
  const t = useStaffText();
  const { locale } = t;
  const { rows } = useLoaderData<typeof clientLoader>();
  const columns: Column<RefundDueRow>[] = [
    {
      key: 'number',
      header: t('entity.order'),
      render: (r) => <Link to={`/admin/orders/${r.number}`}>{r.number}</Link>,
    },
    {
      key: 'paidAt',
      header: t('refunds_due.paid_at'),
      render: (r) => (r.paidAt ? formatDateTime(r.paidAt, locale) : '—'),
    },
    {
      key: 'status',
      header: t('orders.col.status'),
      hideOnPhone: true,
      render: (r) => <StatusBadge status={r.status} locale={locale} />,
    },
    {
      key: 'customer',
      header: t('customers.col.customer'),
      render: (r) => <CustomerCell name={r.fullName} phone={r.phone} />,
    },
    {
      key: 'payment',
      header: t('orders.col.payment'),
      hideOnPhone: true,
      render: (r) => (
        <>
          {paymentLabel(r.payment, locale)}
          <div className="adm-muted">{r.paymentId}</div>
        </>
      ),
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
      <PageHead title={t('refunds_due.paid_after_expiry')} hint={t('refunds_due.money_came_for_a')} />
      <DataTable
        label={t('refunds_due.paid_after_expiry')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty={t('refund.nothing')}
      />
    </div>
  );
}
