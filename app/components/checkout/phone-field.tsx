import { Mask } from 'maska';
import { useId, useMemo } from 'react';
import {
  DEFAULT_PHONE_MASK,
  maskPrefixDigits,
  phoneMaskByCode,
  phoneMasks,
} from '../../../core/checkout/phone-masks.ts';
import { useLocale, useT } from '../../i18n/index.ts';

/**
 * Phone with a country mask picker (checkout.md §5): `#` is a digit, default +7; the value kept is
 * the digits only, country code included. The picker's value is the country code: Russia and
 * Kazakhstan share a mask and must both be choosable.
 */
export function PhoneField({
  digits,
  mask,
  country,
  onChange,
  error,
  showError,
}: {
  digits: string;
  mask: string;
  /** The chosen country (`RU`); a stored form without one falls back to the mask's first country. */
  country: string | undefined;
  onChange(next: { digits: string; mask: string; country: string }): void;
  error: string | null;
  showError: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const masker = useMemo(() => new Mask({ mask }), [mask]);
  const prefix = maskPrefixDigits(mask);
  const national = digits.startsWith(prefix) ? digits.slice(prefix.length) : digits;
  const shown = national ? masker.masked(national) : '';
  const invalid = showError && error !== null;
  const chosen =
    phoneMaskByCode(country ?? '') ?? phoneMasks.find((m) => m.mask === mask) ?? DEFAULT_PHONE_MASK;
  return (
    <div className={`field field--phone${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={`${id}-number`}>
        {t('checkout.phone')} *
      </label>
      <div className="field__row">
        <select
          className="field__select"
          aria-label={t('checkout.phoneCountry')}
          value={chosen.cc}
          onChange={(e) => {
            const next = phoneMaskByCode(e.target.value) ?? DEFAULT_PHONE_MASK;
            // The same country code (RU and KZ share +7) keeps the number typed so far.
            const keep = maskPrefixDigits(next.mask) === prefix;
            onChange({
              digits: keep ? digits : maskPrefixDigits(next.mask),
              mask: next.mask,
              country: next.cc,
            });
          }}
        >
          {phoneMasks.map((m) => (
            <option key={m.cc} value={m.cc}>
              {`${locale === 'en' ? m.name_en : m.name_ru} +${maskPrefixDigits(m.mask)}`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          className="field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={mask.replace(/#/g, '_')}
          value={shown}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => {
            const typed = e.target.value;
            // Typed with the country code (`+7 999…`, `8 999…` for Russia) or without it.
            let rest = typed.startsWith('+') ? masker.unmasked(typed) : typed.replace(/\D/g, '');
            if (!typed.startsWith('+') && prefix === '7' && /^[78]\d{10}$/.test(rest)) rest = rest.slice(1);
            const national = masker.unmasked(masker.masked(rest));
            onChange({ digits: national ? prefix + national : '', mask, country: chosen.cc });
          }}
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
