import '../../styles/payment.css';
import { useEffect, useId, useRef, useState } from 'react';
import { isPhoneComplete } from '../../../core/checkout/checkout.rules.ts';
import type { CartTotals, GetWay } from '../../../core/delivery/delivery.rules.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { displayTotals } from '../../../core/orders/display-totals.rules.ts';
import {
  availablePaymentMethods,
  dolyameSchedule,
  type InstalmentMonths,
  instalmentTerms,
  type PaymentMethod,
} from '../../../core/payments/payment.rules.ts';
import { type MessageKey, useT } from '../../i18n/index.ts';
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
import { SbpPayment } from './sbp-payment.tsx';

export interface PaymentPartProps {
  state: CheckoutState;
  getWay: GetWay;
  /** The orderable cart lines. */
  lines: OrderLine[];
  totals: CartTotals;
  /** The earlier steps are valid (checkout.md §5: the pay button waits for a valid form). */
  formValid: boolean;
  /** The quick-order window (checkout.md §9: no hepay there). */
  quickOrder?: boolean;
}

/** checkout.md §4: a Dolyame refusal shows as a notice for 3 s. */
const NOTICE_MS = 3000;
/** checkout.md §5: the payer's phone has at least 10 digits. */
const PAYER_MIN_DIGITS = 10;

interface PaymentAnswer {
  result: boolean;
  message?: string;
  url?: string;
  order?: { orderID: number };
  data?: { orderID: number };
}

/** A refusal with the server's message (as opposed to a lost connection). */
class Refusal extends Error {}

const payLabel: Record<PaymentMethod, MessageKey> = {
  online: 'payment.pay.card',
  'online-international': 'payment.pay.card',
  sbp: 'payment.pay.sbp',
  yaPay: 'payment.pay.yaPay',
  split: 'payment.pay.split',
  dolyame: 'payment.pay.dolyame',
  tinkoff: 'payment.pay.tinkoff',
  hepay: 'payment.pay.hepay',
};

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

/**
 * The payment step (checkout.md §2, §4, §5): promo code, payment methods with the instalment term
 * and the split schedule, consent, the pay button, and pay-by-another-person.
 */
export function PaymentPart({
  state,
  getWay,
  lines,
  totals,
  formValid,
  quickOrder = false,
}: PaymentPartProps) {
  const t = useT();
  const shop = useShop();
  const methods = availablePaymentMethods({
    locale: shop.locale,
    getWay,
    switches: shop.delivery.payments,
    quickOrder,
    kinds: shop.delivery.paymentKinds ?? undefined,
  });
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? 'online');
  const [months, setMonths] = useState<InstalmentMonths>(3);
  const [consent, setConsent] = useState(false);
  const [consentTried, setConsentTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otherOpen, setOtherOpen] = useState(false);
  const [payerPhone, setPayerPhone] = useState('');
  const [payerTried, setPayerTried] = useState(false);
  const [payLink, setPayLink] = useState<{ url: string; orderID: number } | null>(null);
  // Split and Yandex Pay: the order is made, the shopper opens the provider's page themselves.
  const [walletLink, setWalletLink] = useState<{ url: string; orderID: number } | null>(null);
  // SBP: the order is made and its QR / bank-app link shown until the bank answers.
  const [sbp, setSbp] = useState<{ link: string; orderID: number } | null>(null);
  const [networkNote, setNetworkNote] = useState<string | null>(null);
  // One key per attempt: a retry of the same order after a lost answer reuses it (DECISIONS 19).
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const noticeTimer = useRef(0);
  const methodsName = useId();
  const termsName = useId();
  const consentId = useId();
  const payerId = useId();
  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  const headers = { 'accept-language': shop.locale };

  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  // A changed choice is a new attempt: the error it caused no longer applies.
  function change<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setError(null);
      setWalletLink(null);
    };
  }

  const payerValid = payerPhone.length >= PAYER_MIN_DIGITS && payerPhone.length <= 15;
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
    if (!consent) {
      setConsentTried(true);
      return;
    }
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

  const payLabelKey = payLabel[method];
  return (
    <section className="payment" data-part="payment" aria-labelledby="payment-title">
      <h3 id="payment-title" className="checkout-form__title checkout-form__title--step">
        {t('payment.title')}
      </h3>
      {getWay !== 'moscow-try' && isPhoneComplete(state.form.phone, state.form.phoneMask) ? (
        <PromoField state={state} onChange={() => setError(null)} />
      ) : null}
      <fieldset className="ways plain-fieldset">
        <legend className="payment__legend">{t('payment.methods')}</legend>
        {methods.map((m) => (
          <div key={m} className={`way payment-method${m === method ? ' way--active' : ''}`}>
            <label className="payment-method__label">
              <input
                type="radio"
                name={methodsName}
                value={m}
                checked={m === method}
                onChange={() => change(setChosen)(m)}
                className="way__radio"
              />
              <span className="way__text">
                <span className="way__title">{t(`payment.method.${m}`)}</span>
                <span className="way__note">{t(`payment.method.${m}.note`)}</span>
              </span>
            </label>
            {m === method && m === 'tinkoff' ? (
              <fieldset className="slots plain-fieldset payment-method__extra">
                <legend className="field__label">{t('payment.term')}</legend>
                {instalmentTerms.map((term) => (
                  <label key={term.months} className={`slot${months === term.months ? ' slot--active' : ''}`}>
                    <input
                      type="radio"
                      name={termsName}
                      value={term.months}
                      checked={months === term.months}
                      onChange={() => change(setMonths)(term.months)}
                    />
                    <span>
                      {t('payment.term.months', { months: term.months })}
                      <span className="slot__note">
                        {t('payment.term.monthly', {
                          // An estimate: whole roubles, rounded up.
                          sum: money(Math.ceil(totals.total / term.months / 100) * 100),
                        })}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {m === method && (m === 'dolyame' || m === 'split') ? (
              <Schedule parts={dolyameSchedule(totals.total)} money={money} />
            ) : null}
          </div>
        ))}
      </fieldset>
      <p className="payment__due">
        <span>{t('payment.due')}</span>
        <strong data-testid="payment-due">
          {formatMoney(
            {
              amount: displayTotals({ lines, totals }, shop.currency, shop.rates).total,
              currency: shop.currency,
            },
            shop.locale,
          )}
        </strong>
      </p>
      <div className={`payment__consent${consentTried && !consent ? ' payment__consent--invalid' : ''}`}>
        <input
          id={consentId}
          className="payment__checkbox"
          type="checkbox"
          checked={consent}
          required
          aria-describedby={consentTried && !consent ? `${consentId}-error` : undefined}
          onChange={(e) => change(setConsent)(e.target.checked)}
        />
        <label htmlFor={consentId}>
          {t('payment.consent.before')}
          <a href={shop.locale === 'en' ? '/en/policy' : '/policy'} target="_blank" rel="noreferrer">
            {t('payment.consent.link')}
          </a>
          {t('payment.consent.after')}
          <a
            href={shop.locale === 'en' ? '/en/public-offer' : '/public-offer'}
            target="_blank"
            rel="noreferrer"
          >
            {t('payment.consent.offer')}
          </a>
        </label>
      </div>
      {consentTried && !consent ? (
        <p id={`${consentId}-error`} className="field__error">
          {t('payment.consent.required')}
        </p>
      ) : null}
      {!formValid ? <p className="cart__missing">{t('payment.formInvalid')}</p> : null}
      <p className="payment__error" role="alert">
        {error ?? networkNote ?? ''}
      </p>
      <div className="cart__action payment__action">
        <button
          type="button"
          className="button button--dark cart__next"
          disabled={blocked}
          onClick={() => void submit(method)}
        >
          {busy ? t('payment.paying') : t(payLabelKey)}
        </button>
      </div>
      {sbp ? <SbpPayment link={sbp.link} orderID={sbp.orderID} /> : null}
      {walletLink ? (
        <div className="pay-link pay-link--wallet" role="status">
          <p className="field__label">{t('result.order', { order: walletLink.orderID })}</p>
          <a className="button button--dark" href={walletLink.url}>
            {t('checkout.next.details')}
          </a>
        </div>
      ) : null}
      {methods.includes('online') ? (
        <div className="payment__other">
          <button
            type="button"
            className="link-button"
            aria-expanded={otherOpen}
            onClick={() => setOtherOpen((o) => !o)}
          >
            {t('payment.other.toggle')}
          </button>
          {otherOpen ? (
            <div className="payment__other-body">
              <p className="checkout-form__note">{t('payment.other.text')}</p>
              <div className={`field${payerTried && !payerValid ? ' field--invalid' : ''}`}>
                <label className="field__label" htmlFor={payerId}>
                  {t('payment.other.phone')} *
                </label>
                <input
                  id={payerId}
                  className="field__input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="+7 999 123-45-67"
                  value={payerPhone ? `+${payerPhone}` : ''}
                  aria-invalid={payerTried && !payerValid}
                  aria-describedby={payerTried && !payerValid ? `${payerId}-error` : undefined}
                  onChange={(e) => {
                    setPayerPhone(e.target.value.replace(/\D/g, '').slice(0, 15));
                    setPayLink(null);
                    setError(null);
                  }}
                  onBlur={() => setPayerTried(true)}
                />
                {payerTried && !payerValid ? (
                  <p id={`${payerId}-error`} className="field__error">
                    {t('payment.other.phoneError')}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                className="button button--light"
                disabled={blocked || payLink !== null}
                onClick={() => {
                  setPayerTried(true);
                  if (payerValid) void submit('other_pay');
                }}
              >
                {t('payment.other.submit')}
              </button>
              {payLink ? <PayLink link={payLink} /> : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** checkout.md §9: four equal parts, the first now, the rest every two weeks. */
function Schedule({ parts, money }: { parts: number[]; money: (kopecks: number) => string }) {
  const t = useT();
  return (
    <div className="payment-method__extra">
      <p className="field__label">{t('payment.schedule')}</p>
      <ol className="schedule">
        {parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional
          <li key={i} className={`schedule__part${i === 0 ? ' schedule__part--now' : ''}`}>
            <span className="schedule__bar" aria-hidden="true" />
            <span className="schedule__sum">{money(part)}</span>
            <span className="schedule__when">
              {i === 0 ? t('payment.schedule.now') : t('payment.schedule.later', { weeks: i * 2 })}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function PayLink({ link }: { link: { url: string; orderID: number } }) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
    } catch {
      // No clipboard permission: select the text so a long press or Ctrl+C copies it.
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }
  return (
    <div className="pay-link">
      <label className="field__label" htmlFor={id}>
        {t('payment.other.link', { order: link.orderID })}
      </label>
      <div className="field__row">
        <input
          ref={input}
          id={id}
          className="field__input"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button button--dark" onClick={() => void copy()}>
          {t('payment.other.copy')}
        </button>
      </div>
      <p className="checkout-form__note" role="status">
        {copied ? t('payment.other.copied') : t('payment.other.after')}
      </p>
    </div>
  );
}

/**
 * checkout.md §2, §8: the promo code is checked for the entered phone; success is announced with an
 * alert, a refusal shows the server's message under the field, and an empty code clears it.
 */
function PromoField({ state, onChange }: { state: CheckoutState; onChange(): void }) {
  const t = useT();
  const shop = useShop();
  const id = useId();
  const { promo, setPromo } = state;
  const [code, setCode] = useState(promo?.code ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    setMessage(null);
    onChange();
    if (!typed) {
      setPromo(null);
      return;
    }
    setChecking(true);
    try {
      const res = await fetch(
        `/api/promocodes/check?code=${encodeURIComponent(typed)}&phone=${encodeURIComponent(state.form.phone)}`,
        { headers: { 'accept-language': shop.locale } },
      );
      const body = (await res.json()) as { result: boolean; message?: string; data?: { percent: number } };
      if (body.result && body.data) {
        setPromo({ code: typed, percent: body.data.percent, phone: state.form.phone });
        window.alert(t('payment.promo.applied'));
      } else {
        setPromo(null);
        setMessage(body.message ?? t('payment.promo.refused'));
      }
    } catch {
      setMessage(t('payment.error.network'));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form
      className={`field promo${message ? ' field--invalid' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        void apply();
      }}
    >
      <label className="field__label" htmlFor={id}>
        {t('payment.promo.label')}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(e) => {
            setCode(e.target.value);
            setMessage(null);
            if (!e.target.value.trim() && promo) {
              setPromo(null);
              onChange();
            }
          }}
        />
        <button type="submit" className="button button--light promo__apply" disabled={checking}>
          {t('payment.promo.apply')}
        </button>
      </div>
      <p id={`${id}-status`} className={message ? 'field__error' : 'field__hint'} role="status">
        {checking
          ? t('payment.promo.checking')
          : (message ??
            (promo
              ? t('payment.promo.active', { code: promo.code.toUpperCase(), percent: promo.percent })
              : ''))}
      </p>
    </form>
  );
}
