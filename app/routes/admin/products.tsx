import '../../admin/catalogue/catalogue.css';
import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData, useRevalidator } from 'react-router';
import { adminApi, errorText } from '../../admin/api.ts';
import { parseRoubles } from '../../admin/catalogue/money.ts';
import type { EditorOptions, ProductRow } from '../../admin/catalogue/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { formatMoney, useAdminLocale, useTr } from '../../admin/i18n.ts';
import { useStaff } from '../../admin/staff-context.ts';

interface ProductPage {
  rows: ProductRow[];
  total: number;
  page: number;
  limit: number;
}

const FILTERS = ['q', 'category', 'collection', 'inStock', 'noPhoto', 'hidden', 'page'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

export async function clientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) params.set(key, value);
  }
  const [page, options] = await Promise.all([
    adminApi<ProductPage>(`/api/admin/catalogue/products?${params}`),
    adminApi<EditorOptions>('/api/admin/catalogue/options'),
  ]);
  return { ...page, options, filters: Object.fromEntries(params) as Filters, query: params.toString() };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

type BulkKind = 'price-set' | 'price-percent' | 'stock-set' | 'flags' | 'published';

export default function ProductsPage() {
  const tr = useTr();
  const locale = useAdminLocale();
  const data = useLoaderData<typeof clientLoader>();
  const staff = useStaff();
  const canEdit = staff.role === 'admin' || staff.role === 'editor';
  const { revalidate } = useRevalidator();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [kind, setKind] = useState<BulkKind>('price-percent');
  const [value, setValue] = useState('');
  const [flag, setFlag] = useState('isNew:true');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    setSelected((s) => new Set([...s].filter((id) => data.rows.some((r) => r.id === id))));
  }, [data]);

  const f = data.filters;
  const name = (l: { ru: string; en: string }) => (locale === 'en' && l.en ? l.en : l.ru);
  const allOnPage = data.rows.length > 0 && data.rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function bulkChange(): object | string {
    switch (kind) {
      case 'price-set': {
        const price = parseRoubles(value);
        return price === null ? tr('Введите цену в рублях', 'Enter a price in roubles') : { kind, price };
      }
      case 'price-percent': {
        const percent = Number.parseInt(value, 10);
        return Number.isFinite(percent)
          ? { kind, percent, sale: percent < 0 }
          : tr('Введите процент, например −10', 'Enter a percentage, e.g. −10');
      }
      case 'stock-set': {
        const stock = Number.parseInt(value, 10);
        return Number.isFinite(stock) && stock >= 0
          ? { kind, stock }
          : tr('Введите остаток от 0', 'Enter a stock of 0 or more');
      }
      case 'flags': {
        const [key, on] = flag.split(':');
        if (key === 'sale') return { kind, sale: false };
        return { kind, [key ?? 'isNew']: on === 'true' };
      }
      case 'published':
        return { kind, published: flag !== 'hide' };
    }
  }

  async function applyBulk() {
    const change = bulkChange();
    if (typeof change === 'string') {
      setMessage({ ok: false, text: change });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await adminApi<{ changed: number }>('/api/admin/catalogue/products/bulk', {
        method: 'POST',
        body: { ids: [...selected], change },
      });
      setMessage({
        ok: true,
        text: tr(`Изменено товаров: ${res.changed}`, `Products changed: ${res.changed}`),
      });
      setSelected(new Set());
      revalidate();
    } catch (e) {
      setMessage({ ok: false, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  const pageLink = (page: number) => {
    const params = new URLSearchParams(data.query);
    params.set('page', String(page));
    return `/admin/products?${params}`;
  };

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1>{tr('Товары', 'Products')}</h1>
        <span className="adm-muted">{tr(`найдено: ${data.total}`, `found: ${data.total}`)}</span>
        {canEdit && (
          <Link to="/admin/products/new" className="adm-btn adm-btn--primary">
            {tr('Новый товар', 'New product')}
          </Link>
        )}
      </div>
      <Form method="get" className="adm-filters" aria-label={tr('Фильтры', 'Filters')}>
        <label className="adm-field">
          {tr('Поиск', 'Search')}
          <input
            name="q"
            type="search"
            defaultValue={f.q ?? ''}
            maxLength={100}
            placeholder={tr('название, артикул, штрихкод', 'name, article, barcode')}
          />
        </label>
        <label className="adm-field">
          {tr('Категория', 'Category')}
          <select name="category" defaultValue={f.category ?? ''}>
            <option value="">{tr('любая', 'any')}</option>
            {data.options.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.parentSlug ? '— ' : ''}
                {name(c.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('Коллекция', 'Collection')}
          <select name="collection" defaultValue={f.collection ?? ''}>
            <option value="">{tr('любая', 'any')}</option>
            {data.options.collections.map((c) => (
              <option key={c.slug} value={c.slug}>
                {name(c.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="adm-field">
          {tr('Наличие', 'Stock')}
          <select name="inStock" defaultValue={f.inStock ?? ''}>
            <option value="">{tr('любое', 'any')}</option>
            <option value="1">{tr('в наличии', 'in stock')}</option>
            <option value="0">{tr('нет в наличии', 'out of stock')}</option>
          </select>
        </label>
        <label className="adm-field">
          {tr('Показ', 'Visibility')}
          <select name="hidden" defaultValue={f.hidden ?? ''}>
            <option value="">{tr('все', 'all')}</option>
            <option value="0">{tr('на сайте', 'on the shop')}</option>
            <option value="1">{tr('скрытые', 'hidden')}</option>
          </select>
        </label>
        <label className="adm-cat__check">
          <input type="checkbox" name="noPhoto" value="1" defaultChecked={f.noPhoto === '1'} />
          {tr('без фото', 'no photo')}
        </label>
        <button type="submit" className="adm-btn adm-btn--primary">
          {tr('Найти', 'Find')}
        </button>
        <Link to="/admin/products" className="adm-btn">
          {tr('Сбросить', 'Reset')}
        </Link>
      </Form>
      {message && (
        <p className={message.ok ? 'adm-ok' : 'adm-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {data.rows.length === 0 ? (
        <p className="adm-muted">{tr('Товаров не найдено', 'No products found')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={tr('Выбрать все на странице', 'Select all on this page')}
                    checked={allOnPage}
                    onChange={() => setSelected(allOnPage ? new Set() : new Set(data.rows.map((r) => r.id)))}
                  />
                </th>
                <th className="adm-cat__hide-phone">{tr('Фото', 'Photo')}</th>
                <th>{tr('Товар', 'Product')}</th>
                <th className="adm-num">{tr('Цена', 'Price')}</th>
                <th className="adm-num">{tr('Остаток', 'Stock')}</th>
                <th className="adm-cat__hide-phone">{tr('Метки', 'Flags')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={tr(`Выбрать ${name(r.name)}`, `Select ${name(r.name)}`)}
                      checked={selected.has(r.id)}
                      onChange={() => toggle(r.id)}
                    />
                  </td>
                  <td className="adm-cat__hide-phone">
                    {r.photo ? (
                      <img
                        className="adm-cat__thumb"
                        src={`/media/${r.photo}-480.webp`}
                        alt=""
                        loading="lazy"
                      />
                    ) : (
                      <span className="adm-cat__thumb" aria-hidden="true" />
                    )}
                  </td>
                  <td>
                    <Link to={`/admin/products/${encodeURIComponent(r.id)}`}>{name(r.name)}</Link>
                    <div className="adm-muted">
                      <span className="adm-cat__swatch" style={{ background: r.colorHex }} />
                      {name(r.colorName)} · {r.art}
                    </div>
                  </td>
                  <td className="adm-num">
                    {formatMoney(r.price, locale)}
                    {r.oldPrice !== null && (
                      <div className="adm-muted">
                        <s>{formatMoney(r.oldPrice, locale)}</s>
                      </div>
                    )}
                  </td>
                  <td className="adm-num">
                    {r.stock} <span className="adm-muted">/ {r.sizes}</span>
                  </td>
                  <td className="adm-cat__hide-phone">
                    <span className="adm-cat__flags">
                      {!r.published && (
                        <span className="adm-badge adm-badge--muted">{tr('скрыт', 'hidden')}</span>
                      )}
                      {r.isNew && <span className="adm-badge adm-badge--ok">{tr('новинка', 'new')}</span>}
                      {r.oldPrice !== null && (
                        <span className="adm-badge adm-badge--bad">{tr('скидка', 'sale')}</span>
                      )}
                      {r.isBestseller && (
                        <span className="adm-badge adm-badge--warn">{tr('хит', 'bestseller')}</span>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="adm-pager" aria-label={tr('Страницы', 'Pages')}>
          {data.page > 1 && (
            <Link className="adm-btn" to={pageLink(data.page - 1)}>
              {tr('Назад', 'Previous')}
            </Link>
          )}
          <span className="adm-muted">
            {data.page} / {pages}
          </span>
          {data.page < pages && (
            <Link className="adm-btn" to={pageLink(data.page + 1)}>
              {tr('Дальше', 'Next')}
            </Link>
          )}
        </nav>
      )}
      {canEdit && selected.size > 0 && (
        <section className="adm-cat__bulk" aria-label={tr('Изменить выбранные', 'Change the selected')}>
          <strong>{tr(`Выбрано: ${selected.size}`, `Selected: ${selected.size}`)}</strong>
          <label className="adm-field">
            {tr('Изменение', 'Change')}
            <select value={kind} onChange={(e) => setKind(e.target.value as BulkKind)}>
              <option value="price-percent">{tr('Цена, %', 'Price, %')}</option>
              <option value="price-set">{tr('Цена, ₽', 'Price, ₽')}</option>
              <option value="stock-set">{tr('Остаток каждого размера', 'Stock of every size')}</option>
              <option value="flags">{tr('Метки', 'Flags')}</option>
              <option value="published">{tr('Показ на сайте', 'Visibility')}</option>
            </select>
          </label>
          {(kind === 'price-percent' || kind === 'price-set' || kind === 'stock-set') && (
            <label className="adm-field">
              {kind === 'price-percent'
                ? tr('Процент (−10 — скидка)', 'Percent (−10 is a sale)')
                : kind === 'price-set'
                  ? tr('Цена, ₽', 'Price, ₽')
                  : tr('Остаток', 'Stock')}
              <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" size={8} />
            </label>
          )}
          {kind === 'flags' && (
            <label className="adm-field">
              {tr('Метка', 'Flag')}
              <select value={flag} onChange={(e) => setFlag(e.target.value)}>
                <option value="isNew:true">{tr('Отметить новинкой', 'Mark as new')}</option>
                <option value="isNew:false">{tr('Снять «новинку»', 'Unmark new')}</option>
                <option value="isBestseller:true">{tr('Отметить хитом', 'Mark as bestseller')}</option>
                <option value="isBestseller:false">{tr('Снять «хит»', 'Unmark bestseller')}</option>
                <option value="sale:false">{tr('Закончить скидку', 'End the sale')}</option>
              </select>
            </label>
          )}
          {kind === 'published' && (
            <label className="adm-field">
              {tr('Показ', 'Visibility')}
              <select value={flag === 'hide' ? 'hide' : 'show'} onChange={(e) => setFlag(e.target.value)}>
                <option value="show">{tr('Показать', 'Show')}</option>
                <option value="hide">{tr('Скрыть', 'Hide')}</option>
              </select>
            </label>
          )}
          <button type="button" className="adm-btn adm-btn--primary" disabled={busy} onClick={applyBulk}>
            {tr('Применить ко всем', 'Apply to all')}
          </button>
          <button type="button" className="adm-btn" onClick={() => setSelected(new Set())}>
            {tr('Снять выбор', 'Clear')}
          </button>
        </section>
      )}
      <StockHint />
    </div>
  );
}

/** Managers change stock from the product page; this list links there. */
function StockHint() {
  const tr = useTr();
  return (
    <p className="adm-muted">
      {tr(
        'Остаток по размерам меняется на странице товара.',
        'Stock per size is changed on the product page.',
      )}
    </p>
  );
}
