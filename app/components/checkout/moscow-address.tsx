import { lazy, Suspense, useEffect, useId } from 'react';
import { deliveryTimeSlots } from '../../../core/delivery/delivery.rules.ts';
import type { MoscowPriceView } from '../../../core/delivery/delivery.types.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { AddressField } from './address-field.tsx';
import type { AddressFormProps } from './address-form.types.ts';
import { MOSCOW_CITY_ID, SavedAddressPicker } from './saved-address-picker.tsx';
import { TextField } from './text-field.tsx';

const MoscowMap = lazy(() => import('./moscow-map.tsx').then((m) => ({ default: m.MoscowMap })));

/**
 * Delivery by the shop's courier in Moscow (urgent, or with fitting): the address and apartment,
 * priced on the map (inside or outside the ring road), and the day and time slot.
 */
export function MoscowAddress({
  state,
  errorOf,
  shown,
  touch,
  way,
  ctx,
}: AddressFormProps & { way: 'moscow' | 'moscow-try' }) {
  const t = useT();
  const { form, update, setQuote } = state;
  const dateId = useId();
  const timeName = useId();
  const address = form.address.trim();
  useEffect(() => {
    if (address.length < 3) setQuote({ status: 'idle' });
  }, [address, setQuote]);
  const shop = useShop();
  // checkout.md §5: Moscow methods list only the saved addresses in Moscow.
  const moscowAddresses = (shop.user?.addresses ?? []).filter((a) => a.cityID === MOSCOW_CITY_ID);
  return (
    <div className="checkout-form__fields">
      <SavedAddressPicker state={state} addresses={moscowAddresses} withCity={false} />
      <AddressField
        label={t('checkout.address')}
        hint={t('checkout.addressHint')}
        required
        city="Москва"
        value={form.address}
        onChange={(value) => update({ address: value.slice(0, 300) })}
        onBlur={() => touch('address')}
        error={shown('address') ? errorOf('address') : null}
      />
      <TextField
        label={t('checkout.room')}
        required
        autoComplete="address-line2"
        value={form.room}
        onChange={(room) => update({ room: room.slice(0, 20) })}
        onBlur={() => touch('room')}
        error={shown('room') ? errorOf('room') : null}
      />
      {address.length >= 3 ? (
        <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
          <MoscowMap
            address={address}
            getWay={way}
            onResult={(view: MoscowPriceView | null) =>
              setQuote(
                view
                  ? {
                      status: 'ready',
                      price: view.price,
                      periodMin: null,
                      periodMax: null,
                      maxDate: null,
                      outMKAD: view.outMKAD,
                    }
                  : { status: 'refused', message: '' },
              )
            }
          />
        </Suspense>
      ) : null}
      <div className={`field${shown('date') && errorOf('date') ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={dateId}>
          {t('checkout.date')} *
        </label>
        <input
          id={dateId}
          className="field__input"
          type="date"
          min={ctx.earliestDate}
          max={ctx.latestDate}
          value={form.date}
          onChange={(e) => update({ date: e.target.value })}
          onBlur={() => touch('date')}
          aria-invalid={shown('date') && errorOf('date') !== null}
        />
        {shown('date') && errorOf('date') ? <p className="field__error">{errorOf('date')}</p> : null}
      </div>
      <fieldset className="slots plain-fieldset">
        <legend className="field__label">{t('checkout.time')} *</legend>
        {deliveryTimeSlots.map((slot) => (
          <label key={slot} className={`slot${form.time === slot ? ' slot--active' : ''}`}>
            <input
              type="radio"
              name={timeName}
              value={slot}
              checked={form.time === slot}
              onChange={() => update({ time: slot })}
            />
            {slot}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
