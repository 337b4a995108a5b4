import { isIsoDate } from '../delivery/dates.rules.ts';
import {
  type DeliveryTimeSlot,
  deliveryTimeSlots,
  type GetWay,
  isMoscowWay,
  isPickupWay,
} from '../delivery/delivery.rules.ts';
import { maskDigitCount } from './phone-masks.ts';

/** Checkout steps (checkout.md §2, §4): products, getway, details, payment. */
export const checkoutSteps = ['products', 'getway', 'details', 'payment'] as const;
export type CheckoutStepName = (typeof checkoutSteps)[number];
export const LAST_STEP = checkoutSteps.length - 1;

export type StepAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'reset' }
  | { type: 'go'; step: number };

/** checkout.md §4: next adds one, previous never goes below 0, reset returns to 0; going back is always allowed. */
export function stepReducer(step: number, action: StepAction): number {
  switch (action.type) {
    case 'next':
      return Math.min(LAST_STEP, step + 1);
    case 'previous':
      return Math.max(0, step - 1);
    case 'reset':
      return 0;
    case 'go':
      return action.step < step ? Math.max(0, action.step) : step;
  }
}

/** The step button's label key by step; the payment step has none (checkout.md §2). */
export const stepButtonKeys = [
  'checkout.next.products',
  'checkout.next.getway',
  'checkout.next.details',
  null,
] as const;

/** The guest checkout form (checkout.md §2, §5), as typed by the shopper. */
export interface GuestForm {
  fullName: string;
  /** Digits only, country code included. */
  phone: string;
  /** The chosen mask, `+7(###)###-##-##`. */
  phoneMask: string;
  /** The picker's country (`RU`, `KZ`, ...): countries may share a mask, so the country is the choice. */
  phoneCountry: string;
  email: string;
  comment: string;
  /** The city field's text. */
  cityText: string;
  /** The city confirmed from the suggestions. */
  city: { code: number; name: string; countryCode: string } | null;
  address: string;
  room: string;
  /** The chosen pickup point's code. */
  pvzCode: string | null;
  /** `YYYY-MM-DD`. */
  date: string;
  time: DeliveryTimeSlot | '';
}

export const emptyGuestForm: GuestForm = {
  fullName: '',
  phone: '',
  phoneMask: '+7(###)###-##-##',
  phoneCountry: 'RU',
  email: '',
  comment: '',
  cityText: '',
  city: null,
  address: '',
  room: '',
  pvzCode: null,
  date: '',
  time: deliveryTimeSlots[0],
};

export type GuestField =
  | 'fullName'
  | 'phone'
  | 'email'
  | 'city'
  | 'address'
  | 'room'
  | 'pvz'
  | 'date'
  | 'time';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** Last name and first name: two words at least, letters, hyphens and apostrophes. */
export function isFullName(value: string): boolean {
  const words = value.trim().split(/\s+/);
  return (
    words.length >= 2 && words.every((w) => /^[\p{L}][\p{L}'’-]*$/u.test(w)) && value.trim().length <= 120
  );
}

/** A phone is complete when it has every digit its mask asks for. */
export function isPhoneComplete(digits: string, mask: string): boolean {
  return /^\d+$/.test(digits) && digits.length === maskDigitCount(mask);
}

/** checkout.md §5: the city field is invalid while its text differs from the chosen suggestion. */
export function isCityConfirmed(form: Pick<GuestForm, 'city' | 'cityText'>): boolean {
  return form.city !== null && form.cityText.trim() === form.city.name;
}

/** The delivery date is a real day, tomorrow (Moscow) at the earliest, within `horizonDays`. */
export function isDeliveryDateValid(date: string, earliest: string, latest: string): boolean {
  return isIsoDate(date) && date >= earliest && date <= latest;
}

export interface ValidityContext {
  /** Earliest delivery date (`YYYY-MM-DD`, tomorrow in Moscow). */
  earliestDate: string;
  /** Latest date a shopper may choose. */
  latestDate: string;
}

/** The address part (the getway step) of the guest form: the fields it still lacks, in form order. */
export function missingAddressFields(way: GetWay, form: GuestForm, ctx: ValidityContext): GuestField[] {
  const missing: GuestField[] = [];
  if (isPickupWay(way)) {
    if (!form.pvzCode) missing.push('pvz');
  } else if (way === 'delivery-sdek') {
    if (!isCityConfirmed(form)) missing.push('city');
    if (!form.address.trim()) missing.push('address');
  } else if (isMoscowWay(way)) {
    if (!form.address.trim()) missing.push('address');
    if (!form.room.trim()) missing.push('room');
    if (!isDeliveryDateValid(form.date, ctx.earliestDate, ctx.latestDate)) missing.push('date');
    if (!(deliveryTimeSlots as readonly string[]).includes(form.time)) missing.push('time');
  }
  return missing;
}

/**
 * The recipient part (the details step). Guests: full name, phone and e-mail for every method.
 * Signed in (checkout.md §5): a name and the phone; the e-mail only for pickup and courier, and a
 * typed e-mail must still be valid.
 */
export function missingContactFields(form: GuestForm, signedIn: { way: GetWay } | null = null): GuestField[] {
  const missing: GuestField[] = [];
  if (signedIn ? form.fullName.trim().length < 2 : !isFullName(form.fullName)) missing.push('fullName');
  if (!isPhoneComplete(form.phone, form.phoneMask)) missing.push('phone');
  const emailNeeded = !signedIn || !signedInEmailOptional(signedIn.way) || form.email.trim() !== '';
  if (emailNeeded && !isEmail(form.email)) missing.push('email');
  return missing;
}

/** checkout.md §5: a signed-in shopper's Moscow and showroom orders need no e-mail. */
export function signedInEmailOptional(way: GetWay): boolean {
  return isMoscowWay(way) || way === 'self';
}

/**
 * checkout.md §5 with DECISIONS 10, guest forms: pickup needs a point, name, email and phone;
 * courier needs the confirmed city and the address too; Moscow needs address and apartment (and
 * the date and slot); self needs name, email and phone.
 */
export function isGuestFormValid(way: GetWay, form: GuestForm, ctx: ValidityContext): boolean {
  return missingAddressFields(way, form, ctx).length === 0 && missingContactFields(form).length === 0;
}

/** Each step's validity flag (checkout.md §4). */
export function stepValidity(input: {
  way: GetWay;
  form: GuestForm;
  ctx: ValidityContext;
  /** Lines in the cart that can be ordered. */
  orderableLines: number;
  /** Every line can be ordered (none sold out meanwhile). */
  allOrderable: boolean;
  /** The delivery price is known (or the method is free). */
  deliveryKnown: boolean;
  /** The signed-in form's rules apply. */
  signedIn?: boolean;
}): [boolean, boolean, boolean, boolean] {
  const products = input.orderableLines > 0 && input.allOrderable;
  const getway =
    products && input.deliveryKnown && missingAddressFields(input.way, input.form, input.ctx).length === 0;
  const details =
    getway && missingContactFields(input.form, input.signedIn ? { way: input.way } : null).length === 0;
  return [products, getway, details, details];
}
