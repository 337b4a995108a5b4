import { type GetWay, isMoscowWay, isPickupWay } from '../../../core/delivery/delivery.rules.ts';
import { useT } from '../../i18n/index.ts';
import type { AddressFormProps } from './address-form.types.ts';
import { CourierAddress } from './courier-address.tsx';
import { DeliveryMethods } from './delivery-methods.tsx';
import { MoscowAddress } from './moscow-address.tsx';
import { PickupAddress } from './pickup-address.tsx';

/** Step 1 (checkout.md §4): the delivery method, then the address form that method needs. */
export function DeliveryPart({
  getWay,
  ways,
  onWayChange,
  goodsAfterPromo,
  collapsed,
  ...form
}: AddressFormProps & {
  getWay: GetWay;
  ways: GetWay[];
  onWayChange(way: GetWay): void;
  /** The goods after the promo discount (kopecks): free delivery is judged on it (DECISIONS 33). */
  goodsAfterPromo: number;
  /** The method list starts collapsed to the current choice. */
  collapsed: boolean;
}) {
  const t = useT();
  return (
    <section className="checkout-form__part" data-step-part="1" aria-labelledby="checkout-way-title">
      <h3 id="checkout-way-title" className="checkout-form__title checkout-form__title--step">
        {t('checkout.ways')}
      </h3>
      <DeliveryMethods
        ways={ways}
        value={getWay}
        onChange={onWayChange}
        goods={goodsAfterPromo}
        quick={collapsed}
      />
      {getWay === 'delivery-sdek' ? (
        <CourierAddress {...form} />
      ) : isPickupWay(getWay) ? (
        <PickupAddress {...form} way={getWay} />
      ) : isMoscowWay(getWay) ? (
        <MoscowAddress {...form} way={getWay} />
      ) : null}
    </section>
  );
}
