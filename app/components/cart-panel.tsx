import './cart/cart.css';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { CartCookie } from '../../core/cart/cookies.rules.ts';
import { isPhoneComplete } from '../../core/checkout/checkout.rules.ts';
import { useT } from '../i18n/index.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import { CartCheckout } from './cart/cart-checkout.tsx';
import { CartEmpty } from './cart/cart-empty.tsx';
import { CartHead } from './cart/cart-head.tsx';
import { CartLines } from './cart/cart-lines.tsx';
import { CartSummary } from './cart/cart-summary.tsx';
import { cartSums } from './cart/cart-sums.ts';
import { useCartLines } from './cart/use-cart-lines.ts';
import { useCheckoutSteps } from './cart/use-checkout-steps.ts';
import { useCheckoutState, usePrefillFromProfile } from './checkout/checkout-state.ts';
import { parseOrderResult } from './checkout/result-query.ts';
import { StepIndicator } from './checkout/step-indicator.tsx';
import { useCartReminder } from './checkout/use-cart-reminder.ts';

const OrderResult = lazy(() =>
  import('./checkout/order-result.tsx').then((m) => ({ default: m.OrderResult })),
);

/** catalogue.md §4 / checkout.md §4: the window appears about 0.2 s after opening. */
export const CART_OPEN_DELAY_MS = 200;

/**
 * The cart panel (checkout.md §2, §4): the lines (CartLines) and totals (CartSummary) beside the
 * checkout steps (CartCheckout), the empty cart, or the payment return's result.
 */
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
  const ref = useModalDialog(open, CART_OPEN_DELAY_MS);
  const cart = useCartLines(open, quick);
  const { lines } = cart;
  const checkout = useCheckoutState(quick ? 'shop-quick-checkout' : 'shop-checkout');
  usePrefillFromProfile(checkout, shop.user);
  // checkout.md §2, §4: the payment return opens the panel on the result screen.
  const [searchParams, setSearchParams] = useSearchParams();
  // The payment return's result belongs to the cart panel, not to the quick-order window.
  const result = quick ? null : parseOrderResult(searchParams);
  const sums = cartSums(lines, checkout, shop);
  const { step } = checkout;
  const steps = useCheckoutSteps({
    open,
    checkout,
    dialog: ref,
    valid: sums.validity[step] ?? false,
    getWay: sums.getWay,
    orderable: sums.orderable,
    shopName: shop.shopName,
    quickReady: quick !== null && open && lines !== null && lines.length > 0,
  });
  const showCheckout = result === null && lines !== null && !cart.failed && lines.length > 0;
  useCartReminder(
    isPhoneComplete(checkout.form.phone, checkout.form.phoneMask) ? checkout.form.phone : null,
    sums.orderable.map((l) => l.variant.id),
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
      <CartHead
        step={step}
        inCheckout={showCheckout}
        result={result !== null}
        quick={quick !== null}
        onBack={() => checkout.dispatch({ type: 'previous' })}
        onClose={onClose}
      />
      {showCheckout ? <StepIndicator step={step} /> : null}
      {result ? (
        <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
          <OrderResult
            orderID={result.orderID}
            success={result.success}
            statusKey={result.key}
            onPaid={(ordered) => {
              // The order is paid: its lines leave the cart and the checkout form starts afresh.
              cart.removeOrdered(ordered);
              checkout.clear();
            }}
            onClose={onClose}
            onRetry={leaveResult}
          />
        </Suspense>
      ) : lines === null ? (
        <p className="panel__loading">{t('favourites.loading')}</p>
      ) : cart.failed ? (
        <p className="panel__loading" role="alert">
          {t('error.generic')}
        </p>
      ) : lines.length === 0 ? (
        <CartEmpty onClose={onClose} />
      ) : (
        <div className="cart__layout">
          <div className="cart__left">
            <CartLines lines={lines} onCount={cart.setCount} onRemove={cart.remove} onClose={onClose} />
            <CartSummary sums={sums} checkout={checkout} />
          </div>
          <CartCheckout checkout={checkout} sums={sums} steps={steps} quick={quick !== null} />
        </div>
      )}
    </dialog>
  );
}
