import { Form, Link, useLoaderData, useLocation } from 'react-router';
import { roleName } from '../../../core/staff-messages.ts';
import { adminApi } from '../../admin/api.ts';
import { formatPhone, fullName, ProvenBadge } from '../../admin/customers/contacts.tsx';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

interface CustomerRow {
  id: string;
  name: string;
  secondName: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  role: string;
  createdAt: string;
  orderCount: number;
}

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const q = url.searchParams.get('q')?.trim();
  if (q) params.set('q', q);
  params.set('page', url.searchParams.get('page') ?? '1');
  const data = await adminApi<{ customers: CustomerRow[]; total: number; page: number; pageSize: number }>(
    `/api/admin/customers?${params}`,
  );
  return { ...data, q: q ?? '' };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function CustomersPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { customers, total, page, pageSize, q } = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  const deleted = (location.state as { deleted?: string } | null)?.deleted;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (n: number) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Покупатели', 'Customers')}</h1>
        <span className="adm-muted">
          {tr('найдено', 'found')}: {total}
        </span>
      </div>
      {deleted ? (
        <p className="adm-ok" role="status">
          {deleted}
        </p>
      ) : null}
      <Form method="get" className="adm-filters" role="search">
        <label className="adm-field adm-cust__search">
          {tr('Имя, телефон или e-mail', 'Name, phone or e-mail')}
          <input name="q" type="search" defaultValue={q} maxLength={100} />
        </label>
        <button type="submit" className="adm-btn adm-btn--primary">
          {tr('Найти', 'Search')}
        </button>
      </Form>
      {customers.length === 0 ? (
        <p className="adm-muted">{tr('Никого не нашлось', 'Nobody found')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{tr('Покупатель', 'Customer')}</th>
                <th scope="col">{tr('Телефон', 'Phone')}</th>
                <th scope="col">E-mail</th>
                <th scope="col" className="adm-num">
                  {tr('Заказы', 'Orders')}
                </th>
                <th scope="col">{tr('С нами с', 'Since')}</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/admin/customers/${c.id}`}>{fullName(c) || tr('без имени', 'no name')}</Link>
                    {c.role !== 'customer' ? (
                      <span className="adm-badge adm-badge--warn"> {roleName(c.role, locale)}</span>
                    ) : null}
                  </td>
                  <td>
                    {c.phone ? (
                      <>
                        {formatPhone(c.phone)} <ProvenBadge proven={c.phoneVerified} />
                      </>
                    ) : (
                      <span className="adm-muted">—</span>
                    )}
                  </td>
                  <td className="adm-cust__email">
                    {c.email ? (
                      <>
                        {c.email} <ProvenBadge proven={c.emailVerified} />
                      </>
                    ) : (
                      <span className="adm-muted">—</span>
                    )}
                  </td>
                  <td className="adm-num">{c.orderCount}</td>
                  <td>{formatDateTime(c.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="adm-pager" aria-label={tr('Страницы', 'Pages')}>
          {page > 1 ? <Link to={pageLink(page - 1)}>← {tr('назад', 'previous')}</Link> : null}
          <span>
            {page} / {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>{tr('дальше', 'next')} →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
