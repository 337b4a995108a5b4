import '../../admin/ui/kit.css';
import { Link, useLoaderData, useLocation } from 'react-router';
import { customersListQuery } from '../../../core/accounts/customers-admin.schemas.ts';
import type { CustomerListRow } from '../../../core/accounts/customers-list.wire.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { formatPhone, ProvenBadge } from '../../admin/customers/contacts.tsx';
import { customersApi } from '../../admin/customers/customers-api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar, useListAddress } from '../../admin/ui/filter-bar.tsx';
import { StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { Pager } from '../../admin/ui/pager.tsx';

const FILTERS = ['q'] as const;
const DEFAULT_SORT = { column: 'lastOrder', dir: 'desc' } as const;

/** The address's list state, checked against the server's schema: a value it would refuse is dropped. */
function queryOf(url: URL) {
  const raw: Record<string, string> = {};
  for (const key of ['q', 'sort', 'dir', 'page']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = customersListQuery.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return raw;
}

export async function clientLoader({ request }: { request: Request }) {
  return callApi(customersApi.list, queryOf(new URL(request.url)));
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** A buyer's page: an account's by its id, a guest buyer's by the phone their orders carry. */
export function customerHref(c: Pick<CustomerListRow, 'kind' | 'key'>): string {
  return c.kind === 'account' ? `/admin/customers/${c.key}` : `/admin/customers/guest/${c.key}`;
}

export default function CustomersPage() {
  const locale = useAdminLocale();
  const t = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const data = useLoaderData<typeof clientLoader>();
  const address = useListAddress(FILTERS, DEFAULT_SORT);
  const location = useLocation();
  const deleted = (location.state as { deleted?: string } | null)?.deleted;

  const columns: Column<CustomerListRow>[] = [
    {
      key: 'name',
      header: t('customers.col.customer'),
      sortable: true,
      render: (c) => (
        <>
          <Link to={customerHref(c)}>{c.name || t('customers.no_name')}</Link>
          {c.kind === 'guest' ? <span className="adm-badge"> {t('customers.guest')}</span> : null}
        </>
      ),
    },
    {
      key: 'contacts',
      header: t('customers.col.contacts'),
      render: (c) => (
        <>
          {c.phone ? (
            <div>
              {formatPhone(c.phone)} {c.kind === 'account' ? <ProvenBadge proven={c.phoneVerified} /> : null}
            </div>
          ) : null}
          {c.email ? (
            <div className="adm-muted">
              {c.email} {c.kind === 'account' ? <ProvenBadge proven={c.emailVerified} /> : null}
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: 'orders',
      header: t('customers.col.orders'),
      sortable: true,
      numeric: true,
      render: (c) => c.orders,
    },
    {
      key: 'amount',
      header: t('customers.col.amount'),
      sortable: true,
      numeric: true,
      render: (c) => formatMoney(c.amount, locale),
    },
    {
      key: 'returns',
      header: t('customers.col.returns'),
      numeric: true,
      hideOnPhone: true,
      render: (c) => c.returns,
    },
    {
      key: 'lastOrder',
      header: t('customers.col.last'),
      sortable: true,
      render: (c) => (c.lastOrder ? formatDateTime(c.lastOrder, locale) : '—'),
    },
    {
      key: 'since',
      header: t('customers.col.since'),
      sortable: true,
      hideOnPhone: true,
      render: (c) => formatDateTime(c.since, locale),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('customers.title')} hint={t('kit.found', { count: data.total })} />
      {deleted ? <StatusNote>{deleted}</StatusNote> : null}
      <FilterBar keys={FILTERS} onApply={address.setFilters} onReset={address.reset}>
        <label className="adm-field adm-cust__search">
          {t('customers.search')}
          <input
            name="q"
            type="search"
            defaultValue={address.filters.q}
            key={address.filters.q}
            maxLength={100}
          />
        </label>
      </FilterBar>
      <DataTable
        label={t('customers.title')}
        columns={columns}
        rows={data.customers}
        rowKey={(c) => `${c.kind}:${c.key}`}
        sort={address.sort}
        onSort={address.toggleSort}
      />
      <Pager
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        href={(page) => address.hrefWith({ page })}
      />
    </div>
  );
}
