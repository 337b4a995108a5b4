import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DEFAULT_PHONE_MASK } from '../../../core/checkout/phone-masks.ts';
import { useLocale, useT } from '../../i18n/index.ts';
import { callApi, formatPhone, type SignInAnswer } from '../../lib/account.ts';
import { PhoneField } from '../checkout/phone-field.tsx';

/** catalogue.md §9: messages of the sign-in form clear after 3 s. */
const MESSAGE_MS = 3000;
const CODE_LENGTH = 4;

type Step =
  | { kind: 'phone' }
  | { kind: 'code'; phone: string; channel: 'call' | 'sms'; resendAt: number }
  | { kind: 'email' }
  | { kind: 'password'; email: string };

/** A message shown for three seconds, then cleared. */
function useTimedMessage() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

/**
 * Sign-in steps (catalogue.md §4): phone, then the 4-digit code (checked as soon as it is complete;
 * a new code by SMS after the countdown), or e-mail with a password when the account exists and an
 * immediate registration when it does not. 'Continue without authorization' closes the popup.
 */
export function SignIn({ onSignedIn, onSkip }: { onSignedIn(answer: SignInAnswer): void; onSkip(): void }) {
  const t = useT();
  const locale = useLocale();
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [phone, setPhone] = useState({
    digits: '7',
    mask: DEFAULT_PHONE_MASK.mask,
    country: DEFAULT_PHONE_MASK.cc,
  });
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useTimedMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step.kind !== 'code') return;
    codeRef.current?.focus();
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [step]);

  async function sendCode(channel: 'call' | 'sms', digits = phone.digits) {
    setBusy(true);
    setError(null);
    const init = await callApi<string>('GET', '/api/auth/init', locale);
    const sent = init.ok
      ? await callApi<{ resendAfter: number; channel: 'call' | 'sms' }>(
          'POST',
          `/api/auth/get-code?${channel === 'sms' ? 'isBySMS=true' : 'isByCall=true'}`,
          locale,
          { phone: digits },
          { 'init-token': init.data },
        )
      : init;
    setBusy(false);
    if (!sent.ok) {
      setError(sent.message);
      return;
    }
    setCode('');
    setStep({
      kind: 'code',
      phone: digits,
      channel: sent.data.channel,
      resendAt: Date.now() + sent.data.resendAfter * 1000,
    });
  }

  async function checkCode(value: string, digits: string) {
    setBusy(true);
    const answer = await callApi<SignInAnswer>('POST', '/api/auth/check-code', locale, {
      phone: digits,
      code: value,
    });
    setBusy(false);
    if (answer.ok) onSignedIn(answer.data);
    else {
      setError(answer.message);
      setCode('');
      codeRef.current?.focus();
    }
  }

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const exists = await callApi<number>('POST', '/api/auth/check-email', locale, { email });
    if (!exists.ok) {
      setBusy(false);
      // catalogue.md §8: a check-email failure is an alert.
      window.alert(exists.message);
      return;
    }
    if (exists.data === 1) {
      setBusy(false);
      setStep({ kind: 'password', email: email.trim().toLowerCase() });
      return;
    }
    const registered = await callApi<SignInAnswer>('POST', '/api/auth/registerByEmail', locale, { email });
    setBusy(false);
    if (registered.ok) onSignedIn(registered.data);
    else setError(registered.message);
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'password') return;
    setBusy(true);
    const answer = await callApi<SignInAnswer>('POST', '/api/auth/authByEmail', locale, {
      email: step.email,
      password,
    });
    setBusy(false);
    if (answer.ok) onSignedIn(answer.data);
    else setError(answer.message);
  }

  async function resetPassword() {
    if (step.kind !== 'password') return;
    setBusy(true);
    const answer = await callApi<never>('POST', '/api/auth/reset-password', locale, { email: step.email });
    setBusy(false);
    // catalogue.md §7: the notice shows at once.
    if (answer.ok) setNotice(answer.message ?? t('auth.resetDone'));
    else setError(answer.message);
  }

  const errorLine = error ? (
    <p className="form__error" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <div className="sign-in">
      {step.kind === 'phone' ? (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode('call');
          }}
        >
          <p className="form__text">{t('auth.phoneIntro')}</p>
          <PhoneField
            digits={phone.digits}
            mask={phone.mask}
            country={phone.country}
            onChange={setPhone}
            error={null}
            showError={false}
          />
          {errorLine}
          <button
            type="submit"
            className="button button--dark button--wide"
            disabled={busy || phone.digits.length < 10}
          >
            {t('auth.getCode')}
          </button>
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'email' })}>
            {t('auth.byEmail')}
          </button>
        </form>
      ) : null}

      {step.kind === 'code' ? (
        <div className="form">
          <p className="form__text">
            {t(step.channel === 'call' ? 'auth.codeByCall' : 'auth.codeBySms', {
              phone: formatPhone(step.phone),
            })}
          </p>
          <label className="field">
            <span className="field__label">{t('auth.code')}</span>
            <input
              ref={codeRef}
              className="field__input sign-in__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              pattern="\d{4}"
              value={code}
              // Read-only, not disabled, while checking: focus stays in the field for the next try.
              readOnly={busy}
              aria-busy={busy}
              onChange={(e) => {
                const value = e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
                setCode(value);
                // catalogue.md §5: checked automatically once 4 digits are in.
                if (value.length === CODE_LENGTH) void checkCode(value, step.phone);
              }}
            />
          </label>
          {errorLine}
          {now < step.resendAt ? (
            <p className="form__text">
              {t('auth.resendIn', { s: Math.min(60, Math.ceil((step.resendAt - now) / 1000)) })}
            </p>
          ) : (
            // catalogue.md §4: when the countdown ends, the code goes by SMS.
            <button
              type="button"
              className="button button--light button--wide"
              disabled={busy}
              onClick={() => void sendCode('sms', step.phone)}
            >
              {t('auth.resendSms')}
            </button>
          )}
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'phone' })}>
            {t('auth.changePhone')}
          </button>
        </div>
      ) : null}

      {step.kind === 'email' ? (
        <form className="form" onSubmit={submitEmail}>
          <label className="field">
            <span className="field__label">{t('auth.email')}</span>
            <input
              className="field__input"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          {errorLine}
          <button type="submit" className="button button--dark button--wide" disabled={busy}>
            {t('auth.continue')}
          </button>
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'phone' })}>
            {t('auth.byPhone')}
          </button>
        </form>
      ) : null}

      {step.kind === 'password' ? (
        <form className="form" onSubmit={submitPassword}>
          <p className="form__text">{step.email}</p>
          <label className="field">
            <span className="field__label">{t('auth.password')}</span>
            <input
              className="field__input"
              type="password"
              autoComplete="current-password"
              required
              maxLength={200}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {errorLine}
          {notice ? (
            <p className="form__text" role="status">
              {notice}
            </p>
          ) : null}
          <button type="submit" className="button button--dark button--wide" disabled={busy}>
            {t('auth.signIn')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={() => void resetPassword()}>
            {t('auth.forgot')}
          </button>
        </form>
      ) : null}

      <p className="sign-in__consent">{t('auth.consent')}</p>
      <button type="button" className="button button--light button--wide" onClick={onSkip}>
        {t('auth.skip')}
      </button>
    </div>
  );
}
