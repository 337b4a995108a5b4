import type { GuestField, ValidityContext } from '../../../core/checkout/checkout.rules.ts';
import type { CheckoutState } from './checkout-state.ts';

/** How a form part shows its fields' errors: once touched, or all once the shopper tried to go on. */
export interface FieldErrors {
  errorOf(field: GuestField): string | null;
  shown(field: GuestField): boolean;
  touch(field: GuestField): void;
}

/** What each delivery method's address form is given. */
export interface AddressFormProps extends FieldErrors {
  state: CheckoutState;
  ctx: ValidityContext;
  /** Garments in the cart and their value (kopecks), for the carriers' quotes. */
  items: number;
  goods: number;
}
