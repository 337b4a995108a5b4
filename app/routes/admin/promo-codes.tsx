import '../../admin/content/content.css';
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { offerText, PromoBatchForm, PromoForm, type ScopeOptions } from '../../admin/content/promo-form.tsx';
import type { PromoBatchView, PromoCode } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { type AdminLocale, formatDateTime, formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const [{ rows, batches }, options] = await Promise.all([
    adminApi<{ rows: PromoCode[]; batches: PromoBatchView[] }>(
      `/api/admin/promo-codes${q ? `?${new URLSearchParams({ q })}` : ''}`,
    ),
    adminApi<ScopeOptions>('/api/admin/catalogue/options'),
  ]);
  return { rows, batches, q, options };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** A code's conditions in words: the minimum, what it is limited to, the limits per customer. */
function conditions(
  r: PromoCode,
  options: ScopeOptions,
  locale: AdminLocale,
  tr: (ru: string, en: string) => string,
): string {
  const name = (list: { slug: string; name: { ru: string; en: string } }[], slug: string) => {
    const found = list.find((x) => x.slug === slug);
    return found ? found.name[locale] || found.name.ru : slug;
  };
  const scope = [
    ...r.limitTo.categories.map((s) => name(options.categories, s)),
    ...r.limitTo.collections.map((s) => name(options.collections, s)),
    ...(r.limitTo.products.length
      ? [tr(`товаров: ${r.limitTo.products.length}`, `${r.limitTo.products.length} products`)]
      : []),
  ];
  return [
    r.minOrder !== null
      ? tr(`заказ от ${formatMoney(r.minOrder, locale)}`, `order from ${formatMoney(r.minOrder, locale)}`)
      : null,
    scope.length ? tr(`только: ${scope.join(', ')}`, `only: ${scope.join(', ')}`) : null,
    r.perCustomerLimit !== null
      ? tr(`до ${r.perCustomerLimit} на покупателя`, `${r.perCustomerLimit} per customer`)
      : null,
    r.firstOrderOnly ? tr('первый заказ', 'first order') : null,
    r.phone ? `+${r.phone}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Promo codes (admins and managers): the list with what each gives and its uses, a form to make or
 * edit one, and campaign batches of single-use codes with their CSV.
 */
export default function PromoCodesPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const { rows, batches, q, options } = useLoaderData<typeof clientLoader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const editing = params.get('edit');
  const creating = params.get('new') === '1';
  const batching = params.get('batch') === '1';
  const current = editing ? (rows.find((r) => r.code === editing) ?? null) : null;
  const validity = (r: Pick<PromoCode, 'startsAt' | 'endsAt'>) =>
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
        <div className="adm-cnt__actions">
          <Link className="adm-btn adm-btn--primary" to="?new=1">
            {tr('Новый промокод', 'New promo code')}
          </Link>
          <Link className="adm-btn" to="?batch=1">
            {tr('Партия кодов', 'Batch of codes')}
          </Link>
        </div>
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
            options={options}
            onSaved={(saved) => {
              setParams({ edit: saved.code }, { replace: true });
              revalidator.revalidate();
            }}
          />
        </section>
      ) : null}
      {batching ? (
        <section className="adm-cnt__group">
          <h2>{tr('Партия кодов для кампании', 'A batch of codes for a campaign')}</h2>
          <PromoBatchForm options={options} onMade={() => revalidator.revalidate()} />
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
                <th scope="col">{tr('Скидка', 'Discount')}</th>
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
                  <td>{offerText(r, locale)}</td>
                  <td>{validity(r)}</td>
                  <td className="adm-num">
                    {r.usedCount}
                    {r.usageLimit !== null ? ` / ${r.usageLimit}` : ''}
                  </td>
                  <td>{conditions(r, options, locale, tr) || <span className="adm-muted">—</span>}</td>
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
      {batches.length > 0 ? (
        <section className="adm-cnt__group">
          <h2>{tr('Партии кодов', 'Batches of codes')}</h2>
          <div className="adm-table-wrap">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{tr('Начало кодов', 'Codes start with')}</th>
                  <th scope="col">{tr('Скидка', 'Discount')}</th>
                  <th scope="col">{tr('Срок', 'Valid')}</th>
                  <th scope="col" className="adm-num">
                    {tr('Использовано', 'Used')}
                  </th>
                  <th scope="col">{tr('Условия', 'Conditions')}</th>
                  <th scope="col">{tr('Создана', 'Made')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{tr('Файл', 'File')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {batches.map((b) => (
                  <tr key={b.id}>
                    <td>{b.prefix}</td>
                    <td>{b.offer ? offerText(b.offer, locale) : '—'}</td>
                    <td>{b.offer ? validity(b.offer) : '—'}</td>
                    <td className="adm-num">
                      {b.used} / {b.count}
                    </td>
                    <td>
                      {(b.offer && conditions(b.offer, options, locale, tr)) || (
                        <span className="adm-muted">—</span>
                      )}
                    </td>
                    <td>{formatDateTime(b.createdAt, locale)}</td>
                    <td>
                      <a
                        className="adm-btn"
                        href={`/api/admin/promo-batches/${b.id}/codes.csv?lang=${locale}`}
                        download
                      >
                        {tr('Скачать CSV', 'Download CSV')}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
