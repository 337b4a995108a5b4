import { useId, useState } from 'react';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import type { AppliedPromo, CheckoutState } from './checkout-state.ts';

/**
 * checkout.md §2, §8: the promo code is checked for the entered phone; success is announced with an
 * alert, a refusal shows the server's message under the field, and an empty code clears it.
 */
export function PromoField({ state, onChange }: { state: CheckoutState; onChange(): void }) {
  const t = useT();
  const shop = useShop();
  const id = useId();
  const { promo, setPromo } = state;
  const [code, setCode] = useState(promo?.code ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  /** What the applied code gives, in the shopper's words: a percent, a sum, or free delivery. */
  function promoText(applied: AppliedPromo): string {
    const code = applied.code.toUpperCase();
    if (applied.kind === 'free_delivery') return t('payment.promo.active_delivery', { code });
    if (applied.kind === 'amount') {
      const sum = formatMoney(priceInCurrency(applied.discount ?? 0, shop.currency, shop.rates), shop.locale);
      return t('payment.promo.active_amount', { code, sum });
    }
    return t('payment.promo.active', { code, percent: applied.percent });
  }

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
      const body = (await res.json()) as {
        result: boolean;
        message?: string;
        data?: { percent: number; kind?: AppliedPromo['kind']; discount?: number | null };
      };
      if (body.result && body.data) {
        const { percent, kind = 'percent', discount } = body.data;
        setPromo({
          code: typed,
          percent,
          phone: state.form.phone,
          kind,
          // The server answers roubles; the cart counts kopecks.
          ...(kind === 'amount' && typeof discount === 'number'
            ? { discount: Math.round(discount * 100) }
            : {}),
        });
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
        {checking ? t('payment.promo.checking') : (message ?? (promo ? promoText(promo) : ''))}
      </p>
    </form>
  );
}
