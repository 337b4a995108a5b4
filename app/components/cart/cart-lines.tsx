import { Link } from 'react-router';
import { photoSources } from '../../../core/catalogue/media.rules.ts';
import { canAddToCart, maxOrderable } from '../../../core/catalogue/stock.rules.ts';
import { pick } from '../../../core/i18n.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { CartLine } from './use-cart-lines.ts';

/** The cart's lines (checkout.md §2). */
export function CartLines({
  lines,
  onCount,
  onRemove,
  onClose,
}: {
  lines: CartLine[];
  onCount(index: number, count: number): void;
  onRemove(index: number): void;
  /** A link to the product closes the panel. */
  onClose(): void;
}) {
  return (
    <ul className="cart__lines" data-part="products">
      {lines.map((line, i) => (
        <CartLineItem
          key={line.variant.id}
          line={line}
          onCount={(count) => onCount(i, count)}
          onRemove={() => onRemove(i)}
          onClose={onClose}
        />
      ))}
    </ul>
  );
}

/**
 * One line: the photo and name linking to the product, colour and size, a note when it cannot be
 * ordered or is a preorder, the counter (up to what can be ordered), the line's price and removal.
 */
function CartLineItem({
  line,
  onCount,
  onRemove,
  onClose,
}: {
  line: CartLine;
  onCount(count: number): void;
  onRemove(): void;
  onClose(): void;
}) {
  const t = useT();
  const shop = useShop();
  const max = maxOrderable(line.variant);
  const available = canAddToCart(line.variant);
  const href = `${shop.locale === 'en' ? '/en' : ''}/products/${line.group.id}?p=${line.variant.id}`;
  // DECISIONS 7: the unit price converted, then multiplied by the count.
  const price = formatMoney(
    {
      amount: priceInCurrency(line.group.price, shop.currency, shop.rates).amount * line.count,
      currency: shop.currency,
    },
    shop.locale,
  );
  return (
    <li className={`cart-line${available ? '' : ' cart-line--unavailable'}`}>
      <Link to={href} onClick={onClose} className="cart-line__photo" aria-hidden="true" tabIndex={-1}>
        {line.group.photos[0] ? (
          <img {...photoSources(line.group.photos[0])} sizes="96px" width={96} height={120} alt="" />
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
        {!available ? (
          <p className="cart-line__note cart-line__note--error">{t('cart.unavailable')}</p>
        ) : line.variant.preorder && line.variant.stock < 1 ? (
          <p className="cart-line__note">{t('product.preorder')}</p>
        ) : null}
        {available ? (
          <fieldset className="counter-field plain-fieldset" aria-label={t('cart.count')}>
            <button
              type="button"
              className="counter-field__button"
              aria-label={t('cart.decrease')}
              disabled={line.count <= 1}
              onClick={() => onCount(line.count - 1)}
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
              onChange={(e) => onCount(Number(e.target.value))}
            />
            <button
              type="button"
              className="counter-field__button"
              aria-label={t('cart.increase')}
              disabled={line.count >= max}
              onClick={() => onCount(line.count + 1)}
            >
              +
            </button>
          </fieldset>
        ) : null}
      </div>
      <div className="cart-line__side">
        <p className="cart-line__price">{price}</p>
        <button type="button" className="link-button" onClick={onRemove}>
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}
