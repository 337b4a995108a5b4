import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { clampCount, goodsTotal, preorderState } from '../../core/cart/cart.rules.ts';
import type { CartCookie } from '../../core/cart/cookies.rules.ts';
import type { ProductCard, VariantView } from '../../core/catalogue/catalogue.types.ts';
import { photoSources } from '../../core/catalogue/media.rules.ts';
import { canAddToCart, maxOrderable } from '../../core/catalogue/stock.rules.ts';
import {
  checkoutSteps,
  isPhoneComplete,
  missingAddressFields,
  missingContactFields,
  stepButtonKeys,
  stepValidity,
} from '../../core/checkout/checkout.rules.ts';
import { addDays, earliestDeliveryDate } from '../../core/delivery/dates.rules.ts';
import {
  availableGetWays,
  cartTotals,
  deliveryCharge,
  type GetWay,
  goodsAfterPromo,
  isMoscowWay,
  resolveGetWay,
  sumForFreeDelivery,
} from '../../core/delivery/delivery.rules.ts';
import { pick } from '../../core/i18n.ts';
import { formatMoney, priceInCurrency } from '../../core/money.ts';
import { displayTotals } from '../../core/orders/display-totals.rules.ts';
import { promoDiscount } from '../../core/orders/promo.rules.ts';
import { useT } from '../i18n/index.ts';
import { pushEcommerce } from '../lib/analytics.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { readCart, writeCart } from '../lib/shop-cookies.ts';
import { useShop } from '../shop-context.ts';
import { formatDate } from './checkout/checkout-date.ts';
import { type QuoteState, useCheckoutState, usePrefillFromProfile } from './checkout/checkout-state.ts';
import { parseOrderResult } from './checkout/result-query.ts';
import { StepIndicator } from './checkout/step-indicator.tsx';
import { useCartReminder } from './checkout/use-cart-reminder.ts';
import { CloseIcon } from './icons.tsx';

const CheckoutForm = lazy(() =>
  import('./checkout/checkout-form.tsx').then((m) => ({ default: m.CheckoutForm })),
);
const PaymentPart = lazy(() =>
  import('./checkout/payment-part.tsx').then((m) => ({ default: m.PaymentPart })),
);
const OrderResult = lazy(() =>
  import('./checkout/order-result.tsx').then((m) => ({ default: m.OrderResult })),
);

/** How far ahead a Moscow delivery date may be chosen. */
const DATE_HORIZON_DAYS = 30;
/** checkout.md §4: add_shipping_info one second after a method change. */
const SHIPPING_INFO_DELAY_MS = 1000;

type Group = ProductCard & { variants: VariantView[] };
interface Line {
  group: Group;
  variant: VariantView;
  count: number;
}

/** catalogue.md §4 / checkout.md §4: the window appears about 0.2 s after opening. */
export const CART_OPEN_DELAY_MS = 200;

/** The cart panel: lines with counters, totals, or the empty-cart screen (checkout.md §2). */
export function CartPanel({
  open,
  onClose,
  quick = null,
}: {
  open: boolean;
  onClose: () => void;
  /**
   * The quick-order window (checkout.md §4): these lines instead of the cart, which stays as it is;
   * it opens on the delivery step, the method list collapsed, without hepay.
   */
  quick?: CartCookie | null;
}) {
  const t = useT();
  const shop = useShop();
  const revalidator = useRevalidator();
  const ref = useModalDialog(open, CART_OPEN_DELAY_MS);
  // Read at call time: the revalidator object changes from render to render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [lines, setLines] = useState<Line[] | null>(null);
  const [failed, setFailed] = useState(false);
  const checkout = useCheckoutState(quick ? 'shop-quick-checkout' : 'shop-checkout');
  const { dispatch } = checkout;
  usePrefillFromProfile(checkout, shop.user);
  // checkout.md §2, §4: the payment return opens the panel on the result screen.
  const [searchParams, setSearchParams] = useSearchParams();
  // The payment return's result belongs to the cart panel, not to the quick-order window.
  const result = quick ? null : parseOrderResult(searchParams);
  const quickRef = useRef(quick);
  quickRef.current = quick;

  // checkout.md §4: closing the cart resets the step.
  useEffect(() => {
    if (!open) dispatch({ type: 'reset' });
  }, [open, dispatch]);

  const load = useCallback(async () => {
    const cart = quickRef.current ?? readCart();
    if (cart.length === 0) return setLines([]);
    let groups: Group[];
    try {
      const res = await fetch('/api/storefront/groups', {
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
    if (found.length !== cart.length && !quickRef.current) {
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
    if (quick) return;
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
  // DECISIONS 7: each unit price converted, the totals the sum of the shown parts (display-totals.rules).
  const shownMoney = (minor: number) => formatMoney({ amount: minor, currency: shop.currency }, shop.locale);
  const linePrice = (price: number, count: number) =>
    shownMoney(priceInCurrency(price, shop.currency, shop.rates).amount * count);
  const orderable = lines ? lines.filter((l) => canAddToCart(l.variant)) : [];
  const goods = goodsTotal(orderable.map((l) => ({ price: l.group.price, count: l.count })));
  const items = orderable.reduce((n, l) => n + l.count, 0);
  const preorder = lines ? preorderState(lines.map((l) => l.variant)) : 'none';

  const ways = availableGetWays(shop.delivery, shop.locale);
  const getWay = resolveGetWay(checkout.getWay, ways);
  const quoted = checkout.quote.status === 'ready' ? checkout.quote.price : null;
  // checkout.md §9: the promo code's percent off the lines without a discount of their own.
  const promo = checkout.promo
    ? promoDiscount(
        orderable.map((l) => ({ price: l.group.price, oldPrice: l.group.oldPrice, count: l.count })),
        checkout.promo.percent,
      )
    : 0;
  // DECISIONS 33: free delivery is judged on the goods after the promo discount.
  const payableGoods = goodsAfterPromo(goods, promo);
  const charge = deliveryCharge({
    way: getWay,
    goods,
    promoDiscount: promo,
    quoted,
    settings: shop.delivery,
    locale: shop.locale,
  });
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
  const buttonKey = stepButtonKeys[step] ?? null;
  const missing =
    step === 1
      ? missingAddressFields(getWay, checkout.form, ctx)
      : step === 2
        ? [
            ...missingAddressFields(getWay, checkout.form, ctx),
            ...missingContactFields(checkout.form, shop.user ? { way: getWay } : null),
          ]
        : [];
  // Field errors show once the shopper tried to go on from this step.
  const [triedStep, setTriedStep] = useState<number | null>(null);
  const tried = triedStep === step;

  // checkout.md §4: add_shipping_info one second after a delivery method change (and only then).
  const shippingItems = useRef<() => ReturnType<typeof analyticsItem>[]>(() => []);
  shippingItems.current = () => orderable.map((l) => analyticsItem(l, l.count));
  const shippingTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(shippingTimer.current), []);

  function changeWay(way: GetWay) {
    if (way === getWay) return;
    checkout.setGetWay(way);
    checkout.setQuote({ status: 'idle' });
    window.clearTimeout(shippingTimer.current);
    shippingTimer.current = window.setTimeout(
      () => pushEcommerce('add_shipping_info', shippingItems.current(), { shipping_tier: way }),
      SHIPPING_INFO_DELAY_MS,
    );
  }

  // The quick-order window opens on the delivery step once its line is looked up.
  const quickReady = quick !== null && open && lines !== null && lines.length > 0;
  useEffect(() => {
    if (quickReady) dispatch({ type: 'next' });
  }, [quickReady, dispatch]);

  function next() {
    if (!validity[step]) {
      setTriedStep(step);
      return;
    }
    checkout.dispatch({ type: 'next' });
  }

  // The new step's part comes into view (on phones it is the only one shown).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || step === 0) return;
    const frame = requestAnimationFrame(() => {
      const part = dialog.querySelector(`[data-step-part="${step}"]`);
      if (part && window.matchMedia('(min-width: 768px)').matches) part.scrollIntoView({ block: 'start' });
      else dialog.scrollTo({ top: 0 });
    });
    return () => cancelAnimationFrame(frame);
  }, [step, ref]);

  const stepTitle = t(`checkout.step.${checkoutSteps[step] ?? 'products'}`);
  const term = deliveryTerm(getWay, checkout.quote, preorder, checkout.form.date, checkout.form.time);
  const left = sumForFreeDelivery(payableGoods, shop.delivery.freeDeliveryMin, shop.locale);
  const showCheckout = result === null && lines !== null && !failed && lines.length > 0;
  useCartReminder(
    isPhoneComplete(checkout.form.phone, checkout.form.phoneMask) ? checkout.form.phone : null,
    orderable.map((l) => l.variant.id),
    shop.locale,
    shop.user?.phone ?? null,
  );

  function leaveResult() {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('success');
        next.delete('orderID');
        next.delete('key');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <dialog
      ref={ref}
      className={`panel cart${showCheckout ? ' cart--checkout' : ''}${quick ? ' cart--quick' : ''}`}
      data-step={step}
      aria-labelledby="cart-title"
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="panel__head cart__head">
        {showCheckout && step > 0 ? (
          <button
            type="button"
            className="icon-button cart__back"
            aria-label={t('checkout.back')}
            onClick={() => checkout.dispatch({ type: 'previous' })}
          >
            <span aria-hidden="true">←</span>
          </button>
        ) : null}
        <h2 id="cart-title" className="panel__title">
          <span className="cart__title-desktop">
            {result
              ? t('result.panelTitle')
              : quick
                ? t('product.quickOrder')
                : step === 0
                  ? t('cart.title')
                  : t('checkout.orderForm')}
          </span>
          <span className="cart__title-phone">
            {result ? t('result.panelTitle') : showCheckout ? stepTitle : t('cart.title')}
          </span>
        </h2>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {showCheckout ? <StepIndicator step={step} /> : null}
      {result ? (
        <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
          <OrderResult
            orderID={result.orderID}
            success={result.success}
            statusKey={result.key}
            onPaid={(ordered) => {
              // The order is paid: its lines leave the cart (a quick order's only its own) and the
              // checkout form starts afresh.
              writeCart(readCart().filter((item) => !ordered.includes(item._id)));
              checkout.clear();
              setLines([]);
              void revalidate.current();
            }}
            onClose={onClose}
            onRetry={leaveResult}
          />
        </Suspense>
      ) : lines === null ? (
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
          <div className="cart__left">
            <ul className="cart__lines" data-part="products">
              {lines.map((line, i) => {
                const max = maxOrderable(line.variant);
                const available = canAddToCart(line.variant);
                const href = `${shop.locale === 'en' ? '/en' : ''}/products/${line.group.id}?p=${line.variant.id}`;
                return (
                  <li
                    key={line.variant.id}
                    className={`cart-line${available ? '' : ' cart-line--unavailable'}`}
                  >
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
                      ) : null}
                    </div>
                    <div className="cart-line__side">
                      <p className="cart-line__price">{linePrice(line.group.price, line.count)}</p>
                      <button type="button" className="link-button" onClick={() => remove(i)}>
                        {t('cart.remove')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
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
              {getWay === 'moscow-try' && step > 0 ? (
                <p className="cart__hint">{t('cart.goodsOnFitting')}</p>
              ) : null}
              {left > 0 ? <p className="cart__hint">{t('cart.forFree', { sum: money(left) })}</p> : null}
            </div>
          </div>
          <div className="cart__right" data-part="form">
            {step > 0 ? (
              <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
                <CheckoutForm
                  state={checkout}
                  getWay={getWay}
                  ways={ways}
                  parts={{ getway: step >= 1, details: step >= 2, payment: step >= 3 }}
                  ctx={ctx}
                  items={items}
                  goods={goods}
                  goodsAfterPromo={payableGoods}
                  showAllErrors={tried}
                  onWayChange={changeWay}
                  quick={quick !== null}
                />
              </Suspense>
            ) : null}
            {step === 3 ? (
              <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
                <PaymentPart
                  state={checkout}
                  getWay={getWay}
                  lines={orderable.map((l) => ({
                    id: l.variant.id,
                    name: pick(l.group.name, shop.locale),
                    price: l.group.price,
                    count: l.count,
                  }))}
                  totals={totals}
                  formValid={validity[2]}
                  quickOrder={quick !== null}
                />
              </Suspense>
            ) : null}
            {buttonKey ? (
              // A press on the disabled button reveals what is missing (pointer events still reach the wrapper).
              <div className="cart__action" onPointerDown={() => setTriedStep(step)}>
                <button
                  type="button"
                  className="button button--dark cart__next"
                  disabled={!validity[step]}
                  onClick={next}
                >
                  {t(buttonKey)}
                </button>
                {!validity[step] && missing.length > 0 ? (
                  <p className="cart__missing">
                    {t('checkout.missing', {
                      fields: missing.map((f) => t(`checkout.field.${f}`)).join(', '),
                    })}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      )}
    </dialog>
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
