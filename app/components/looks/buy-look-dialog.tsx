import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { canAddToCart, maxOrderable, sizeAvailability } from '../../../core/catalogue/stock.rules.ts';
import { missingChoices } from '../../../core/content/looks.rules.ts';
import { useT } from '../../i18n/index.ts';
import { pushEcommerce } from '../../lib/analytics.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { addToCart } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';
import { CloseIcon } from '../icons.tsx';
import { Photo } from '../photo.tsx';
import { Price } from '../price.tsx';
import type { LookView } from './look-card.tsx';

/** The variant chosen without asking: a one-size item that can be bought. */
function preset(look: LookView): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const item of look.items) {
    const buyable = item.variants.filter(canAddToCart);
    if (item.variants.length === 1 && buyable.length === 1 && buyable[0]) chosen[item.id] = buyable[0].id;
  }
  return chosen;
}

/**
 * 'Купить образ' (catalogue.md §2): a size for every item of the look, sizes that cannot be bought
 * disabled, then all of them go into the cart together and the cart opens. Items sold out in every
 * size are shown and left out.
 */
export function BuyLookDialog({
  look,
  open,
  onClose,
}: {
  look: LookView;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const shop = useShop();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const ref = useModalDialog(open);
  const [chosen, setChosen] = useState<Record<string, string>>(() => preset(look));
  const [hint, setHint] = useState(false);
  const buyable = look.items.filter((item) => item.variants.some(canAddToCart));
  const missing = missingChoices(
    buyable.map((i) => i.id),
    chosen,
  );
  const total = buyable.reduce((sum, item) => sum + (chosen[item.id] ? item.price : 0), 0);
  const titleId = `look-${look.id}-title`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (missing.length > 0 || buyable.length === 0) {
      setHint(true);
      return;
    }
    const added = buyable.flatMap((item) => {
      const variant = item.variants.find((v) => v.id === chosen[item.id]);
      if (!variant || !canAddToCart(variant)) return [];
      addToCart(variant.id, maxOrderable(variant));
      return [{ item, variant }];
    });
    pushEcommerce(
      'add_to_cart',
      added.map(({ item, variant }) => ({
        item_name: item.name,
        item_id: item.id,
        item_barcode: variant.barcode,
        item_variant: variant.size,
        quantity: 1,
        price: item.price / 100,
        old_price: item.oldPrice === null ? null : item.oldPrice / 100,
        item_brand: shop.shopName,
        item_category: item.categorySlug,
        item_list_name: 'looks',
      })),
    );
    // checkout.md §2: `cart` in the query opens the cart panel, which shows what was added; the
    // look's dialog closes as its `?look=` leaves the address.
    navigate('?cart', { preventScrollReset: true, replace: true });
    void revalidator.revalidate();
  }

  return (
    <dialog
      ref={ref}
      className="modal buy-look"
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="sheet__head">
        <h2 id={titleId} className="sheet__title">
          {t('looks.buy')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <form className="buy-look__form" onSubmit={submit}>
        <ul className="buy-look__items">
          {look.items.map((item) => {
            const soldOut = !item.variants.some(canAddToCart);
            const groupName = `look-${look.id}-${item.id}`;
            return (
              <li key={item.id} className={`buy-look__item${soldOut ? ' buy-look__item--sold-out' : ''}`}>
                <div className="buy-look__thumb">
                  {item.photo ? <Photo photo={item.photo} alt="" sizes="96px" /> : null}
                </div>
                <fieldset className="buy-look__sizes">
                  <legend className="buy-look__name">
                    {item.name} <span className="buy-look__colour">· {item.colour}</span>
                  </legend>
                  <Price price={item.price} oldPrice={item.oldPrice} />
                  {soldOut ? (
                    <p className="buy-look__note">{t('looks.itemSoldOut')}</p>
                  ) : (
                    <div className="sizes buy-look__size-list">
                      {item.variants.map((v) => {
                        const state = sizeAvailability(v);
                        const disabled = !canAddToCart(v);
                        return (
                          <label
                            key={v.id}
                            className={`size size--${state}${chosen[item.id] === v.id ? ' size--selected' : ''}${disabled ? ' size--disabled' : ''}`}
                          >
                            <input
                              type="radio"
                              className="visually-hidden"
                              name={groupName}
                              value={v.id}
                              checked={chosen[item.id] === v.id}
                              disabled={disabled}
                              onChange={() => {
                                setChosen((prev) => ({ ...prev, [item.id]: v.id }));
                                setHint(false);
                              }}
                            />
                            <span className="size__name">{v.size || t('product.noSize')}</span>
                            {state === 'low_stock' ? (
                              <span className="size__note">{t('product.lowStock')}</span>
                            ) : null}
                            {state === 'preorder' ? (
                              <span className="size__note">{t('product.preorder')}</span>
                            ) : null}
                            {state === 'sold_out' ? (
                              <span className="size__note">{t('product.soldOut')}</span>
                            ) : null}
                          </label>
                        );
                      })}
                    </div>
                  )}
                  {hint && missing.includes(item.id) ? (
                    <p className="buy-look__hint" role="alert">
                      {t('looks.chooseSize')}
                    </p>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ul>
        <div className="buy-look__foot">
          {total > 0 ? (
            <p className="buy-look__total">
              {t('looks.total')}: <Price price={total} />
            </p>
          ) : null}
          <button type="submit" className="button button--dark button--wide" disabled={buyable.length === 0}>
            {t('looks.addAll')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
