import { Link } from 'react-router';
import {
  type ListingQuery,
  listingSearch,
  listingSorts,
  MAX_PAGE,
  pagerItems,
  toggleSize,
} from '../../core/catalogue/listing.rules.ts';
import { groupSizes } from '../../core/catalogue/size.rules.ts';
import { pick } from '../../core/i18n.ts';
import { useT } from '../i18n/index.ts';
import type { Route } from '../routes/+types/catalog';
import { ProductCard } from './product-card.tsx';

/**
 * The catalogue page's content (app/routes/catalog.tsx): drawn by the server, hydrated once its code
 * arrives after the page's first load (app/lib/later-hydrated.tsx). Everything in it but the cards'
 * hearts is a link, which works before.
 */
export function CatalogView({ d }: { d: Route.ComponentProps['loaderData'] }) {
  const t = useT();
  const { locale, query, listing, path } = d;
  const base = locale === 'en' ? '/en' : '';
  const href = (q: ListingQuery) => `${path}${listingSearch(q)}`;
  const filtered = query.sizes.length > 0 || query.availableOnly || query.saleOnly;
  const reset: ListingQuery = { ...query, sizes: [], availableOnly: false, saleOnly: false, page: 1 };
  const grouped = groupSizes(listing.sizeOptions);
  const sizeGroups = (['letter', 'numeric', 'other'] as const)
    .map((kind) => ({ kind, sizes: grouped[kind] }))
    .filter((g) => g.sizes.length > 0);

  const filters = (
    <div className="filters">
      <fieldset className="filters__group">
        <legend className="filters__legend">{t('catalog.size')}</legend>
        {/* Issue 35: letter and numeric sizes apart, each a labelled group of the scope's sizes. */}
        <div className="filters__sizes">
          {sizeGroups.map(({ kind, sizes }) => (
            <fieldset key={kind} className="filters__size-group">
              <legend className="filters__size-legend">{t(`catalog.size.${kind}`)}</legend>
              <ul className="chips">
                {sizes.map((size) => {
                  const active = query.sizes.includes(size);
                  return (
                    <li key={size}>
                      <Link
                        className={`chip${active ? ' chip--active' : ''}`}
                        to={href(toggleSize(query, size))}
                        aria-current={active ? 'true' : undefined}
                        preventScrollReset
                        rel="nofollow"
                      >
                        {size}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
      </fieldset>
      <div className="filters__toggles">
        <FilterToggle
          on={query.availableOnly}
          to={href({ ...query, availableOnly: !query.availableOnly, page: 1 })}
          label={t('catalog.available')}
        />
        <FilterToggle
          on={query.saleOnly}
          to={href({ ...query, saleOnly: !query.saleOnly, page: 1 })}
          label={t('catalog.sale')}
        />
        {filtered ? (
          <Link className="filters__reset" to={href(reset)} preventScrollReset>
            {t('catalog.reset')}
          </Link>
        ) : null}
      </div>
    </div>
  );

  return (
    <div className="catalog">
      <nav className="breadcrumbs" aria-label={t('catalog.breadcrumbs')}>
        <ol>
          <li>
            <Link to={base || '/'}>{t('catalog.home')}</Link>
          </li>
          <li>
            <Link to={`${base}/catalog`}>{t('catalog.title')}</Link>
          </li>
          {d.parent ? (
            <li>
              <Link to={`${base}/catalog/${d.parent.slug}`}>{pick(d.parent.name, locale)}</Link>
            </li>
          ) : null}
        </ol>
      </nav>

      <div className="catalog__layout">
        <aside className="catalog__sidebar" aria-label={t('catalog.categories')}>
          <ul className="tree">
            <li>
              <Link
                className={`tree__link${d.current === null ? ' tree__link--active' : ''}`}
                to={`${base}/catalog`}
              >
                {t('catalog.all')}
              </Link>
            </li>
            {d.tops.map((top) => (
              <li key={top.slug}>
                <Link
                  className={`tree__link${d.current === top.slug ? ' tree__link--active' : ''}`}
                  to={`${base}/catalog/${top.slug}`}
                  aria-current={d.current === top.slug ? 'page' : undefined}
                >
                  {pick(top.name, locale)}
                </Link>
                {d.activeTop === top.slug ? (
                  <ul className="tree__children">
                    {(d.childrenOf[top.slug] ?? []).map((sub) => (
                      <li key={sub.slug}>
                        <Link
                          className={`tree__link tree__link--sub${d.current === sub.slug ? ' tree__link--active' : ''}`}
                          to={`${base}/catalog/${top.slug}/${sub.slug}`}
                          aria-current={d.current === sub.slug ? 'page' : undefined}
                        >
                          {pick(sub.name, locale)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </aside>

        <div className="catalog__main">
          <header className="catalog__head">
            <h1 className="catalog__title">{pick(d.title, locale)}</h1>
            <p className="catalog__count">{t.count('catalog.count', listing.total)}</p>
          </header>
          {d.description ? <p className="catalog__description">{pick(d.description, locale)}</p> : null}

          {/* Phones: a horizontal category scroller and subcategory chips as hash-tag links (catalogue.md §2). */}
          <nav className="scroller" aria-label={t('catalog.categories')}>
            <ul className="scroller__list">
              {d.tops.map((top) => (
                <li key={top.slug}>
                  <Link
                    className={`scroller__item${d.activeTop === top.slug ? ' scroller__item--active' : ''}`}
                    to={`${base}/catalog/${top.slug}`}
                  >
                    {pick(top.name, locale)}
                  </Link>
                </li>
              ))}
            </ul>
            {d.subcategories.length > 0 ? (
              <ul className="hashtags">
                {d.subcategories.map((sub) => (
                  <li key={sub.slug}>
                    <Link
                      className={`hashtag${d.current === sub.slug ? ' hashtag--active' : ''}`}
                      to={`${base}/catalog/${d.activeTop}/${sub.slug}`}
                    >
                      #{pick(sub.name, locale).toLowerCase()}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </nav>

          <div className="toolbar">
            <details className="toolbar__filters">
              <summary className="toolbar__button">
                {t('catalog.filters')}
                {filtered ? <span className="toolbar__dot" aria-hidden="true" /> : null}
              </summary>
              {filters}
            </details>
            <div className="toolbar__desktop-filters">{filters}</div>
            <nav className="sort" aria-label={t('catalog.sort')}>
              <span className="sort__label">{t('catalog.sort')}:</span>
              <ul className="sort__list">
                {listingSorts.map((sort) => (
                  <li key={sort}>
                    <Link
                      className={`sort__link${query.sort === sort ? ' sort__link--active' : ''}`}
                      to={href({ ...query, sort, page: 1 })}
                      aria-current={query.sort === sort ? 'true' : undefined}
                      preventScrollReset
                      rel="nofollow"
                    >
                      {t(`catalog.sort.${sort}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>

          {listing.cards.length === 0 ? (
            <div className="catalog__empty">
              <p>{t('catalog.empty')}</p>
              {filtered ? (
                <Link className="button button--dark" to={href(reset)}>
                  {t('catalog.reset')}
                </Link>
              ) : null}
            </div>
          ) : (
            <section aria-labelledby="catalog-products">
              {/* Card names (h3) sit under a heading of the grid, not straight under the h1 (issue 21). */}
              <h2 id="catalog-products" className="visually-hidden">
                {t('catalog.products')}
              </h2>
              <div className="grid grid--catalog">
                {listing.cards.map((card, i) => (
                  <ProductCard key={card.id} card={card} eager={i < 4} priority={i === 0} />
                ))}
              </div>
            </section>
          )}

          {listing.pages > 1 ? (
            <nav className="pager" aria-label={t('catalog.pages')}>
              {query.page > 1 ? (
                <Link className="pager__link" to={href({ ...query, page: query.page - 1 })} rel="prev">
                  {t('catalog.prev')}
                </Link>
              ) : null}
              {pagerItems(query.page, listing.pages).map((n, i, all) =>
                n === null ? (
                  <span key={`gap-after-${all[i - 1]}`} className="pager__gap" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <Link
                    key={n}
                    className={`pager__link${n === query.page ? ' pager__link--active' : ''}`}
                    to={href({ ...query, page: n })}
                    aria-current={n === query.page ? 'page' : undefined}
                    aria-label={t('catalog.page', { page: n })}
                  >
                    {n}
                  </Link>
                ),
              )}
              {query.page < Math.min(listing.pages, MAX_PAGE) ? (
                <Link className="pager__link" to={href({ ...query, page: query.page + 1 })} rel="next">
                  {t('catalog.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** An on/off filter as a link (it works before the scripts load), announced as a checkbox. */
function FilterToggle({ on, to, label }: { on: boolean; to: string; label: string }) {
  return (
    <Link
      className={`check${on ? ' check--on' : ''}`}
      to={to}
      role="checkbox"
      aria-checked={on}
      preventScrollReset
      rel="nofollow"
    >
      <span className="check__box" aria-hidden="true" />
      {label}
    </Link>
  );
}
