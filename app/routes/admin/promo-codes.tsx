import '../../admin/content/content.css';
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { PromoForm } from '../../admin/content/promo-form.tsx';
import type { PromoCode } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatDateTime, useAdminLocale, useTr } from '../../admin/i18n.ts';

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const { rows } = await adminApi<{ rows: PromoCode[] }>(
    `/api/admin/promo-codes${q ? `?${new URLSearchParams({ q })}` : ''}`,
  );
  return { rows, q };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Promo codes (admins and managers): the list with their uses, a form to make or edit one. */
export default function PromoCodesPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows, q } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const editing = params.get('edit');
  const creating = params.get('new') === '1';
  const current = editing ? (rows.find((r) => r.code === editing) ?? null) : null;
  const validity = (r: PromoCode) =>
    !r.startsAt && !r.endsAt
      ? tr('бессрочно', 'no end')
      : [
          r.startsAt ? formatDateTime(r.startsAt, locale) : '…',
          r.endsAt ? formatDateTime(r.endsAt, locale) : '…',
        ].join(' — ');

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Промокоды', 'Promo codes')}</h1>
        <Link className="adm-btn adm-btn--primary" to="?new=1">
          {tr('Новый промокод', 'New promo code')}
        </Link>
      </div>
      {creating || current ? (
        <section className="adm-cnt__group">
          <h2>
            {current
              ? `${tr('Промокод', 'Promo code')} ${current.code}`
              : tr('Новый промокод', 'New promo code')}
          </h2>
          <PromoForm
            key={current?.code ?? 'new'}
            promo={current}
            onSaved={(saved) => {
              setParams({ edit: saved.code }, { replace: true });
              revalidator.revalidate();
            }}
          />
        </section>
      ) : null}
      <Form method="get" className="adm-filters" role="search">
        <label className="adm-field">
          {tr('Код', 'Code')}
          <input name="q" type="search" defaultValue={q} maxLength={40} />
        </label>
        <button type="submit" className="adm-btn">
          {tr('Найти', 'Search')}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="adm-muted">{tr('Промокодов нет', 'No promo codes')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{tr('Код', 'Code')}</th>
                <th scope="col" className="adm-num">
                  %
                </th>
                <th scope="col">{tr('Срок', 'Valid')}</th>
                <th scope="col" className="adm-num">
                  {tr('Использований', 'Uses')}
                </th>
                <th scope="col">{tr('Условия', 'Conditions')}</th>
                <th scope="col">{tr('Состояние', 'State')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.code}>
                  <td>
                    <Link to={`?edit=${encodeURIComponent(r.code)}`}>{r.code}</Link>
                  </td>
                  <td className="adm-num">{r.percent}</td>
                  <td>{validity(r)}</td>
                  <td className="adm-num">
                    {r.usedCount}
                    {r.usageLimit !== null ? ` / ${r.usageLimit}` : ''}
                  </td>
                  <td>
                    {[
                      r.perCustomerLimit !== null
                        ? tr(`до ${r.perCustomerLimit} на покупателя`, `${r.perCustomerLimit} per customer`)
                        : null,
                      r.firstOrderOnly ? tr('первый заказ', 'first order') : null,
                      r.phone ? `+${r.phone}` : null,
                    ]
                      .filter(Boolean)
                      .join(', ') || <span className="adm-muted">—</span>}
                  </td>
                  <td>
                    {r.active ? (
                      <span className="adm-badge adm-badge--ok">{tr('включён', 'on')}</span>
                    ) : (
                      <span className="adm-badge adm-badge--muted">{tr('выключен', 'off')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
