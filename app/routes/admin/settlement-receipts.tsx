import '../../admin/ui/kit.css';
import { Link, useLoaderData } from 'react-router';
import { paymentProviderName } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney } from '../../admin/i18n.ts';
import { deskApi, type SettlementByHandRow } from '../../admin/orders/desk-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';

export async function clientLoader() {
  return callApi(deskApi.settlementByHand);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * Orders handed over whose payment's provider sends no settlement receipt (docs/product/receipts.md):
 * staff issue those receipts by other means.
 */
export default function SettlementReceipts() {
  const t = useStaffText();
  const { locale } = t;
  const { rows } = useLoaderData<typeof clientLoader>();
  const columns: Column<SettlementByHandRow>[] = [
    {
      key: 'order',
      header: t('entity.order'),
      render: (r) => <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>,
    },
    {
      key: 'createdAt',
      header: t('settlement.handed_over'),
      render: (r) => formatDateTime(r.createdAt, locale),
    },
    {
      key: 'provider',
      header: t('orders.col.payment'),
      render: (r) => paymentProviderName(r.provider, locale),
    },
    {
      key: 'amount',
      header: t('settlement.receipt_amount'),
      numeric: true,
      render: (r) => formatMoney(r.amount, locale),
    },
  ];
  return (
    <div className="adm-page">
      <PageHead title={t('settlement.list_title')} hint={t('settlement.list_hint')} />
      <DataTable
        label={t('settlement.list_title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.orderNumber}
        empty={t('settlement.no_such_orders')}
      />
    </div>
  );
}
