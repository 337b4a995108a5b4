import './step-indicator.css';
import { checkoutSteps } from '../../../core/checkout/checkout.rules.ts';
import { useT } from '../../i18n/index.ts';

/**
 * Where the shopper is in checkout: on desktop the numbered, named steps with the current one
 * marked; on phones (step-indicator.css) the same list drawn as a thin bar of dots. Assistive
 * technology reads the list's "step n of 4" and the current step by `aria-current="step"`.
 */
export function StepIndicator({ step }: { step: number }) {
  const t = useT();
  return (
    <ol
      className="checkout-steps"
      aria-label={t('checkout.progress', { step: step + 1, total: checkoutSteps.length })}
    >
      {checkoutSteps.map((name, i) => (
        <li
          key={name}
          className={`checkout-steps__step${i < step ? ' checkout-steps__step--done' : ''}${i === step ? ' checkout-steps__step--current' : ''}`}
          aria-current={i === step ? 'step' : undefined}
        >
          <span className="checkout-steps__number" aria-hidden="true">
            {i < step ? '✓' : i + 1}
          </span>
          <span className="checkout-steps__name">{t(`checkout.step.${name}`)}</span>
        </li>
      ))}
    </ol>
  );
}
