import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { clampCount, goodsTotal, preorderState } from '../../core/cart/cart.rules.ts';
import type { ProductCard, VariantView } from '../../core/catalogue/catalogue.types.ts';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { maxOrderable } from '../../core/catalogue/stock.rules.ts';
import { pick } from '../../core/i18n.ts';
import { formatMoney, priceInCurrency } from '../../core/money.ts';
import { useT } from '../i18n/index.ts';
import { pushEcommerce } from '../lib/analytics.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { readCart, writeCart } from '../lib/shop-cookies.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';

type Group = ProductCard & { variants: VariantView[] };
interface Line {
  group: Group;
  variant: VariantView;
  count: number;
}

/** catalogue.md §4 / checkout.md §4: the window appears about 0.2 s after opening. */
export const CART_OPEN_DELAY_MS = 200;

/** The cart panel: lines with counters, totals, or the empty-cart screen (checkout.md §2). */
export function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const shop = useShop();
  const revalidator = useRevalidator();
  const ref = useModalDialog(open, CART_OPEN_DELAY_MS);
  // Read at call time: the revalidator object changes from render to render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [lines, setLines] = useState<Line[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    const cart = readCart();
    if (cart.length === 0) return setLines([]);
    let groups: Group[];
    try {
      const res = await fetch('/api/groups-by-ids', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cart.map((i) => i._id)),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      groups = (await res.json()) as Group[];
    } catch {
      // Never prune the cart on a failed lookup: only a successful answer says what is gone.
      setFailed(true);
      return setLines([]);
    }
    setFailed(false);
    const found: Line[] = [];
    for (const item of cart) {
      for (const group of groups) {
        const variant = group.variants.find((v) => v.id === item._id);
        if (variant) found.push({ group, variant, count: clampCount(item.count, maxOrderable(variant)) });
      }
    }
    // checkout.md §4: items missing from the server's answer leave the cart.
    if (found.length !== cart.length) {
      writeCart(found.map((l) => ({ _id: l.variant.id, count: l.count })));
      void revalidate.current();
    }
    setLines(found);
  }, []);

  useEffect(() => {
    if (!open) return;
    setLines(null);
    void load();
  }, [open, load]);

  function save(next: Line[]) {
    setLines(next);
    writeCart(next.map((l) => ({ _id: l.variant.id, count: l.count })));
    void revalidator.revalidate();
  }

  function analyticsItem(line: Line, quantity: number) {
    return {
      item_name: line.group.name.ru,
      item_id: line.group.id,
      item_barcode: line.variant.barcode,
      item_variant: line.variant.size,
      quantity,
      price: line.group.price / 100,
      old_price: line.group.oldPrice === null ? null : line.group.oldPrice / 100,
      item_brand: shop.shopName,
      item_category: line.group.categorySlug,
      item_list_name: 'cart',
    };
  }

  function setCount(index: number, value: number) {
    if (!lines) return;
    const line = lines[index];
    if (!line) return;
    const count = clampCount(value, maxOrderable(line.variant));
    if (count === line.count) return;
    pushEcommerce(count > line.count ? 'add_to_cart' : 'remove_from_cart', [
      analyticsItem(line, Math.abs(count - line.count)),
    ]);
    save(lines.map((l, i) => (i === index ? { ...l, count } : l)));
  }

  function remove(index: number) {
    if (!lines) return;
    const line = lines[index];
    if (line) pushEcommerce('remove_from_cart', [analyticsItem(line, line.count)]);
    save(lines.filter((_, i) => i !== index));
  }

  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  const goods = lines ? goodsTotal(lines.map((l) => ({ price: l.group.price, count: l.count }))) : 0;
  const preorder = lines ? preorderState(lines.map((l) => l.variant)) : 'none';

  return (
    <dialog
      ref={ref}
      className="panel cart"
      aria-labelledby="cart-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="panel__head">
        <h2 id="cart-title" className="panel__title">
          {t('cart.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {lines === null ? (
        <p className="panel__loading">{t('favourites.loading')}</p>
      ) : failed ? (
        <p className="panel__loading" role="alert">
          {t('error.generic')}
        </p>
      ) : lines.length === 0 ? (
        <div className="panel__empty">
          <p className="panel__empty-title">{t('cart.empty.title')}</p>
          <p>{t('cart.empty.subtitle')}</p>
          <Link
            className="button button--dark"
            to={shop.locale === 'en' ? '/en/catalog' : '/catalog'}
            onClick={onClose}
          >
            {t('cart.empty.button')}
          </Link>
        </div>
      ) : (
        <div className="cart__layout">
          <ul className="cart__lines">
            {lines.map((line, i) => {
              const max = maxOrderable(line.variant);
              const href = `${shop.locale === 'en' ? '/en' : ''}/products/${line.group.id}?p=${line.variant.id}`;
              return (
                <li key={line.variant.id} className="cart-line">
                  <Link
                    to={href}
                    onClick={onClose}
                    className="cart-line__photo"
                    aria-hidden="true"
                    tabIndex={-1}
                  >
                    {line.group.photos[0] ? (
                      <img
                        {...photoSources(line.group.photos[0])}
                        sizes="96px"
                        width={96}
                        height={120}
                        alt=""
                      />
                    ) : null}
                  </Link>
                  <div className="cart-line__info">
                    <Link to={href} onClick={onClose} className="cart-line__name">
                      {pick(line.group.name, shop.locale)}
                    </Link>
                    <p className="cart-line__meta">
                      {pick(line.group.colorName, shop.locale)}
                      {line.variant.size ? ` · ${t('cart.size')} ${line.variant.size}` : ''}
                    </p>
                    {line.variant.preorder && line.variant.stock < 1 ? (
                      <p className="cart-line__note">{t('product.preorder')}</p>
                    ) : null}
                    <fieldset className="counter-field plain-fieldset" aria-label={t('cart.count')}>
                      <button
                        type="button"
                        className="counter-field__button"
                        aria-label={t('cart.decrease')}
                        disabled={line.count <= 1}
                        onClick={() => setCount(i, line.count - 1)}
                      >
                        −
                      </button>
                      <input
                        className="counter-field__input"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={max}
                        value={line.count}
                        aria-label={t('cart.count')}
                        onChange={(e) => setCount(i, Number(e.target.value))}
                      />
                      <button
                        type="button"
                        className="counter-field__button"
                        aria-label={t('cart.increase')}
                        disabled={line.count >= max}
                        onClick={() => setCount(i, line.count + 1)}
                      >
                        +
                      </button>
                    </fieldset>
                  </div>
                  <div className="cart-line__side">
                    <p className="cart-line__price">{money(line.group.price * line.count)}</p>
                    <button type="button" className="link-button" onClick={() => remove(i)}>
                      {t('cart.remove')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="cart__totals">
            {preorder !== 'none' ? <p className="product__note">{t('cart.preorderNote')}</p> : null}
            <table className="totals">
              <tbody>
                <tr>
                  <th scope="row">{t('cart.goods')}</th>
                  <td>{money(goods)}</td>
                </tr>
                <tr className="totals__total">
                  <th scope="row">{t('cart.total')}</th>
                  <td>{money(goods)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
    </dialog>
  );
}
