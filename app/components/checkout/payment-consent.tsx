import { useId } from 'react';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';

/**
 * The consent to the personal-data policy and the public offer (checkout.md §5): required before
 * paying, with its error once the shopper tried to pay without it.
 */
export function PaymentConsent({
  checked,
  tried,
  onChange,
}: {
  checked: boolean;
  /** The shopper tried to pay. */
  tried: boolean;
  onChange(checked: boolean): void;
}) {
  const t = useT();
  const shop = useShop();
  const id = useId();
  const invalid = tried && !checked;
  return (
    <>
      <div className={`payment__consent${invalid ? ' payment__consent--invalid' : ''}`}>
        <input
          id={id}
          className="payment__checkbox"
          type="checkbox"
          checked={checked}
          required
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {t('payment.consent.before')}
          <a href={shop.locale === 'en' ? '/en/policy' : '/policy'} target="_blank" rel="noreferrer">
            {t('payment.consent.link')}
          </a>
          {t('payment.consent.after')}
          <a
            href={shop.locale === 'en' ? '/en/public-offer' : '/public-offer'}
            target="_blank"
            rel="noreferrer"
          >
            {t('payment.consent.offer')}
          </a>
        </label>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="field__error">
          {t('payment.consent.required')}
        </p>
      ) : null}
    </>
  );
}
