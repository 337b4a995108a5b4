import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { ProductPage } from '../../core/catalogue/catalogue.types.ts';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { canAddToCart, maxOrderable, sizeAvailability } from '../../core/catalogue/stock.rules.ts';
import { tagName } from '../../core/catalogue/tag-names.rules.ts';
import { type Locale, pick } from '../../core/i18n.ts';
import { formatMoney, priceInCurrency } from '../../core/money.ts';
import { type MessageKey, useT } from '../i18n/index.ts';
import { pushEcommerce } from '../lib/analytics.ts';
import { addToCart, readCart } from '../lib/shop-cookies.ts';
import { useShop } from '../shop-context.ts';
import { useStaffMode } from '../staff/edit-mode.ts';
import { useQuickOrder } from './checkout/quick-order-context.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { CloseIcon } from './icons.tsx';
import { Photo } from './photo.tsx';
import { Price } from './price.tsx';
import { ProductDescription } from './product-description.tsx';
import { RestockDialog } from './restock-dialog.tsx';
import { Suggestions } from './suggestions.tsx';

/** The current query with one parameter set (a size, or `cart` with no value: checkout.md §2). */
function withParam(params: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(params);
  next.set(name, value);
  return value ? next.toString() : next.toString().replace(new RegExp(`(^|&)${name}=(&|$)`), `$1${name}$2`);
}

/** The product page's content; also shown in the modal that `?product=` opens on any page. */
export function ProductView({
  product,
  selected,
  locale,
  inModal = false,
}: {
  product: ProductPage;
  selected: string | null;
  locale: Locale;
  inModal?: boolean;
}) {
  const t = useT();
  const shop = useShop();
  // catalogue.md §6: an editor edits the name, labels, tab texts and size table in place.
  const staffMode = useStaffMode();
  const text = (key: MessageKey) =>
    staffMode ? <staffMode.kit.EditableText k={key} text={t(key)} /> : t(key);
  const sizeText = (
    spot: Parameters<NonNullable<typeof staffMode>['kit']['EditableSizeTable']>[0]['spot'],
    value: string,
  ) =>
    staffMode ? <staffMode.kit.EditableSizeTable productId={product.id} spot={spot} text={value} /> : value;
  const [searchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const base = locale === 'en' ? '/en' : '';
  // A size tapped a moment ago is the chosen one while its address loads: a tap on «В корзину» made
  // before the page's data returns adds that size instead of asking for a size again (DECISIONS 27).
  const location = useLocation();
  const pending = useNavigation().location;
  const pendingId =
    pending && pending.pathname === location.pathname ? new URLSearchParams(pending.search).get('p') : null;
  const chosen = product.variants.some((v) => v.id === pendingId) ? pendingId : selected;
  const variant = product.variants.find((v) => v.id === chosen) ?? null;
  const oneSize = product.variants.length === 1 && product.variants[0]?.size === '';
  const [inCart, setInCart] = useState(false);
  const [sizeHint, setSizeHint] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);
  const stickyBar = useRef<HTMLDivElement>(null);
  useBottomBarHeight(stickyBar);
  const sizeGuide = useRef<HTMLDialogElement>(null);
  const restock = useRef<HTMLDialogElement>(null);
  // catalogue.md §2: the notify-on-arrival link shows when preorder or notification equals 1.
  const notifiable = (variant ? [variant] : product.variants).some((v) => v.preorder || v.notification);

  useEffect(() => {
    setInCart(variant ? readCart().some((i) => i._id === variant.id) : false);
  }, [variant]);

  function add() {
    if (!variant) {
      // catalogue.md §2: on phones the first tap opens the size sheet.
      if (window.matchMedia('(max-width: 767px)').matches) sheet.current?.showModal();
      else setSizeHint(true);
      return;
    }
    addToCart(variant.id, maxOrderable(variant));
    pushEcommerce('add_to_cart', [
      {
        item_name: product.name.ru,
        item_id: product.id,
        item_barcode: variant.barcode,
        item_variant: variant.size,
        quantity: 1,
        price: product.price / 100,
        old_price: product.oldPrice === null ? null : product.oldPrice / 100,
        item_brand: shop.shopName,
        item_category: product.category.slug,
        item_list_name: inModal ? 'product modal' : 'product page',
      },
    ]);
    setInCart(true);
    void revalidator.revalidate();
  }

  // DECISIONS 27: a tap on «В корзину» made before this view hydrated (app/root.tsx TAP_RECORDER) is
  // replayed once, unless React already handled it (the size is then in the cart). The view hydrates
  // after the page's shell (app/lib/later-hydrated.tsx): from here on React takes the taps, and the
  // recorder stops.
  const replayed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render's product and size
  useEffect(() => {
    if (inModal || replayed.current) return;
    replayed.current = true;
    const recorder = window as { __shopTaps?: string[] | null };
    const taps = recorder.__shopTaps;
    recorder.__shopTaps = null;
    if (!taps?.includes('add-to-cart')) return;
    if (variant && readCart().some((i) => i._id === variant.id)) return;
    if (variant ? canAddToCart(variant) : product.variants.some(canAddToCart)) add();
  }, []);

  const openQuickOrder = useQuickOrder();
  function quickOrder() {
    if (!variant) {
      if (window.matchMedia('(max-width: 767px)').matches) sheet.current?.showModal();
      else setSizeHint(true);
      return;
    }
    openQuickOrder(variant.id);
  }
  // catalogue.md §2: quick order shows only for a signed-in user, for what can be ordered.
  const quickButton =
    shop.user && (variant ? canAddToCart(variant) : product.variants.some(canAddToCart)) ? (
      <button type="button" className="button button--light button--wide product__quick" onClick={quickOrder}>
        {t('product.quickOrder')}
      </button>
    ) : null;

  const priceText = formatMoney(priceInCurrency(product.price, shop.currency, shop.rates), locale);
  const availability = variant ? sizeAvailability(variant) : null;
  let button: React.ReactNode;
  if (variant && inCart) {
    button = (
      <Link
        className="button button--dark button--wide"
        to={`?${withParam(searchParams, 'cart', '')}`}
        preventScrollReset
      >
        {t('product.openCart')}
      </Link>
    );
  } else if (variant ? !canAddToCart(variant) : !product.variants.some(canAddToCart)) {
    button = (
      <button type="button" className="button button--dark button--wide" disabled>
        {t('product.soldOut')}
      </button>
    );
  } else {
    button = (
      <button type="button" className="button button--dark button--wide" onClick={add} data-tap="add-to-cart">
        {availability === 'preorder' || (!variant && product.variants.every((v) => v.stock < 1))
          ? t('product.preorder')
          : `${t('product.addToCart')} — ${priceText}`}
      </button>
    );
  }

  const sizes = (
    <ul className="sizes">
      {product.variants.map((v) => {
        const state = sizeAvailability(v);
        return (
          <li key={v.id}>
            {/* A link, so choosing a size works before the scripts load (DECISIONS 25: `?p=`). */}
            <Link
              to={`?${withParam(searchParams, 'p', v.id)}`}
              replace
              preventScrollReset
              className={`size size--${state}${v.id === chosen ? ' size--selected' : ''}`}
              aria-current={v.id === chosen ? 'true' : undefined}
              onClick={() => {
                setSizeHint(false);
                sheet.current?.close();
              }}
            >
              <span className="size__name">{v.size || t('product.noSize')}</span>
              {state === 'low_stock' ? <span className="size__note">{t('product.lowStock')}</span> : null}
              {state === 'preorder' ? <span className="size__note">{t('product.preorder')}</span> : null}
              {state === 'sold_out' ? <span className="size__note">{t('product.soldOut')}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className={`product${inModal ? ' product--modal' : ''}`}>
      {inModal ? null : (
        // catalogue.md §2 (issue 35): catalogue → category → product, as the page's BreadcrumbList says.
        <nav className="breadcrumbs product__breadcrumbs" aria-label={t('catalog.breadcrumbs')}>
          <ol>
            <li>
              <Link to={`${base}/catalog`}>{t('catalog.title')}</Link>
            </li>
            {product.parentCategory ? (
              <li>
                <Link to={`${base}/catalog/${product.parentCategory.slug}`}>
                  {pick(product.parentCategory.name, locale)}
                </Link>
              </li>
            ) : null}
            <li>
              <Link
                to={`${base}/catalog/${product.parentCategory ? `${product.parentCategory.slug}/` : ''}${product.category.slug}`}
              >
                {pick(product.category.name, locale)}
              </Link>
            </li>
            <li aria-current="page">{pick(product.name, locale)}</li>
          </ol>
        </nav>
      )}
      <div className="product__layout">
        <Gallery
          groupId={product.id}
          photos={product.photos}
          videos={product.videos}
          name={pick(product.name, locale)}
        />
        <section className="product__info" aria-labelledby="product-name">
          <div className="product__labels">
            {product.isNew ? <span className="label">{text('product.new')}</span> : null}
            {product.isBestseller ? (
              <span className="label label--light">{text('product.bestseller')}</span>
            ) : null}
          </div>
          <p className="product__art">
            {t('product.article')}: {product.art}
          </p>
          <div className="product__title-row">
            <h1 id="product-name" className="product__name">
              {staffMode ? (
                <staffMode.kit.EditableProductName id={product.id} name={pick(product.name, locale)} />
              ) : (
                pick(product.name, locale)
              )}
            </h1>
            <FavouriteButton groupId={product.id} />
          </div>
          <Price price={product.price} oldPrice={product.oldPrice} />

          <div className="product__block">
            <p className="product__label">
              {t('product.colour')}: <strong>{pick(product.colorName, locale)}</strong>
            </p>
            {product.colours.length > 1 ? (
              <ul className="colours">
                {product.colours.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`${base}/products/${c.id}`}
                      className={`colour${c.id === product.id ? ' colour--active' : ''}`}
                      aria-label={pick(c.colorName, locale)}
                      aria-current={c.id === product.id ? 'true' : undefined}
                      title={pick(c.colorName, locale)}
                    >
                      <span className="colour__swatch" style={{ background: c.colorHex }} />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          {oneSize ? null : (
            <div className="product__block">
              <div className="product__label-row">
                <p className="product__label" id="size-label">
                  {t('product.size')}
                </p>
                {product.sizeTable ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => sizeGuide.current?.showModal()}
                  >
                    {t('product.sizeFinder')}
                  </button>
                ) : null}
              </div>
              <fieldset className="plain-fieldset" aria-labelledby="size-label">
                {sizes}
              </fieldset>
              {sizeHint ? (
                <p className="product__hint" role="alert">
                  {t('product.chooseSize')}
                </p>
              ) : null}
            </div>
          )}

          {availability === 'preorder' ? <p className="product__note">{t('product.preorderNote')}</p> : null}
          <div className="product__buttons">
            {button}
            {quickButton}
          </div>
          {notifiable ? (
            <button
              type="button"
              className="link-button product__notify"
              onClick={() => restock.current?.showModal()}
            >
              {t('restock.link')}
            </button>
          ) : null}

          <div className="accordion">
            <details open>
              <summary>{text('product.description')}</summary>
              <ProductDescription text={pick(product.description, locale)} />
            </details>
            <details>
              <summary>{text('product.composition')}</summary>
              <p>{pick(product.composition, locale)}</p>
              <p>{pick(product.care, locale)}</p>
            </details>
            <details>
              <summary>{text('product.delivery')}</summary>
              <p>{text('product.deliveryText')}</p>
            </details>
          </div>
        </section>
      </div>

      {inModal ? null : <Suggestions groupId={product.id} />}

      {/* Phones: a sticky buttons bar and a size bottom sheet (catalogue.md §2). */}
      <div className="sticky-bar" ref={inModal ? undefined : stickyBar}>
        {button}
        {quickButton}
      </div>
      <dialog ref={sheet} className="sheet" aria-label={t('product.chooseSize')}>
        <div className="sheet__head">
          <p className="sheet__title">{t('product.chooseSize')}</p>
          <button
            type="button"
            className="icon-button"
            aria-label={t('product.close')}
            onClick={() => sheet.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        {sizes}
      </dialog>

      <RestockDialog productId={variant?.id ?? product.id} dialogRef={restock} />
      {product.sizeTable ? (
        <dialog ref={sizeGuide} className="modal" aria-label={pick(product.sizeTable.title, locale)}>
          <div className="sheet__head">
            <p className="sheet__title">
              {sizeText({ kind: 'title' }, pick(product.sizeTable.title, locale))}
            </p>
            <button
              type="button"
              className="icon-button"
              aria-label={t('product.close')}
              onClick={() => sizeGuide.current?.close()}
            >
              <CloseIcon />
            </button>
          </div>
          {product.sizeTable.items.map((item, itemAt) => (
            <div key={item.name.ru} className="size-table">
              <p className="size-table__name">
                {sizeText({ kind: 'name', item: itemAt }, pick(item.name, locale))}
              </p>
              <div className="size-table__scroll">
                <table>
                  <thead>
                    <tr>
                      {item.columns.map((c, column) => (
                        <th key={c} scope="col">
                          {sizeText({ kind: 'column', item: itemAt, column }, c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {item.rows.map((row, rowAt) => (
                      <tr key={row.join('|')}>
                        {row.map((cell, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed table row
                          <td key={i}>
                            {sizeText({ kind: 'cell', item: itemAt, row: rowAt, column: i }, cell)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="size-table__text">
                {sizeText({ kind: 'text', item: itemAt }, pick(item.text, locale))}
              </p>
            </div>
          ))}
        </dialog>
      ) : null}
    </div>
  );
}

/** Thumbnails and photos; a click zooms where allowed (not on touch screens under 768 px). */
function Gallery({
  groupId,
  photos,
  videos,
  name,
}: {
  groupId: string;
  photos: ProductPage['photos'];
  videos: string[];
  name: string;
}) {
  const t = useT();
  const { locale } = useShop();
  const [zoom, setZoom] = useState<{ index: number; x: number; y: number } | null>(null);
  // catalogue.md §2: for an editor no zoom, and the tags always shown (and editable).
  const staffMode = useStaffMode();
  const list = useRef<HTMLUListElement>(null);
  const [inView, setInView] = useState<Set<number>>(new Set());

  // catalogue.md §2: on phones tags follow the scroll position (shown for the photo in view).
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setInView((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const i = Number((e.target as HTMLElement).dataset.index);
            if (e.intersectionRatio >= 0.6) next.add(i);
            else next.delete(i);
          }
          return next;
        }),
      { threshold: [0, 0.6, 1] },
    );
    for (const item of root.querySelectorAll('[data-index]')) observer.observe(item);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="gallery">
      <ul className="gallery__thumbs">
        {photos.map((p, i) => (
          <li key={p.src}>
            <a
              href={`#photo-${i + 1}`}
              className="gallery__thumb"
              aria-label={t('product.photo', { n: i + 1 })}
            >
              <img
                {...photoSources(p.src)}
                sizes="80px"
                width={80}
                height={100}
                alt=""
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      <ul className="gallery__photos" ref={list}>
        {photos.map((p, i) => {
          const zoomed = zoom?.index === i;
          return (
            <li
              key={p.src}
              id={`photo-${i + 1}`}
              data-index={i}
              className={`gallery__photo${inView.has(i) ? ' gallery__photo--in-view' : ''}`}
            >
              <button
                type="button"
                className={`gallery__zoom${zoomed ? ' gallery__zoom--on' : ''}`}
                aria-label={t('product.zoom')}
                aria-pressed={zoomed}
                onClick={(e) => {
                  const touchPhone = window.matchMedia('(max-width: 767px) and (pointer: coarse)').matches;
                  if (touchPhone || staffMode) return;
                  const box = e.currentTarget.getBoundingClientRect();
                  setZoom(
                    zoomed
                      ? null
                      : {
                          index: i,
                          x: ((e.clientX - box.left) / box.width) * 100,
                          y: ((e.clientY - box.top) / box.height) * 100,
                        },
                  );
                }}
              >
                <Photo
                  photo={p.src}
                  sizes="(max-width: 767px) 100vw, 50vw"
                  width={960}
                  height={1200}
                  alt={`${name} — ${t('product.photo', { n: i + 1 })}`}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding="async"
                  style={
                    zoomed ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined
                  }
                />
              </button>
              {zoomed ? null : staffMode ? (
                <staffMode.kit.PhotoTagsEditor
                  groupId={groupId}
                  src={p.src}
                  tags={p.tags}
                  linkPrefix={locale === 'en' ? '/en' : ''}
                />
              ) : (
                p.tags.map((tag) => (
                  <a
                    key={tag.id}
                    className="photo-tag"
                    href={`${locale === 'en' ? '/en' : ''}${tag.path}`}
                    style={{
                      left: `${tag.left}%`,
                      top: `${tag.top}%`,
                      maxWidth: tag.maxWidth || undefined,
                    }}
                  >
                    <span className="photo-tag__dot" aria-hidden="true" />
                    <span className="photo-tag__name">{tagName(tag, locale)}</span>
                  </a>
                ))
              )}
            </li>
          );
        })}
        {videos.map((src) => (
          <li key={src} className="gallery__photo">
            <video
              className="gallery__video"
              src={`/media/${src}`}
              muted
              loop
              playsInline
              autoPlay
              preload="metadata"
            />
          </li>
        ))}
      </ul>
      {staffMode ? <staffMode.kit.VideoTools groupId={groupId} videos={videos} /> : null}
    </div>
  );
}

/**
 * Publishes the height of the page's sticky buy bar as `--bottom-bar-h` on the root element while
 * the bar shows (phones), so the app banner fixed to the bottom of the screen sits above it
 * instead of covering the buy button (app/styles/screens.css).
 */
function useBottomBarHeight(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--bottom-bar-h', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty('--bottom-bar-h');
    };
  }, [ref]);
}
