import '../../admin/ui/kit.css';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { refundSourceName, refundStateName } from '../../../core/staff-messages.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney } from '../../admin/i18n.ts';
import { deskApi, type RefundAttentionRow } from '../../admin/orders/desk-api.ts';
import { CustomerCell } from '../../admin/orders/labels.tsx';
import { useManualRefund } from '../../admin/orders/manual-refund.tsx';
import { callApi } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

export async function clientLoader() {
  return callApi(deskApi.refundsAttention);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/**
 * «Возвраты денег, требующие внимания» (docs/product/refunds.md): refunds the bank refused, or
 * waiting longer than half an hour, each sent again or recorded as done by hand from here.
 */
export default function RefundsAttention() {
  const t = useStaffText();
  const { locale } = t;
  const { rows } = useLoaderData<typeof clientLoader>();
  const { revalidate } = useRevalidator();
  const [ask, confirmDialog] = useConfirm();
  const askNote = useManualRefund(ask);
  const action = useAction(async (row: RefundAttentionRow, what: 'retry' | 'manual', note?: string) => {
    try {
      return await callApi(
        deskApi.refundAct,
        { number: row.orderNumber, id: row.id, what },
        what === 'manual' ? { note: note ?? '' } : {},
      );
    } finally {
      await revalidate();
    }
  });

  async function manual(row: RefundAttentionRow) {
    const note = await askNote();
    if (note !== null) await action.run(row, 'manual', note);
  }

  const columns: Column<RefundAttentionRow>[] = [
    {
      key: 'order',
      header: t('refunds.attention.order'),
      render: (r) => <Link to={`/admin/orders/${r.orderNumber}`}>{r.orderNumber}</Link>,
    },
    { key: 'date', header: t('refunds.col.date'), render: (r) => formatDateTime(r.updatedAt, locale) },
    {
      key: 'customer',
      header: t('refunds.attention.customer'),
      hideOnPhone: true,
      render: (r) => <CustomerCell name={r.fullName} phone={r.phone} />,
    },
    {
      key: 'source',
      header: t('refunds.col.source'),
      hideOnPhone: true,
      render: (r) => (
        <>
          {refundSourceName(r.source, locale)}
          <div className="adm-muted">{r.reason}</div>
        </>
      ),
    },
    {
      key: 'state',
      header: t('refunds.col.state'),
      render: (r) => (
        <>
          {refundStateName(r.state, locale)}
          {r.lastError ? (
            <div className="adm-muted">{t('refunds.last_error', { error: r.lastError })}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('refunds.col.amount'),
      numeric: true,
      render: (r) => formatMoney(r.amount, locale),
    },
    {
      key: 'actions',
      header: t('order_page.actions'),
      render: (r) => (
        <div className="adm-row">
          <button
            type="button"
            className="adm-btn"
            disabled={action.busy}
            onClick={() => action.run(r, 'retry')}
          >
            {t('refunds.retry')}
          </button>
          {r.state !== 'started' ? (
            <button type="button" className="adm-btn" disabled={action.busy} onClick={() => manual(r)}>
              {t('refunds.manual')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('refunds.attention.title')} hint={t('refunds.attention.hint')} />
      <ErrorNote message={action.error} />
      <DataTable
        label={t('refunds.attention.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('refunds.attention.empty')}
      />
      {confirmDialog}
    </div>
  );
}
