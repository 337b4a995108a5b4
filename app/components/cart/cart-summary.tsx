import type { GetWay } from '../../../core/delivery/delivery.rules.ts';
import { isMoscowWay } from '../../../core/delivery/delivery.rules.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { formatDate } from '../checkout/checkout-date.ts';
import type { CheckoutState, QuoteState } from '../checkout/checkout-state.ts';
import type { CartSums } from './cart-sums.ts';

/**
 * The cart's totals (checkout.md §2, §4): goods, delivery, its term, the promo discount and the
 * total, with the preorder note and what is left to free delivery.
 */
export function CartSummary({ sums, checkout }: { sums: CartSums; checkout: CheckoutState }) {
  const t = useT();
  const shop = useShop();
  const { shown, getWay, preorder, left } = sums;
  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  // DECISIONS 7: the totals are already in the shown currency (display-totals.rules).
  const shownMoney = (minor: number) => formatMoney({ amount: minor, currency: shop.currency }, shop.locale);
  const term = deliveryTerm(getWay, checkout.quote, preorder, checkout.form.date, checkout.form.time);
  return (
    <div className="cart__totals" data-part="totals">
      {preorder !== 'none' ? <p className="product__note">{t('cart.preorderNote')}</p> : null}
      <table className="totals">
        <tbody>
          <tr>
            <th scope="row">{t('cart.goods')}</th>
            <td>{shownMoney(shown.goods)}</td>
          </tr>
          <tr>
            <th scope="row">{t('cart.delivery')}</th>
            <td data-testid="delivery-price">
              {shown.delivery === null
                ? t('cart.deliveryUnknown')
                : shown.delivery === 0
                  ? t('cart.deliveryFree')
                  : shownMoney(shown.delivery)}
            </td>
          </tr>
          {term ? (
            <tr>
              <th scope="row">{t('cart.term')}</th>
              <td data-testid="delivery-term">{term}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t('cart.promo')}</th>
            <td>{shown.promoDiscount > 0 ? `−${shownMoney(shown.promoDiscount)}` : '—'}</td>
          </tr>
          <tr className="totals__total">
            <th scope="row">{t('cart.total')}</th>
            <td data-testid="cart-total">{shownMoney(shown.total)}</td>
          </tr>
        </tbody>
      </table>
      {getWay === 'moscow-try' && checkout.step > 0 ? (
        <p className="cart__hint">{t('cart.goodsOnFitting')}</p>
      ) : null}
      {left > 0 ? <p className="cart__hint">{t('cart.forFree', { sum: money(left) })}</p> : null}
    </div>
  );

  function deliveryTerm(
    way: GetWay,
    quote: QuoteState,
    pre: 'none' | 'has' | 'full',
    date: string,
    time: string,
  ): string | null {
    if (pre === 'full') return t('cart.termPreorder');
    if (way === 'self') return t('cart.termToday');
    if (isMoscowWay(way)) return date ? `${formatDate(date, shop.locale)}, ${time}` : null;
    if (quote.status === 'ready' && quote.periodMin !== null && quote.periodMax !== null && quote.maxDate) {
      return t('cart.termDays', {
        min: quote.periodMin,
        max: quote.periodMax,
        date: formatDate(quote.maxDate, shop.locale),
      });
    }
    return null;
  }
}
