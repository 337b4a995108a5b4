import '../../admin/ui/kit.css';
import { Link, useLoaderData } from 'react-router';
import type { GuestCustomerAnswer } from '../../../core/accounts/customers-list.wire.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { formatPhone } from '../../admin/customers/contacts.tsx';
import { customersApi } from '../../admin/customers/customers-api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { StatusBadge } from '../../admin/orders/labels.tsx';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';

export async function clientLoader({ params }: { params: { phone?: string } }) {
  return callApi(customersApi.guest, { phone: params.phone ?? '' });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type OrderRow = GuestCustomerAnswer['orders'][number];
type ConsentRow = GuestCustomerAnswer['consents'][number];

/** A guest buyer (issue 34): the orders placed with one phone without an account, with totals and consents. */
export default function GuestCustomerPage() {
  const locale = useAdminLocale();
  const t = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const { customer, totals, orders, consents } = useLoaderData<typeof clientLoader>();

  const orderColumns: Column<OrderRow>[] = [
    {
      key: 'number',
      header: t('orders.col.number'),
      render: (o) => <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>,
    },
    { key: 'date', header: t('orders.col.date'), render: (o) => formatDateTime(o.createdAt, locale) },
    {
      key: 'status',
      header: t('orders.col.status'),
      render: (o) => <StatusBadge status={o.status} locale={locale} />,
    },
    {
      key: 'returns',
      header: t('customers.col.returns'),
      render: (o) =>
        o.returns.length === 0
          ? '—'
          : o.returns.map((r) => (
              <Link key={r} to={`/admin/returns/${r}`}>
                R{r}{' '}
              </Link>
            )),
    },
    {
      key: 'total',
      header: t('orders.col.total'),
      numeric: true,
      render: (o) => formatMoney(o.total, locale),
    },
  ];
  const consentColumns: Column<ConsentRow>[] = [
    {
      key: 'source',
      header: t('customers.consents'),
      render: (k) => (
        <>
          {t('customers.consent.order', { number: k.source.replace(/\D/g, '') })}
          {k.channel ? <span className="adm-muted"> · {t(`consent.channel.${k.channel}`)}</span> : null}
        </>
      ),
    },
    { key: 'version', header: t('customers.consent.version'), render: (k) => k.version ?? '—' },
    { key: 'at', header: t('orders.col.date'), render: (k) => formatDateTime(k.at, locale) },
  ];

  return (
    <div className="adm-page">
      <p>
        <Link to="/admin/customers">{t('customers.back')}</Link>
      </p>
      <PageHead title={customer.names[0] || t('customers.no_name')}>
        <span className="adm-badge">{t('customers.guest')}</span>
      </PageHead>
      <p className="adm-muted">{t('customers.guest_hint')}</p>
      <section className="adm-card" aria-labelledby="guest-contacts">
        <h2 id="guest-contacts">{t('customers.guest_title')}</h2>
        <dl className="adm-dl">
          <dt>{t('customers.phone')}</dt>
          <dd>{formatPhone(customer.phone)}</dd>
          <dt>{t('customers.emails')}</dt>
          <dd>{customer.emails.join(', ')}</dd>
          {customer.names.length > 1 ? (
            <>
              <dt>{t('customers.names')}</dt>
              <dd>{customer.names.join(', ')}</dd>
            </>
          ) : null}
          <dt>{t('customers.col.orders')}</dt>
          <dd>{totals.orders}</dd>
          <dt>{t('customers.col.amount')}</dt>
          <dd>{formatMoney(totals.amount, locale)}</dd>
          <dt>{t('customers.col.returns')}</dt>
          <dd>{totals.returns}</dd>
          <dt>{t('customers.col.last')}</dt>
          <dd>{totals.lastOrder ? formatDateTime(totals.lastOrder, locale) : '—'}</dd>
        </dl>
      </section>
      <section className="adm-card" aria-labelledby="guest-orders">
        <h2 id="guest-orders">{t('customers.orders')}</h2>
        <DataTable
          label={t('customers.orders')}
          columns={orderColumns}
          rows={orders}
          rowKey={(o) => o.number}
        />
      </section>
      <section className="adm-card" aria-labelledby="guest-consents">
        <h2 id="guest-consents">{t('customers.consents')}</h2>
        <DataTable
          label={t('customers.consents')}
          columns={consentColumns}
          rows={consents}
          rowKey={(k) => `${k.source}-${k.at}`}
        />
      </section>
    </div>
  );
}
