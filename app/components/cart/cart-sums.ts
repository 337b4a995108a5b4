import { goodsTotal, preorderState } from '../../../core/cart/cart.rules.ts';
import { canAddToCart } from '../../../core/catalogue/stock.rules.ts';
import {
  type GuestField,
  missingAddressFields,
  missingContactFields,
  stepValidity,
} from '../../../core/checkout/checkout.rules.ts';
import { addDays, earliestDeliveryDate } from '../../../core/delivery/dates.rules.ts';
import {
  availableGetWays,
  cartTotals,
  deliveryCharge,
  goodsAfterPromo,
  resolveGetWay,
  sumForFreeDelivery,
} from '../../../core/delivery/delivery.rules.ts';
import { displayTotals } from '../../../core/orders/display-totals.rules.ts';
import { promoDiscount } from '../../../core/orders/promo.rules.ts';
import type { useShop } from '../../shop-context.ts';
import type { CheckoutState } from '../checkout/checkout-state.ts';
import type { CartLine } from './use-cart-lines.ts';

/** How far ahead a Moscow delivery date may be chosen. */
const DATE_HORIZON_DAYS = 30;

/**
 * What the cart and checkout show and check, from the lines and the checkout's state: the orderable
 * lines, the delivery method in force, the totals (DECISIONS 7: each unit price converted, the
 * totals the sum of the shown parts), what each step still misses and whether it may go on.
 */
export function cartSums(
  lines: CartLine[] | null,
  checkout: CheckoutState,
  shop: ReturnType<typeof useShop>,
) {
  const orderable = lines ? lines.filter((l) => canAddToCart(l.variant)) : [];
  const goods = goodsTotal(orderable.map((l) => ({ price: l.group.price, count: l.count })));
  const items = orderable.reduce((n, l) => n + l.count, 0);
  const preorder = lines ? preorderState(lines.map((l) => l.variant)) : 'none';

  const ways = availableGetWays(shop.delivery, shop.locale);
  const getWay = resolveGetWay(checkout.getWay, ways);
  const quoted = checkout.quote.status === 'ready' ? checkout.quote.price : null;
  // checkout.md §9: a percent code's percent off the lines without a discount of their own; an
  // amount code's sum as the server worked it out (never above the goods); the order judges again.
  const applied = checkout.promo;
  const promo = !applied
    ? 0
    : applied.kind === 'amount'
      ? Math.min(applied.discount ?? 0, goods)
      : applied.kind === 'free_delivery'
        ? 0
        : promoDiscount(
            orderable.map((l) => ({ price: l.group.price, oldPrice: l.group.oldPrice, count: l.count })),
            applied.percent,
          );
  // DECISIONS 33: free delivery is judged on the goods after the promo discount.
  const payableGoods = goodsAfterPromo(goods, promo);
  const charged = deliveryCharge({
    way: getWay,
    goods,
    promoDiscount: promo,
    quoted,
    settings: shop.delivery,
    locale: shop.locale,
  });
  // A free-delivery code takes the delivery off once it is known.
  const charge = applied?.kind === 'free_delivery' && charged !== null ? { price: 0, free: true } : charged;
  const totals = cartTotals({ way: getWay, goods, charge, promoDiscount: promo });
  const shown = displayTotals(
    { lines: orderable.map((l) => ({ price: l.group.price, count: l.count })), totals },
    shop.currency,
    shop.rates,
  );
  const earliestDate = earliestDeliveryDate(new Date());
  const ctx = { earliestDate, latestDate: addDays(earliestDate, DATE_HORIZON_DAYS) };
  const deliveryKnown = getWay === 'self' || (charge !== null && checkout.quote.status !== 'refused');
  const validity = stepValidity({
    way: getWay,
    form: checkout.form,
    ctx,
    orderableLines: orderable.length,
    allOrderable: lines !== null && orderable.length === lines.length,
    deliveryKnown,
    signedIn: shop.user !== null,
  });
  const step = checkout.step;
  const missing: GuestField[] =
    step === 1
      ? missingAddressFields(getWay, checkout.form, ctx)
      : step === 2
        ? [
            ...missingAddressFields(getWay, checkout.form, ctx),
            ...missingContactFields(checkout.form, shop.user ? { way: getWay } : null),
          ]
        : [];
  const left = sumForFreeDelivery(payableGoods, shop.delivery.freeDeliveryMin, shop.locale);
  return {
    orderable,
    goods,
    items,
    preorder,
    ways,
    getWay,
    payableGoods,
    totals,
    shown,
    ctx,
    validity,
    missing,
    left,
  };
}

export type CartSums = ReturnType<typeof cartSums>;
