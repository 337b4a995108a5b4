import { checkoutSteps } from '../../../core/checkout/checkout.rules.ts';
import { useT } from '../../i18n/index.ts';
import { CloseIcon } from '../icons.tsx';

/**
 * The panel's head: the back button during checkout, the title (on desktop the cart, the order form
 * or the quick order; on phones the step's name) and the close button.
 */
export function CartHead({
  step,
  inCheckout,
  result,
  quick,
  onBack,
  onClose,
}: {
  step: number;
  /** The checkout steps are shown (not the result, the empty cart or a failed lookup). */
  inCheckout: boolean;
  /** The payment return's result screen is shown. */
  result: boolean;
  quick: boolean;
  onBack(): void;
  onClose(): void;
}) {
  const t = useT();
  const stepTitle = t(`checkout.step.${checkoutSteps[step] ?? 'products'}`);
  return (
    <div className="panel__head cart__head">
      {inCheckout && step > 0 ? (
        <button
          type="button"
          className="icon-button cart__back"
          aria-label={t('checkout.back')}
          onClick={onBack}
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
          {result ? t('result.panelTitle') : inCheckout ? stepTitle : t('cart.title')}
        </span>
      </h2>
      <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
