import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { emptyGuestForm, type GuestForm, stepReducer } from '../../../core/checkout/checkout.rules.ts';
import { type GetWay, isGetWay } from '../../../core/delivery/delivery.rules.ts';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';

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

/** An applied promo code: its percent holds for the phone it was checked with (checkout.md §2, §9). */
export interface AppliedPromo {
  code: string;
  percent: number;
  phone: string;
}

interface Stored {
  getWay: GetWay;
  form: GuestForm;
  pvz: PickupPoint | null;
  promo: AppliedPromo | null;
}

const STORAGE_KEY = 'shop-checkout';

/** The form survives a reload of the tab (sessionStorage, gone with the tab). */
function load(): Partial<Stored> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
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
export function useCheckoutState() {
  const [step, dispatch] = useReducer(stepReducer, 0);
  const [getWay, setGetWay] = useState<GetWay | null>(null);
  const [form, setForm] = useState<GuestForm>(emptyGuestForm);
  const [pvz, setPvz] = useState<PickupPoint | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' });
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const stored = load();
    if (stored.getWay) setGetWay(stored.getWay);
    if (stored.form) setForm(stored.form);
    if (stored.pvz) setPvz(stored.pvz);
    if (stored.promo) setPromo(stored.promo);
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ getWay, form, pvz, promo }));
    } catch {
      // Private mode or a full storage: the form simply does not survive a reload.
    }
  }, [restored, getWay, form, pvz, promo]);

  const update = useCallback((patch: Partial<GuestForm>) => setForm((f) => ({ ...f, ...patch })), []);
  const quoteFor = useRef(0);

  /** After a paid order: the form starts empty again and the tab forgets it. */
  const clear = useCallback(() => {
    setForm(emptyGuestForm);
    setPvz(null);
    setPromo(null);
    setQuote({ status: 'idle' });
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
  }, []);

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
