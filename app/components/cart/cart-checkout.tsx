import { lazy, Suspense } from 'react';
import { stepButtonKeys } from '../../../core/checkout/checkout.rules.ts';
import { pick } from '../../../core/i18n.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { CheckoutState } from '../checkout/checkout-state.ts';
import type { CartSums } from './cart-sums.ts';
import type { useCheckoutSteps } from './use-checkout-steps.ts';

const CheckoutForm = lazy(() =>
  import('../checkout/checkout-form.tsx').then((m) => ({ default: m.CheckoutForm })),
);
const PaymentPart = lazy(() =>
  import('../checkout/payment-part.tsx').then((m) => ({ default: m.PaymentPart })),
);

/**
 * The cart panel's form column (checkout.md §4): the order form from step 1, the payment at step 3,
 * and the button to the next step with what is still missing.
 */
export function CartCheckout({
  checkout,
  sums,
  steps,
  quick,
}: {
  checkout: CheckoutState;
  sums: CartSums;
  steps: ReturnType<typeof useCheckoutSteps>;
  quick: boolean;
}) {
  const t = useT();
  const shop = useShop();
  const { step } = checkout;
  const { getWay, validity, missing } = sums;
  const buttonKey = stepButtonKeys[step] ?? null;
  return (
    <div className="cart__right" data-part="form">
      {step > 0 ? (
        <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
          <CheckoutForm
            state={checkout}
            getWay={getWay}
            ways={sums.ways}
            parts={{ getway: step >= 1, details: step >= 2, payment: step >= 3 }}
            ctx={sums.ctx}
            items={sums.items}
            goods={sums.goods}
            goodsAfterPromo={sums.payableGoods}
            showAllErrors={steps.tried}
            onWayChange={steps.changeWay}
            quick={quick}
          />
        </Suspense>
      ) : null}
      {step === 3 ? (
        <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
          <PaymentPart
            state={checkout}
            getWay={getWay}
            lines={sums.orderable.map((l) => ({
              id: l.variant.id,
              name: pick(l.group.name, shop.locale),
              price: l.group.price,
              count: l.count,
            }))}
            totals={sums.totals}
            formValid={validity[2]}
            quickOrder={quick}
          />
        </Suspense>
      ) : null}
      {buttonKey ? (
        // A press on the disabled button reveals what is missing (pointer events still reach the wrapper).
        <div className="cart__action" onPointerDown={steps.tryStep}>
          <button
            type="button"
            className="button button--dark cart__next"
            disabled={!validity[step]}
            onClick={steps.next}
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
  );
}
