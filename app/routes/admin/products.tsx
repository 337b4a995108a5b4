import '../../admin/catalogue/catalogue.css';
import '../../admin/ui/kit.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { type bulkChange, productListQuery } from '../../../core/catalogue/catalogue-admin.schemas.ts';
import { type StaffMessageKey, staffMessage, staffPlural } from '../../../core/staff-messages.ts';
import { catalogueApi } from '../../admin/catalogue/catalogue-api.ts';
import { parseRoubles } from '../../admin/catalogue/money.ts';
import type { L10n, ProductRow } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatMoney, useAdminLocale } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';
import { callApi } from '../../admin/ui/api-client.ts';
import { type Column, DataTable } from '../../admin/ui/data-table.tsx';
import { FilterBar, useListAddress } from '../../admin/ui/filter-bar.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { Pager } from '../../admin/ui/pager.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

const FILTERS = ['q', 'category', 'collection', 'inStock', 'hidden', 'noPhoto'] as const;
// The list comes in the server's own order; the address keeps the filters and the page.
const NO_SORT = { column: '', dir: 'asc' } as const;

/** The address's filters, checked against the server's schema: a value it would refuse is dropped. */
function queryOf(url: URL): z.input<typeof productListQuery> {
  const raw: Record<string, string> = {};
  for (const key of [...FILTERS, 'page']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = productListQuery.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return raw;
}

export async function clientLoader({ request }: { request: Request }) {
  const [page, options] = await Promise.all([
    callApi(catalogueApi.products, queryOf(new URL(request.url))),
    callApi(catalogueApi.options),
  ]);
  return { ...page, options };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type BulkKind = 'price-set' | 'price-percent' | 'stock-set' | 'flags' | 'published';
type BulkChange = z.input<typeof bulkChange>;

export default function ProductsPage() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const data = useLoaderData<typeof clientLoader>();
  const address = useListAddress(FILTERS, NO_SORT);
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [kind, setKind] = useState<BulkKind>('price-percent');
  const [value, setValue] = useState('');
  const [flag, setFlag] = useState('isNew:true');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [changed, setChanged] = useState<number | null>(null);
  useEffect(() => {
    setSelected((s) => new Set([...s].filter((id) => data.rows.some((r) => r.id === id))));
  }, [data]);

  const f = address.filters;
  const name = (l: L10n) => (locale === 'en' && l.en ? l.en : l.ru);

  function changeOf(): BulkChange | string {
    switch (kind) {
      case 'price-set': {
        const price = parseRoubles(value);
        return price === null ? t('cat.bulk.enter_price') : { kind, price };
      }
      case 'price-percent': {
        const percent = Number.parseInt(value, 10);
        return Number.isFinite(percent) ? { kind, percent, sale: percent < 0 } : t('cat.bulk.enter_percent');
      }
      case 'stock-set': {
        const stock = Number.parseInt(value, 10);
        return Number.isFinite(stock) && stock >= 0 ? { kind, stock } : t('cat.bulk.enter_stock');
      }
      case 'flags': {
        const [key, on] = flag.split(':');
        if (key === 'sale') return { kind, sale: false };
        return key === 'isBestseller'
          ? { kind, isBestseller: on === 'true' }
          : { kind, isNew: on === 'true' };
      }
      case 'published':
        return { kind, published: flag !== 'hide' };
    }
  }

  const bulk = useAction(async (change: BulkChange) => {
    const res = await callApi(catalogueApi.bulk, { ids: [...selected], change });
    setChanged(res.changed);
    setSelected(new Set());
    revalidator.revalidate();
    return res;
  });

  function applyBulk() {
    const change = changeOf();
    setChanged(null);
    if (typeof change === 'string') {
      setInvalid(change);
      return;
    }
    setInvalid(null);
    void bulk.run(change);
  }

  const columns: Column<ProductRow>[] = [
    {
      key: 'photo',
      header: t('cat.products.col.photo'),
      hideOnPhone: true,
      render: (r) =>
        r.photo ? (
          <img className="adm-cat__thumb" src={`/media/${r.photo}-480.webp`} alt="" loading="lazy" />
        ) : (
          <span className="adm-cat__thumb" aria-hidden="true" />
        ),
    },
    {
      key: 'product',
      header: t('cat.products.col.product'),
      render: (r) => (
        <>
          <Link to={`/admin/products/${encodeURIComponent(r.id)}`}>{name(r.name)}</Link>
          <div className="adm-muted">
            <span className="adm-cat__swatch" style={{ background: r.colorHex }} />
            {name(r.colorName)} · <span className="adm-id adm-cat__code">{r.art}</span>
          </div>
        </>
      ),
    },
    {
      key: 'price',
      header: t('cat.products.col.price'),
      numeric: true,
      render: (r) => (
        <>
          {formatMoney(r.price, locale)}
          {r.oldPrice !== null && (
            <div className="adm-muted">
              <s>{formatMoney(r.oldPrice, locale)}</s>
            </div>
          )}
        </>
      ),
    },
    {
      key: 'stock',
      header: t('cat.products.col.stock'),
      numeric: true,
      render: (r) => (
        <>
          {r.stock} <span className="adm-muted">/ {r.sizes}</span>
        </>
      ),
    },
    {
      key: 'flags',
      header: t('cat.products.col.flags'),
      hideOnPhone: true,
      render: (r) => (
        <span className="adm-cat__flags">
          {!r.published && <span className="adm-badge adm-badge--muted">{t('cat.flag.hidden')}</span>}
          {r.isNew && <span className="adm-badge adm-badge--ok">{t('cat.flag.new')}</span>}
          {r.oldPrice !== null && <span className="adm-badge adm-badge--bad">{t('cat.flag.sale')}</span>}
          {r.isBestseller && <span className="adm-badge adm-badge--warn">{t('cat.flag.bestseller')}</span>}
        </span>
      ),
    },
  ];
  const rowsById = new Map(data.rows.map((r) => [r.id, r]));

  return (
    <div className="adm-page">
      <PageHead title={t('cat.products.title')} hint={t('kit.found', { count: data.total })}>
        {canEdit && (
          <Link to="/admin/products/new" className="adm-btn adm-btn--primary">
            {t('cat.products.new')}
          </Link>
        )}
      </PageHead>
      <FilterBar keys={FILTERS} onApply={address.setFilters} onReset={address.reset}>
        <label className="adm-field">
          {t('cat.search')}
          <input
            name="q"
            type="search"
            defaultValue={f.q}
            key={`q-${f.q}`}
            maxLength={100}
            placeholder={t('cat.search_hint')}
          />
        </label>
        <label className="adm-field">
          {t('cat.category')}
          <select name="category" defaultValue={f.category} key={`category-${f.category}`}>
            <option value="">{t('cat.any_f')}</option>
            {data.options.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.parentSlug ? '— ' : ''}
                {name(c.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('cat.collection')}
          <select name="collection" defaultValue={f.collection} key={`collection-${f.collection}`}>
            <option value="">{t('cat.any_f')}</option>
            {data.options.collections.map((c) => (
              <option key={c.slug} value={c.slug}>
                {name(c.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {t('cat.products.stock')}
          <select name="inStock" defaultValue={f.inStock} key={`inStock-${f.inStock}`}>
            <option value="">{t('kit.any')}</option>
            <option value="1">{t('cat.products.in_stock')}</option>
            <option value="0">{t('cat.products.out_of_stock')}</option>
          </select>
        </label>
        <label className="adm-field">
          {t('cat.products.visibility')}
          <select name="hidden" defaultValue={f.hidden} key={`hidden-${f.hidden}`}>
            <option value="">{t('cat.products.all')}</option>
            <option value="0">{t('cat.products.shown')}</option>
            <option value="1">{t('cat.products.hidden')}</option>
          </select>
        </label>
        <label className="adm-cat__check">
          <input
            type="checkbox"
            name="noPhoto"
            value="1"
            defaultChecked={f.noPhoto === '1'}
            key={`noPhoto-${f.noPhoto}`}
          />
          {t('cat.products.no_photo')}
        </label>
      </FilterBar>
      {changed !== null && bulk.done && (
        <StatusNote>{t('cat.bulk.done', { products: staffPlural('products', changed, locale) })}</StatusNote>
      )}
      <ErrorNote message={invalid ?? bulk.error} />
      <DataTable
        label={t('cat.products.title')}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.id}
        loading={revalidator.state === 'loading'}
        empty={t('cat.products.none')}
        selection={{
          selected,
          onChange: setSelected,
          label: (id) =>
            t('cat.products.select', { name: name(rowsById.get(id)?.name ?? { ru: id, en: id }) }),
        }}
      />
      <Pager
        page={data.page}
        pageSize={data.limit}
        total={data.total}
        href={(page) => address.hrefWith({ page })}
      />
      {canEdit && selected.size > 0 && (
        <section className="adm-cat__bulk" aria-label={t('cat.bulk.label')}>
          <strong role="status">{t('kit.selected', { count: selected.size })}</strong>
          <label className="adm-field">
            {t('cat.bulk.change')}
            <select value={kind} onChange={(e) => setKind(e.target.value as BulkKind)}>
              <option value="price-percent">{t('cat.bulk.price_percent')}</option>
              <option value="price-set">{t('cat.bulk.price_set')}</option>
              <option value="stock-set">{t('cat.bulk.stock_set')}</option>
              <option value="flags">{t('cat.bulk.flags')}</option>
              <option value="published">{t('cat.bulk.published')}</option>
            </select>
          </label>
          {(kind === 'price-percent' || kind === 'price-set' || kind === 'stock-set') && (
            <label className="adm-field">
              {kind === 'price-percent'
                ? t('cat.bulk.percent')
                : kind === 'price-set'
                  ? t('cat.bulk.price_set')
                  : t('cat.bulk.stock')}
              <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" size={8} />
            </label>
          )}
          {kind === 'flags' && (
            <label className="adm-field">
              {t('cat.bulk.flag')}
              <select value={flag} onChange={(e) => setFlag(e.target.value)}>
                <option value="isNew:true">{t('cat.bulk.mark_new')}</option>
                <option value="isNew:false">{t('cat.bulk.unmark_new')}</option>
                <option value="isBestseller:true">{t('cat.bulk.mark_bestseller')}</option>
                <option value="isBestseller:false">{t('cat.bulk.unmark_bestseller')}</option>
                <option value="sale:false">{t('cat.bulk.end_sale')}</option>
              </select>
            </label>
          )}
          {kind === 'published' && (
            <label className="adm-field">
              {t('cat.products.visibility')}
              <select value={flag === 'hide' ? 'hide' : 'show'} onChange={(e) => setFlag(e.target.value)}>
                <option value="show">{t('cat.bulk.show')}</option>
                <option value="hide">{t('cat.bulk.hide')}</option>
              </select>
            </label>
          )}
          <button type="button" className="adm-btn adm-btn--primary" disabled={bulk.busy} onClick={applyBulk}>
            {t('cat.bulk.apply')}
          </button>
          <button type="button" className="adm-btn" onClick={() => setSelected(new Set())}>
            {t('cat.bulk.clear')}
          </button>
        </section>
      )}
      <p className="adm-muted">{t('cat.products.stock_hint')}</p>
    </div>
  );
}
