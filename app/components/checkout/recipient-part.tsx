import { signedInEmailOptional } from '../../../core/checkout/checkout.rules.ts';
import type { GetWay } from '../../../core/delivery/delivery.rules.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { useOpenCabinet } from '../cabinet/cabinet-context.ts';
import type { FieldErrors } from './address-form.types.ts';
import type { CheckoutState } from './checkout-state.ts';
import { PhoneField } from './phone-field.tsx';
import { TextField } from './text-field.tsx';

/** Step 2 (checkout.md §5): the recipient's name, phone, e-mail and a comment; a guest may sign in. */
export function RecipientPart({
  state,
  getWay,
  errorOf,
  shown,
  touch,
}: FieldErrors & { state: CheckoutState; getWay: GetWay }) {
  const t = useT();
  const shop = useShop();
  const openCabinet = useOpenCabinet();
  return (
    <section className="checkout-form__part" data-step-part="2" aria-labelledby="checkout-recipient-title">
      <h3 id="checkout-recipient-title" className="checkout-form__title checkout-form__title--step">
        {t('checkout.step.details')}
      </h3>
      {shop.user ? null : (
        <button type="button" className="link-button checkout-form__sign-in" onClick={() => openCabinet()}>
          {t('checkout.signIn')}
        </button>
      )}
      <TextField
        label={t('checkout.fullName')}
        required
        autoComplete="name"
        value={state.form.fullName}
        onChange={(fullName) => state.update({ fullName })}
        onBlur={() => touch('fullName')}
        error={shown('fullName') ? errorOf('fullName') : null}
      />
      <PhoneField
        digits={state.form.phone}
        mask={state.form.phoneMask}
        country={state.form.phoneCountry}
        onChange={({ digits, mask, country }) => {
          state.update({ phone: digits, phoneMask: mask, phoneCountry: country });
          if (digits.length > 4) touch('phone');
        }}
        error={errorOf('phone')}
        showError={shown('phone') && state.form.phone.length > 1}
      />
      <TextField
        label={t('checkout.email')}
        required={!shop.user || !signedInEmailOptional(getWay)}
        type="email"
        autoComplete="email"
        value={state.form.email}
        onChange={(email) => state.update({ email })}
        onBlur={() => touch('email')}
        error={shown('email') ? errorOf('email') : null}
      />
      <TextField
        label={t('checkout.comment')}
        multiline
        value={state.form.comment}
        onChange={(comment) => state.update({ comment: comment.slice(0, 1000) })}
      />
      <p className="checkout-form__note">{t('checkout.requiredNote')}</p>
    </section>
  );
}
