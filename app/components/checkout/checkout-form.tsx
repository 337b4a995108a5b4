import './checkout.css';
import { useState } from 'react';
import {
  type GuestField,
  missingAddressFields,
  missingContactFields,
  type ValidityContext,
} from '../../../core/checkout/checkout.rules.ts';
import type { GetWay } from '../../../core/delivery/delivery.rules.ts';
import { type MessageKey, useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { FieldErrors } from './address-form.types.ts';
import type { CheckoutState } from './checkout-state.ts';
import { DeliveryPart } from './delivery-part.tsx';
import { OrderSummary } from './order-summary.tsx';
import { RecipientPart } from './recipient-part.tsx';

export interface CheckoutFormProps {
  state: CheckoutState;
  getWay: GetWay;
  ways: GetWay[];
  /** The parts shown: the delivery part from step 1, the recipient from step 2, the summary at 3. */
  parts: { getway: boolean; details: boolean; payment: boolean };
  ctx: ValidityContext;
  /** Garments in the cart and their value (kopecks), for the carriers' quotes. */
  items: number;
  goods: number;
  /** The goods after the promo discount (kopecks): free delivery is judged on it (DECISIONS 33). */
  goodsAfterPromo: number;
  /** Field errors are shown once the shopper tried to go on. */
  showAllErrors: boolean;
  onWayChange(way: GetWay): void;
  /** The quick-order window: the method list starts collapsed (checkout.md §4). */
  quick?: boolean;
}

const fieldErrorKey: Record<GuestField, MessageKey> = {
  fullName: 'checkout.error.fullName',
  phone: 'checkout.error.phone',
  email: 'checkout.error.email',
  city: 'checkout.error.city',
  address: 'checkout.error.address',
  room: 'checkout.error.room',
  pvz: 'checkout.error.pvz',
  date: 'checkout.error.date',
  time: 'checkout.error.time',
};

/**
 * The order form: the delivery part (method and address, DeliveryPart), the recipient
 * (RecipientPart) and the summary before payment (OrderSummary). It knows which fields are missing
 * and shows a field's error once the field was touched, or all of them once the shopper tried to go on.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { state, getWay, parts, ctx, showAllErrors } = props;
  const t = useT();
  const shop = useShop();
  const missing = new Set<GuestField>([
    ...missingAddressFields(getWay, state.form, ctx),
    ...missingContactFields(state.form, shop.user ? { way: getWay } : null),
  ]);
  const [touched, setTouched] = useState<Set<GuestField>>(new Set());
  const errors: FieldErrors = {
    touch: (field) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))),
    errorOf: (field) => (missing.has(field) ? t(fieldErrorKey[field]) : null),
    shown: (field) => showAllErrors || touched.has(field),
  };

  return (
    <div className="checkout-form">
      {parts.getway ? (
        <DeliveryPart
          {...errors}
          state={state}
          ctx={ctx}
          items={props.items}
          goods={props.goods}
          getWay={getWay}
          ways={props.ways}
          onWayChange={props.onWayChange}
          goodsAfterPromo={props.goodsAfterPromo}
          collapsed={parts.details || Boolean(props.quick)}
        />
      ) : null}
      {parts.details ? <RecipientPart {...errors} state={state} getWay={getWay} /> : null}
      {parts.payment ? <OrderSummary state={state} getWay={getWay} /> : null}
    </div>
  );
}
