import '../../admin/content/content.css';
import '../../admin/ui/kit.css';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { offerText, PromoBatchForm, PromoForm, type ScopeOptions } from '../../admin/content/promo-form.tsx';
import type { PromoBatchView, PromoCode } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { type AdminLocale, formatDateTime, formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { promoCodesApi } from '../../admin/orders/promo-codes-api.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar } from '../../admin/ui/filter-bar.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { type StaffText, useStaffText } from '../../admin/ui/staff-text.ts';

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const [{ rows, batches }, options] = await Promise.all([
    callApi(promoCodesApi.list, { q }),
    callApi(promoCodesApi.scopeOptions),
  ]);
  return { rows, batches, q, options };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** A code's conditions in words: the minimum, what it is limited to, the limits per customer. */
function conditions(r: PromoCode, options: ScopeOptions, locale: AdminLocale, t: StaffText): string {
  const name = (list: { slug: string; name: { ru: string; en: string } }[], slug: string) => {
    const found = list.find((x) => x.slug === slug);
    return found ? found.name[locale] || found.name.ru : slug;
  };
  const scope = [
    ...r.limitTo.categories.map((s) => name(options.categories, s)),
    ...r.limitTo.collections.map((s) => name(options.collections, s)),
    ...(r.limitTo.products.length ? [t('promo_codes.products', { length: r.limitTo.products.length })] : []),
  ];
  return [
    r.minOrder !== null ? t('promo_codes.order_from', { amount: formatMoney(r.minOrder, locale) }) : null,
    scope.length ? t('promo_codes.only', { list: scope.join(', ') }) : null,
    r.perCustomerLimit !== null
      ? t('promo_codes.per_customer', { perCustomerLimit: r.perCustomerLimit })
      : null,
    r.firstOrderOnly ? t('promo_codes.first_order') : null,
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
  const t = useStaffText();
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
      ? t('promo_codes.no_end')
      : [
          r.startsAt ? formatDateTime(r.startsAt, locale) : '…',
          r.endsAt ? formatDateTime(r.endsAt, locale) : '…',
        ].join(' — ');

  const none = <span className="adm-muted">—</span>;
  const codeColumns: Column<PromoCode>[] = [
    {
      key: 'code',
      header: t('promo_codes.code'),
      render: (r) => <Link to={`?edit=${encodeURIComponent(r.code)}`}>{r.code}</Link>,
    },
    { key: 'value', header: t('promo.csv.value'), render: (r) => offerText(r, locale) },
    { key: 'valid', header: t('promo_codes.valid'), hideOnPhone: true, render: (r) => validity(r) },
    {
      key: 'uses',
      header: t('promo_codes.uses'),
      numeric: true,
      render: (r) => `${r.usedCount}${r.usageLimit !== null ? ` / ${r.usageLimit}` : ''}`,
    },
    {
      key: 'conditions',
      header: t('promo_codes.conditions'),
      hideOnPhone: true,
      render: (r) => conditions(r, options, locale, t) || none,
    },
    {
      key: 'active',
      header: t('orders.col.status'),
      render: (r) =>
        r.active ? (
          <span className="adm-badge adm-badge--ok">{t('promo_codes.on')}</span>
        ) : (
          <span className="adm-badge adm-badge--muted">{t('promo_codes.off')}</span>
        ),
    },
  ];
  const batchColumns: Column<PromoBatchView>[] = [
    { key: 'prefix', header: t('promo_codes.codes_start_with'), render: (b) => b.prefix },
    {
      key: 'value',
      header: t('promo.csv.value'),
      render: (b) => (b.offer ? offerText(b.offer, locale) : '—'),
    },
    {
      key: 'valid',
      header: t('promo_codes.valid'),
      hideOnPhone: true,
      render: (b) => (b.offer ? validity(b.offer) : '—'),
    },
    { key: 'used', header: t('promo_codes.used'), numeric: true, render: (b) => `${b.used} / ${b.count}` },
    {
      key: 'conditions',
      header: t('promo_codes.conditions'),
      hideOnPhone: true,
      render: (b) => (b.offer && conditions(b.offer, options, locale, t)) || none,
    },
    {
      key: 'made',
      header: t('promo_codes.made'),
      hideOnPhone: true,
      render: (b) => formatDateTime(b.createdAt, locale),
    },
    {
      key: 'file',
      header: <span className="visually-hidden">{t('field.file')}</span>,
      render: (b) => (
        <a className="adm-btn" href={`/api/admin/promo-batches/${b.id}/codes.csv?lang=${locale}`} download>
          {t('promo_codes.download_csv')}
        </a>
      ),
    },
  ];

  return (
    <div className="adm-page">
      <PageHead title={t('promo_codes.promo_codes')}>
        <div className="adm-cnt__actions">
          <Link className="adm-btn adm-btn--primary" to="?new=1">
            {t('promo_codes.new_promo_code')}
          </Link>
          <Link className="adm-btn" to="?batch=1">
            {t('promo_codes.batch_of_codes')}
          </Link>
        </div>
      </PageHead>
      {creating || current ? (
        <section className="adm-cnt__group">
          <h2>{current ? `${t('promo.csv.code')} ${current.code}` : t('promo_codes.new_promo_code')}</h2>
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
          <h2>{t('promo_codes.a_batch_of_codes')}</h2>
          <PromoBatchForm options={options} onMade={() => revalidator.revalidate()} />
        </section>
      ) : null}
      <FilterBar
        keys={['q'] as const}
        onApply={({ q: code }) => setParams(code ? { q: code } : {})}
        onReset={() => setParams({})}
      >
        <label className="adm-field">
          {t('promo_codes.code')}
          <input name="q" type="search" defaultValue={q} key={q} maxLength={40} />
        </label>
      </FilterBar>
      <DataTable
        label={t('promo_codes.promo_codes')}
        columns={codeColumns}
        rows={rows}
        rowKey={(r) => r.code}
        empty={t('promo_codes.no_promo_codes')}
      />
      {batches.length > 0 ? (
        <section className="adm-cnt__group">
          <h2>{t('promo_codes.batches_of_codes')}</h2>
          <DataTable
            label={t('promo_codes.batches_of_codes')}
            columns={batchColumns}
            rows={batches}
            rowKey={(b) => b.id}
          />
        </section>
      ) : null}
    </div>
  );
}
