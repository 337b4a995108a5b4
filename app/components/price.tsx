import { discountPercent, formatMoney, priceInCurrency } from '../../core/money.ts';
import { useT } from '../i18n/index.ts';
import { useShop } from '../shop-context.ts';

/** A rouble price (kopecks) shown in the shopper's currency, with the old price struck through. */
export function Price({ price, oldPrice }: { price: number; oldPrice?: number | null }) {
  const { currency, rates, locale } = useShop();
  const t = useT();
  const show = (kopecks: number) => formatMoney(priceInCurrency(kopecks, currency, rates), locale);
  const off = discountPercent(price, oldPrice);
  return (
    <span className={`price${off ? ' price--sale' : ''}`}>
      <span className="price__current">{show(price)}</span>
      {off > 0 && oldPrice ? (
        <>
          <s className="price__old">
            <span className="visually-hidden">{t('product.oldPrice')} </span>
            {show(oldPrice)}
          </s>
          <span className="price__off">−{off}%</span>
        </>
      ) : null}
    </span>
  );
}
