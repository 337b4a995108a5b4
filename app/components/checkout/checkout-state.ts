import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { emptyGuestForm, type GuestForm, stepReducer } from '../../../core/checkout/checkout.rules.ts';
import { maskDigitCount, maskPrefixDigits, phoneMasks } from '../../../core/checkout/phone-masks.ts';
import { type GetWay, isGetWay } from '../../../core/delivery/delivery.rules.ts';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';
import type { UserView } from '../../lib/account.ts';

/** The delivery price as far as it is known for the chosen method and address. */
export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | {
      status: 'ready';
      /** Kopecks. */
      price: number;
      periodMin: number | null;
      periodMax: number | null;
      /** `YYYY-MM-DD`. */
      maxDate: string | null;
      outMKAD?: boolean;
    }
  | { status: 'refused'; message: string };

/**
 * An applied promo code: what it gives holds for the phone it was checked with (checkout.md §2, §9).
 * A percent code's discount follows the cart; an amount code's is the server's figure for the cart it
 * was checked on (the order judges it again); a free-delivery code takes the delivery off.
 */
export interface AppliedPromo {
  code: string;
  percent: number;
  phone: string;
  /** Absent on a code applied before kinds existed (a stored tab): a percent code. */
  kind?: 'percent' | 'amount' | 'free_delivery';
  /** Kopecks off an amount code, as the server worked it out. */
  discount?: number;
}

interface Stored {
  getWay: GetWay;
  form: GuestForm;
  pvz: PickupPoint | null;
  promo: AppliedPromo | null;
}

/** The form survives a reload of the tab (sessionStorage, gone with the tab). */
function load(storageKey: string): Partial<Stored> {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (!raw) return {};
    const value = JSON.parse(raw) as Partial<Stored>;
    return {
      getWay: isGetWay(value.getWay) ? value.getWay : undefined,
      form: value.form && typeof value.form === 'object' ? { ...emptyGuestForm, ...value.form } : undefined,
      pvz: value.pvz && typeof value.pvz === 'object' ? value.pvz : null,
      promo: isAppliedPromo(value.promo) ? value.promo : null,
    };
  } catch {
    return {};
  }
}

function isAppliedPromo(value: unknown): value is AppliedPromo {
  const p = value as AppliedPromo | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.code === 'string' &&
    Number.isInteger(p.percent) &&
    typeof p.phone === 'string'
  );
}

/** The checkout's state: step (checkout.md §4), method, guest form, pickup point and delivery quote. */
export function useCheckoutState(storageKey = 'shop-checkout') {
  const [step, dispatch] = useReducer(stepReducer, 0);
  const [getWay, setGetWay] = useState<GetWay | null>(null);
  const [form, setForm] = useState<GuestForm>(emptyGuestForm);
  const [pvz, setPvz] = useState<PickupPoint | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' });
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const stored = load(storageKey);
    if (stored.getWay) setGetWay(stored.getWay);
    if (stored.form) setForm(stored.form);
    if (stored.pvz) setPvz(stored.pvz);
    if (stored.promo) setPromo(stored.promo);
    setRestored(true);
  }, [storageKey]);

  useEffect(() => {
    if (!restored) return;
    try {
      sessionStorage.setItem(storageKey, JSON.stringify({ getWay, form, pvz, promo }));
    } catch {
      // Private mode or a full storage: the form simply does not survive a reload.
    }
  }, [restored, getWay, form, pvz, promo, storageKey]);

  const update = useCallback((patch: Partial<GuestForm>) => setForm((f) => ({ ...f, ...patch })), []);
  const quoteFor = useRef(0);

  /** After a paid order: the form starts empty again and the tab forgets it. */
  const clear = useCallback(() => {
    setForm(emptyGuestForm);
    setPvz(null);
    setPromo(null);
    setQuote({ status: 'idle' });
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing stored.
    }
  }, [storageKey]);

  return {
    step,
    dispatch,
    getWay,
    setGetWay,
    form,
    update,
    pvz,
    setPvz,
    quote,
    setQuote,
    quoteFor,
    /** The promo code applies only while the phone it was checked with stays the same. */
    promo: promo && promo.phone === form.phone ? promo : null,
    setPromo,
    clear,
    restored,
  };
}

export type CheckoutState = ReturnType<typeof useCheckoutState>;

/**
 * checkout.md §1, §6: a signed-in shopper's form starts from the profile. Only empty fields are
 * filled, once the stored form is restored, so nothing typed is overwritten.
 */
export function usePrefillFromProfile(state: CheckoutState, user: UserView | null) {
  const { restored, update, form } = state;
  const formRef = useRef(form);
  formRef.current = form;
  // Runs when the form is restored, on sign-in and when the profile's contacts change, not on every
  // new copy of the same profile.
  const profileKey = user ? [user._id, user.name, user.secondName, user.email, user.phone].join('|') : null;
  const userRef = useRef(user);
  userRef.current = user;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the profile's contacts on purpose
  useEffect(() => {
    const profile = userRef.current;
    if (!restored || !profile) return;
    const current = formRef.current;
    const patch: Partial<GuestForm> = {};
    const name = [profile.secondName, profile.name].filter((p) => p.trim()).join(' ');
    if (!current.fullName.trim() && name) patch.fullName = name;
    if (!current.email.trim() && profile.email) patch.email = profile.email;
    if (current.phone.length <= 1 && profile.phone) {
      // Saved phones are digits with the country code: the mask is the country's that fits them.
      const phone = profile.phone;
      const mask = phoneMasks.find(
        (m) => phone.startsWith(maskPrefixDigits(m.mask)) && maskDigitCount(m.mask) === phone.length,
      );
      if (mask) {
        patch.phone = phone;
        patch.phoneMask = mask.mask;
        patch.phoneCountry = mask.cc;
      }
    }
    if (Object.keys(patch).length) update(patch);
  }, [restored, profileKey, update]);
}
