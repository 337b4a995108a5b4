import '../../admin/ui/kit.css';
import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { CustomerConsent } from '../../../core/accounts/customers-list.wire.ts';
import { orderStatusName, roleName, staffMessage } from '../../../core/staff-messages.ts';
import { formatPhone, fullName, ProvenBadge } from '../../admin/customers/contacts.tsx';
import { type CustomerOrderRow, customersApi } from '../../admin/customers/customers-api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { AdminApiError, callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { type StaffText, useStaffText } from '../../admin/ui/staff-text.ts';
import { useAction } from '../../admin/ui/use-action.ts';

export async function clientLoader({ params }: { params: { id?: string } }) {
  return callApi(customersApi.get, { id: params.id ?? '' });
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export function ErrorBoundary() {
  const t = useStaffText();
  return (
    <div className="adm-page">
      <p className="adm-error" role="alert">
        {t('customer_page.not_found')}
      </p>
      <Link to="/admin/customers">← {t('customers.title')}</Link>
    </div>
  );
}

function channelLabel(channel: string, t: StaffText) {
  switch (channel) {
    case 'sms':
      return 'SMS';
    case 'email':
      return 'E-mail';
    case 'sms-email':
      return 'SMS + e-mail';
    default:
      return t('customer_page.no_notifications');
  }
}

/** Saves the export as a file: the browser never keeps it anywhere else. */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export default function CustomerPageView() {
  const t = useStaffText();
  const locale = useAdminLocale();
  const navigate = useNavigate();
  const { customer: c, addresses, orders, consents } = useLoaderData<typeof clientLoader>();
  const [confirm, setConfirm] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const isStaff = c.role !== 'customer';

  const exporting = useAction(async () => {
    download(`customer-${c.id}.json`, await callApi(customersApi.export, { id: c.id }));
  });
  // A contact that does not match is said at the field; any other refusal above the page.
  const removing = useAction(async () => {
    setConfirmError(null);
    try {
      const result = await callApi(customersApi.remove, { id: c.id }, { confirm });
      navigate('/admin/customers', {
        state: { deleted: t('customer_page.the_customer_s_data', { length: result.orders.length }) },
      });
    } catch (e) {
      if (e instanceof AdminApiError && e.field === 'confirm') setConfirmError(e.message);
      else throw e;
    }
  });
  const busy = exporting.busy || removing.busy;
  const error = exporting.error ?? removing.error;

  function remove(event: React.FormEvent) {
    event.preventDefault();
    exporting.reset();
    void removing.run();
  }

  const orderColumns: Column<CustomerOrderRow>[] = [
    {
      key: 'number',
      header: t('entity.order'),
      render: (o) => <Link to={`/admin/orders/${o.number}`}>{o.number}</Link>,
    },
    { key: 'date', header: t('orders.col.date'), render: (o) => formatDateTime(o.createdAt, locale) },
    { key: 'status', header: t('field.status'), render: (o) => orderStatusName(o.status, locale) },
    {
      key: 'total',
      header: t('orders.col.total'),
      numeric: true,
      render: (o) => (
        <>
          {formatMoney(o.total, locale)}
          {o.displayCurrency !== 'RUB' && o.displayTotal !== null ? (
            <span className="adm-muted"> · {formatMoney(o.displayTotal, locale, o.displayCurrency)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'linked',
      header: t('customer_page.linked_by'),
      hideOnPhone: true,
      className: 'adm-muted',
      render: (o) => (o.byAccount ? t('customer_page.signed_in') : t('customer_page.guest_same_contact')),
    },
  ];
  const consentColumns: Column<CustomerConsent>[] = [
    {
      key: 'where',
      header: t('customer_page.where'),
      render: (k) => (
        <>
          {k.source === 'registration'
            ? t('customer_page.registration')
            : k.source === 'marketing'
              ? t('customer_page.marketing_messages_38_fz')
              : k.source.replace('order', t('customer_page.order'))}
          {k.channel ? (
            <span className="adm-muted"> · {staffMessage(`consent.channel.${k.channel}`, locale)}</span>
          ) : null}
        </>
      ),
    },
    { key: 'version', header: t('customers.consent.version'), render: (k) => k.version ?? '—' },
    { key: 'at', header: t('refunds.col.date'), render: (k) => formatDateTime(k.at, locale) },
    { key: 'ip', header: t('order_page.address'), hideOnPhone: true, render: (k) => k.ip ?? '—' },
  ];

  return (
    <div className="adm-page">
      <p>
        <Link to="/admin/customers">← {t('customers.title')}</Link>
      </p>
      <PageHead title={fullName(c) || t('customer_page.customer_without_a_name')}>
        <div className="adm-row">
          <Link to={`/admin/audit?entityType=customer&entityId=${c.id}`}>{t('customer_page.audit_log')}</Link>
          <button
            type="button"
            className="adm-btn"
            onClick={() => {
              removing.reset();
              void exporting.run();
            }}
            disabled={busy}
          >
            {t('customer_page.export_data_json')}
          </button>
        </div>
      </PageHead>
      <ErrorNote message={error} />
      {exporting.done ? <StatusNote>{t('customer_page.the_export_was_downloaded')}</StatusNote> : null}
      <div className="adm-grid">
        <section className="adm-card" aria-labelledby="profile-title">
          <h2 id="profile-title">{t('customer_page.profile')}</h2>
          <dl className="adm-dl">
            <dt>{t('customer_page.first_name')}</dt>
            <dd>{c.name || '—'}</dd>
            <dt>{t('customer_page.last_name')}</dt>
            <dd>{c.secondName || '—'}</dd>
            <dt>{t('customer_page.birth_date')}</dt>
            <dd>{c.birthDate || '—'}</dd>
            <dt>{t('customer_page.notifications')}</dt>
            <dd>{channelLabel(c.notificationChannel, t)}</dd>
            <dt>{t('customer_page.registered')}</dt>
            <dd>{formatDateTime(c.createdAt, locale)}</dd>
            {isStaff ? (
              <>
                <dt>{t('field.role')}</dt>
                <dd>
                  <span className="adm-badge adm-badge--warn">{roleName(c.role, locale)}</span>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="adm-card" aria-labelledby="contacts-title">
          <h2 id="contacts-title">{t('customers.col.contacts')}</h2>
          <dl className="adm-dl">
            <dt>{t('customers.phone')}</dt>
            <dd>
              {c.phone ? (
                <>
                  {formatPhone(c.phone)} <ProvenBadge proven={c.phoneVerified} />
                </>
              ) : (
                '—'
              )}
            </dd>
            <dt>E-mail</dt>
            <dd className="adm-cust__email">
              {c.email ? (
                <>
                  {c.email} <ProvenBadge proven={c.emailVerified} />
                </>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </section>
      </div>

      <section className="adm-card" aria-labelledby="addresses-title">
        <h2 id="addresses-title">{t('customer_page.saved_addresses')}</h2>
        {addresses.length === 0 ? (
          <p className="adm-muted">{t('customer_page.none')}</p>
        ) : (
          <ul className="adm-cust__list">
            {addresses.map((a) => (
              <li key={a.id}>
                {[a.postcode, a.country, a.city, a.street, a.house].filter(Boolean).join(', ')}
                {a.room ? `, ${t('order_page.apt')} ${a.room}` : ''}
                {a.entrance ? `, ${t('customer_page.entrance')} ${a.entrance}` : ''}
                {a.floor ? `, ${t('customer_page.floor')} ${a.floor}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="adm-card" aria-labelledby="orders-title">
        <h2 id="orders-title">{t('customers.orders')}</h2>
        <DataTable
          label={t('customers.orders')}
          columns={orderColumns}
          rows={orders}
          rowKey={(o) => o.number}
          empty={t('customer_page.no_orders')}
        />
      </section>

      <section className="adm-card" aria-labelledby="consents-title">
        <h2 id="consents-title">{t('customers.consents')}</h2>
        <DataTable
          label={t('customers.consents')}
          columns={consentColumns}
          rows={consents}
          rowKey={(k) => `${k.source}-${k.at}`}
          empty={t('customer_page.no_records')}
        />
      </section>

      <section className="adm-card adm-cust__danger" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('customer_page.deletion_on_request')}</h2>
        {isStaff ? (
          <p className="adm-muted">{t('customer_page.this_is_a_staff')}</p>
        ) : (
          <form onSubmit={remove} className="adm-stack">
            <p className="adm-muted">{t('customer_page.the_profile_addresses_cart')}</p>
            <label className="adm-field" data-invalid={confirmError ? 'true' : undefined}>
              {t('customer_page.to_confirm_type_the')}
              <input
                name="confirm"
                value={confirm}
                autoComplete="off"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? 'confirm-error' : undefined}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </label>
            {confirmError ? (
              <p className="adm-error" id="confirm-error" role="alert">
                {confirmError}
              </p>
            ) : null}
            <div>
              <button
                type="submit"
                className="adm-btn adm-btn--danger"
                disabled={busy || confirm.trim() === ''}
              >
                {t('customer_page.delete_the_customer_s')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
