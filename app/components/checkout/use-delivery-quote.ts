import { useEffect, useState } from 'react';
import type { WireDeliveryQuote } from '../../../core/delivery/delivery.wire.ts';
import { kopecksFromWire } from '../../../core/wire.ts';
import type { CheckoutState } from './checkout-state.ts';

/**
 * Loads a carrier's delivery quote into the checkout state whenever `key` (what the price depends
 * on) changes; a null key clears it, and stale answers are dropped.
 */
export function useDeliveryQuote(
  state: CheckoutState,
  key: string | null,
  fetchQuote: (signal: AbortSignal) => Promise<Response>,
) {
  const { setQuote } = state;
  const fetchRef = useLatest(fetchQuote);
  useEffect(() => {
    if (key === null) {
      setQuote({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setQuote({ status: 'loading' });
    fetchRef
      .current(controller.signal)
      .then(async (res) => {
        const body = (await res.json()) as { result: boolean; data?: WireDeliveryQuote; message?: string };
        if (controller.signal.aborted) return;
        if (body.result && body.data) {
          setQuote({
            status: 'ready',
            price: kopecksFromWire(body.data.price),
            periodMin: body.data.periodMin,
            periodMax: body.data.periodMax,
            maxDate: body.data.deliveryMaxDate,
          });
        } else {
          setQuote({ status: 'refused', message: body.message ?? '' });
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setQuote({ status: 'refused', message: '' });
      });
    return () => controller.abort();
  }, [key, setQuote, fetchRef]);
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
