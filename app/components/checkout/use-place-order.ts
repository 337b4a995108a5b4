import { useEffect, useRef, useState } from 'react';
import type { CartTotals, GetWay } from '../../../core/delivery/delivery.rules.ts';
import type { InstalmentMonths } from '../../../core/payments/payment.rules.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { CheckoutState } from './checkout-state.ts';
import {
  buildDolyameRequest,
  buildOrderPayload,
  buildTinkoffRequest,
  type OrderDraft,
  type OrderLine,
  type PaymentChoice,
} from './order-payload.ts';

/** checkout.md §4: a Dolyame refusal shows as a notice for 3 s. */
const NOTICE_MS = 3000;

interface PaymentAnswer {
  result: boolean;
  message?: string;
  url?: string;
  order?: { orderID: number };
  data?: { orderID: number };
}

/** A refusal with the server's message (as opposed to a lost connection). */
class Refusal extends Error {}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let answer: T & { result?: boolean; message?: string };
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    throw new Error(`status ${res.status}`);
  }
  if (!res.ok || answer.result === false) throw new Refusal(answer.message ?? `status ${res.status}`);
  return answer;
}

export interface PlaceOrderInput {
  state: CheckoutState;
  getWay: GetWay;
  lines: OrderLine[];
  totals: CartTotals;
  months: InstalmentMonths;
  payerPhone: string;
  /** The earlier steps are valid (checkout.md §5: the pay button waits for a valid form). */
  formValid: boolean;
}

/**
 * Places the order with the chosen payment (checkout.md §4, §8) and follows it to the provider: the
 * order with one idempotency key per attempt (DECISIONS 19), then the provider's page, the staged
 * Dolyame and T-Bank instalment requests, the wallet link, the SBP code or the link for another payer.
 * A refusal blocks the pay button until a choice changes; a lost connection may be retried at once.
 */
export function usePlaceOrder({
  state,
  getWay,
  lines,
  totals,
  months,
  payerPhone,
  formValid,
}: PlaceOrderInput) {
  const t = useT();
  const shop = useShop();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payLink, setPayLink] = useState<{ url: string; orderID: number } | null>(null);
  // Split and Yandex Pay: the order is made, the shopper opens the provider's page themselves.
  const [walletLink, setWalletLink] = useState<{ url: string; orderID: number } | null>(null);
  // SBP: the order is made and its QR / bank-app link shown until the bank answers.
  const [sbp, setSbp] = useState<{ link: string; orderID: number } | null>(null);
  const [networkNote, setNetworkNote] = useState<string | null>(null);
  // One key per attempt: a retry of the same order after a lost answer reuses it (DECISIONS 19).
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const noticeTimer = useRef(0);
  const headers = { 'accept-language': shop.locale };

  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  const blocked = !formValid || error !== null || busy || walletLink !== null || sbp !== null;

  function draftFor(payment: PaymentChoice): Omit<OrderDraft, 'key'> {
    return {
      locale: shop.locale,
      currency: shop.currency,
      getWay,
      payment,
      form: state.form,
      pvz: state.pvz,
      quote: state.quote,
      lines,
      totals,
      promo: state.promo,
      months,
      payerPhone,
    };
  }

  function keyFor(draft: Omit<OrderDraft, 'key'>): string {
    const body = JSON.stringify(buildOrderPayload({ ...draft, key: '' }));
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    return attempt.current.key;
  }

  /** checkout.md §8: `alert('Ошибка: ' + message)`. A refusal blocks the button until a choice changes. */
  function fail(message: string, blocking: boolean) {
    const text = t('payment.error', { message });
    window.alert(text);
    setError(blocking ? text : null);
    // A lost connection may be retried at once with the same key.
    setNetworkNote(blocking ? null : text);
  }

  async function submit(payment: PaymentChoice) {
    if (blocked) return;
    setBusy(true);
    setNetworkNote(null);
    const base = draftFor(payment);
    const draft: OrderDraft = { ...base, key: keyFor(base) };
    const staged = payment === 'dolyame' || payment === 'tinkoff';
    try {
      const answer = await postJson<PaymentAnswer>(
        `/api/payment${staged ? '?draft=true' : ''}`,
        buildOrderPayload(draft),
        { ...headers, 'idempotency-key': draft.key },
      );
      const orderID = answer.order?.orderID ?? answer.data?.orderID;
      if (!orderID) throw new Refusal(t('payment.error.noOrder'));
      if (payment === 'other_pay') {
        if (!answer.url) throw new Refusal(t('payment.error.noOrder'));
        setPayLink({ url: new URL(answer.url, window.location.origin).href, orderID });
        attempt.current = null;
        setBusy(false);
        return;
      }
      // checkout.md §4: split and yaPay answer the url without redirecting: the button below opens it.
      if (payment === 'split' || payment === 'yaPay') {
        if (!answer.url) throw new Refusal(t('payment.error.noOrder'));
        setWalletLink({ url: answer.url, orderID });
        setBusy(false);
        return;
      }
      if (payment === 'sbp') {
        if (!answer.url) throw new Refusal(t('payment.error.noOrder'));
        setSbp({ link: new URL(answer.url, window.location.origin).href, orderID });
        setBusy(false);
        return;
      }
      if (payment === 'dolyame') {
        try {
          const next = await postJson<{ data: string }>(
            '/api/dolyame/create',
            buildDolyameRequest(orderID, draft),
            headers,
          );
          return leave(next.data);
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          // checkout.md §8: the Dolyame refusal is a notice for 3 s.
          setError(e.message);
          noticeTimer.current = window.setTimeout(() => setError(null), NOTICE_MS);
          attempt.current = null;
          setBusy(false);
          return;
        }
      }
      if (payment === 'tinkoff') {
        const next = await postJson<{ data: string }>(
          '/api/payment/create-tinkoff-order',
          buildTinkoffRequest(orderID, draft),
          headers,
        );
        return leave(next.data);
      }
      // checkout.md §4: the methods with a page go there; the others show the result screen.
      leave(answer.url ?? `${shop.locale === 'en' ? '/en' : ''}/?success=true&orderID=${orderID}`);
    } catch (e) {
      setBusy(false);
      if (e instanceof Refusal) {
        attempt.current = null;
        fail(e.message, true);
      } else {
        fail(t('payment.error.network'), false);
      }
    }
  }

  function leave(url: string) {
    window.location.assign(url);
  }

  return {
    submit,
    blocked,
    busy,
    /** The refusal (or notice) that blocks the pay button, else the lost connection's note. */
    message: error ?? networkNote,
    payLink,
    walletLink,
    sbp,
    /** A changed choice is a new attempt: the error it caused no longer applies. */
    newChoice() {
      setError(null);
      setWalletLink(null);
    },
    clearError: () => setError(null),
    /** Another payer's number changed: the link made for the last one is gone. */
    clearPayLink() {
      setPayLink(null);
      setError(null);
    },
  };
}
