import { type GetWay, isMoscowWay, isPickupWay } from '../../../core/delivery/delivery.rules.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { formatDate } from './checkout-date.ts';
import type { CheckoutState } from './checkout-state.ts';
import { wayTexts } from './way-texts.ts';

/** The summary before payment (step 3): how and where the order goes, and to whom. */
export function OrderSummary({ state, getWay }: { state: CheckoutState; getWay: GetWay }) {
  const t = useT();
  const shop = useShop();
  const { form, pvz } = state;
  const way = wayTexts(getWay, shop, t, String, false).title;
  const place = isPickupWay(getWay)
    ? pvz?.location.addressFull
    : getWay === 'self'
      ? shop.delivery.texts.self.subtitle
      : [form.city?.name ?? (isMoscowWay(getWay) ? 'Москва' : ''), form.address, form.room]
          .filter(Boolean)
          .join(', ');
  const when = isMoscowWay(getWay) ? `${formatDate(form.date, shop.locale)}, ${form.time}` : null;
  return (
    <section className="checkout-form__part" data-step-part="3" aria-labelledby="checkout-summary-title">
      <h3 id="checkout-summary-title" className="checkout-form__title">
        {t('checkout.summary.title')}
      </h3>
      <dl className="summary">
        <dt>{t('checkout.summary.delivery')}</dt>
        <dd>
          {way}
          {place ? <span className="summary__detail">{place}</span> : null}
          {when ? <span className="summary__detail">{when}</span> : null}
        </dd>
        <dt>{t('checkout.summary.recipient')}</dt>
        <dd>
          {form.fullName}
          <span className="summary__detail">
            +{form.phone} · {form.email}
          </span>
          {form.comment ? <span className="summary__detail">{form.comment}</span> : null}
        </dd>
      </dl>
    </section>
  );
}
