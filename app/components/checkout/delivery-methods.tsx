import { useId, useState } from 'react';
import { type GetWay, isFreeDelivery } from '../../../core/delivery/delivery.rules.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { wayTexts } from './way-texts.ts';

/**
 * The method list (checkout.md §4). In the quick variant it is collapsed to the current choice with
 * a button to open it; choosing a method collapses it again.
 */
export function DeliveryMethods({
  ways,
  value,
  onChange,
  goods,
  quick,
}: {
  ways: GetWay[];
  value: GetWay;
  onChange(way: GetWay): void;
  goods: number;
  quick: boolean;
}) {
  const t = useT();
  const shop = useShop();
  const name = useId();
  const [expanded, setExpanded] = useState(false);
  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  const free = isFreeDelivery(goods, shop.delivery.freeDeliveryMin, shop.locale);
  const collapsed = quick && !expanded;
  return (
    <fieldset className="ways plain-fieldset">
      <legend className="visually-hidden">{t('checkout.ways')}</legend>
      {collapsed ? (
        <div className="way way--active way--collapsed">
          <span className="way__text">
            <span className="way__title">{wayTexts(value, shop, t, money, free).title}</span>
          </span>
          <button type="button" className="link-button" onClick={() => setExpanded(true)}>
            {t('checkout.way.change')}
          </button>
        </div>
      ) : null}
      {(collapsed ? [] : ways).map((way) => {
        const { title, note, price } = wayTexts(way, shop, t, money, free);
        return (
          <label key={way} className={`way${way === value ? ' way--active' : ''}`}>
            <input
              type="radio"
              name={name}
              value={way}
              checked={way === value}
              onChange={() => {
                onChange(way);
                setExpanded(false);
              }}
              className="way__radio"
            />
            <span className="way__text">
              <span className="way__title">{title}</span>
              <span className="way__note">{note}</span>
            </span>
            {price ? <span className="way__price">{price}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
