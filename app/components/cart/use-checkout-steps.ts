import { type RefObject, useEffect, useRef, useState } from 'react';
import type { GetWay } from '../../../core/delivery/delivery.rules.ts';
import { pushEcommerce } from '../../lib/analytics.ts';
import type { CheckoutState } from '../checkout/checkout-state.ts';
import { analyticsItem, type CartLine } from './use-cart-lines.ts';

/** checkout.md §4: add_shipping_info one second after a method change. */
const SHIPPING_INFO_DELAY_MS = 1000;

/**
 * Moving through the cart panel's steps (checkout.md §4): closing resets the step, the quick-order
 * window starts on the delivery step, going on waits for a valid step (else its errors show), the
 * new step's part comes into view, and a method change is announced to analytics a second later.
 */
export function useCheckoutSteps({
  open,
  checkout,
  dialog,
  valid,
  getWay,
  orderable,
  shopName,
  quickReady,
}: {
  open: boolean;
  checkout: CheckoutState;
  dialog: RefObject<HTMLDialogElement | null>;
  /** Whether the current step may be left. */
  valid: boolean;
  getWay: GetWay;
  orderable: CartLine[];
  shopName: string;
  /** The quick-order window's line is looked up. */
  quickReady: boolean;
}) {
  const { dispatch, step } = checkout;

  // checkout.md §4: closing the cart resets the step.
  useEffect(() => {
    if (!open) dispatch({ type: 'reset' });
  }, [open, dispatch]);

  // Field errors show once the shopper tried to go on from this step.
  const [triedStep, setTriedStep] = useState<number | null>(null);

  // checkout.md §4: add_shipping_info one second after a delivery method change (and only then).
  const shippingItems = useRef<() => ReturnType<typeof analyticsItem>[]>(() => []);
  shippingItems.current = () => orderable.map((l) => analyticsItem(l, l.count, shopName));
  const shippingTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(shippingTimer.current), []);

  function changeWay(way: GetWay) {
    if (way === getWay) return;
    checkout.setGetWay(way);
    checkout.setQuote({ status: 'idle' });
    window.clearTimeout(shippingTimer.current);
    shippingTimer.current = window.setTimeout(
      () => pushEcommerce('add_shipping_info', shippingItems.current(), { shipping_tier: way }),
      SHIPPING_INFO_DELAY_MS,
    );
  }

  // The quick-order window opens on the delivery step once its line is looked up.
  useEffect(() => {
    if (quickReady) dispatch({ type: 'next' });
  }, [quickReady, dispatch]);

  function next() {
    if (!valid) {
      setTriedStep(step);
      return;
    }
    dispatch({ type: 'next' });
  }

  // The new step's part comes into view (on phones it is the only one shown).
  useEffect(() => {
    const box = dialog.current;
    if (!box || step === 0) return;
    const frame = requestAnimationFrame(() => {
      const part = box.querySelector(`[data-step-part="${step}"]`);
      if (part && window.matchMedia('(min-width: 768px)').matches) part.scrollIntoView({ block: 'start' });
      else box.scrollTo({ top: 0 });
    });
    return () => cancelAnimationFrame(frame);
  }, [step, dialog]);

  return {
    changeWay,
    next,
    /** The shopper tried to leave this step. */
    tried: triedStep === step,
    tryStep: () => setTriedStep(step),
  };
}
