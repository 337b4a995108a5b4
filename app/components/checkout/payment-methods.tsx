import { useId } from 'react';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import {
  dolyameSchedule,
  type InstalmentMonths,
  instalmentTerms,
  type PaymentMethod,
} from '../../../core/payments/payment.rules.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';

/**
 * The payment methods (checkout.md §4, §9): T-Bank instalments show their terms with the monthly
 * sum, Dolyame and Split their schedule of four parts.
 */
export function PaymentMethods({
  methods,
  method,
  onMethod,
  months,
  onMonths,
  total,
}: {
  methods: PaymentMethod[];
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  months: InstalmentMonths;
  onMonths(months: InstalmentMonths): void;
  /** The order's total (kopecks). */
  total: number;
}) {
  const t = useT();
  const shop = useShop();
  const methodsName = useId();
  const termsName = useId();
  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  return (
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
              onChange={() => onMethod(m)}
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
                    onChange={() => onMonths(term.months)}
                  />
                  <span>
                    {t('payment.term.months', { months: term.months })}
                    <span className="slot__note">
                      {t('payment.term.monthly', {
                        // An estimate: whole roubles, rounded up.
                        sum: money(Math.ceil(total / term.months / 100) * 100),
                      })}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {m === method && (m === 'dolyame' || m === 'split') ? (
            <Schedule parts={dolyameSchedule(total)} money={money} />
          ) : null}
        </div>
      ))}
    </fieldset>
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
