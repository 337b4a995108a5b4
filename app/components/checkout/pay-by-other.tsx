import { useId, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';

/** checkout.md §5: the payer's phone has at least 10 digits. */
const PAYER_MIN_DIGITS = 10;

/**
 * Pay by another person (checkout.md §5): the payer's phone, then a link to the order's payment to
 * copy and send them.
 */
export function PayByOther({
  phone,
  onPhone,
  disabled,
  link,
  onSubmit,
}: {
  /** The payer's phone digits. */
  phone: string;
  onPhone(digits: string): void;
  disabled: boolean;
  link: { url: string; orderID: number } | null;
  onSubmit(): void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [tried, setTried] = useState(false);
  const valid = phone.length >= PAYER_MIN_DIGITS && phone.length <= 15;
  return (
    <div className="payment__other">
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('payment.other.toggle')}
      </button>
      {open ? (
        <div className="payment__other-body">
          <p className="checkout-form__note">{t('payment.other.text')}</p>
          <div className={`field${tried && !valid ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={id}>
              {t('payment.other.phone')} *
            </label>
            <input
              id={id}
              className="field__input"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="+7 999 123-45-67"
              value={phone ? `+${phone}` : ''}
              aria-invalid={tried && !valid}
              aria-describedby={tried && !valid ? `${id}-error` : undefined}
              onChange={(e) => onPhone(e.target.value.replace(/\D/g, '').slice(0, 15))}
              onBlur={() => setTried(true)}
            />
            {tried && !valid ? (
              <p id={`${id}-error`} className="field__error">
                {t('payment.other.phoneError')}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="button button--light"
            disabled={disabled || link !== null}
            onClick={() => {
              setTried(true);
              if (valid) onSubmit();
            }}
          >
            {t('payment.other.submit')}
          </button>
          {link ? <PayLink link={link} /> : null}
        </div>
      ) : null}
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
