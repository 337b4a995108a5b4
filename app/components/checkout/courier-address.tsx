import { useEffect } from 'react';
import { parcelWeight } from '../../../core/delivery/delivery.rules.ts';
import { useT } from '../../i18n/index.ts';
import { readCity, writeCity } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';
import { AddressField } from './address-field.tsx';
import type { AddressFormProps } from './address-form.types.ts';
import { type CityChoice, CityField, searchRussianCities, searchWorldCities } from './city-field.tsx';
import { QuoteNote } from './quote-note.tsx';
import { SavedAddressPicker, savedChosen } from './saved-address-picker.tsx';
import { TextField } from './text-field.tsx';
import { useDeliveryQuote } from './use-delivery-quote.ts';

/**
 * The courier's address (CDEK to the door; DHL in the English edition): a city from the
 * suggestions, the street address and apartment, priced by the carrier once the city is chosen.
 */
export function CourierAddress({ state, errorOf, shown, touch, items, goods }: AddressFormProps) {
  const t = useT();
  const shop = useShop();
  const { form, update } = state;
  const en = shop.locale === 'en';
  const confirmed = form.city !== null && form.cityText.trim() === form.city.name ? form.city : null;

  // Prefill the city from `shi-city` in the Russian edition.
  useEffect(() => {
    if (en || form.city || form.cityText) return;
    const saved = readCity();
    if (saved)
      update({ city: { code: saved.code, name: saved.name, countryCode: 'RU' }, cityText: saved.name });
  }, [en, form.city, form.cityText, update]);

  const weight = parcelWeight(items);
  const key = confirmed
    ? `${en ? 'dhl' : 'sdek'}:${confirmed.code}:${confirmed.name}:${weight}:${goods}`
    : null;
  useDeliveryQuote(state, key, (signal) =>
    en && confirmed
      ? fetch('/api/count-delivery/dhl?lang=en', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({
            country: confirmed.countryCode,
            city: confirmed.name,
            weight,
            summ: goods / 100,
          }),
          signal,
        })
      : fetch(
          `/api/checkout/check-delivery?code=${confirmed?.code}&weight=${weight}&summ=${goods / 100}&lang=${shop.locale}`,
          {
            signal,
          },
        ),
  );

  function choose(city: CityChoice) {
    update({
      city: { code: city.code, name: city.name, countryCode: city.countryCode },
      cityText: city.name,
    });
    if (!en) writeCity({ code: city.code, name: city.name });
  }

  return (
    <div className="checkout-form__fields">
      {en ? null : (
        <SavedAddressPicker
          state={state}
          addresses={shop.user?.addresses ?? []}
          withCity
          onChoose={(a) => {
            if (a) writeCity({ code: a.cityID, name: a.city });
          }}
        />
      )}
      <CityField
        label={t('checkout.city')}
        text={form.cityText}
        chosen={form.city?.name ?? null}
        search={en ? searchWorldCities : searchRussianCities}
        onText={(cityText) => {
          update({ cityText });
          touch('city');
        }}
        onChoose={choose}
        error={errorOf('city')}
        showError={shown('city')}
      />
      {en && confirmed ? (
        <p className="checkout-form__line">
          {t('checkout.country')}: {confirmed.countryCode}
        </p>
      ) : null}
      <AddressField
        label={t('checkout.address')}
        hint={t('checkout.addressHint')}
        required
        city={!en && confirmed ? confirmed.name : null}
        value={form.address}
        onChange={(address) => update({ address: address.slice(0, 300) })}
        onBlur={() => touch('address')}
        error={shown('address') ? errorOf('address') : null}
      />
      <TextField
        label={t('checkout.room')}
        value={form.room}
        autoComplete="address-line2"
        onChange={(room) => update({ room: room.slice(0, 20) })}
      />
      <QuoteNote quote={state.quote} savedAddress={savedChosen(state, shop.user?.addresses ?? [])} />
    </div>
  );
}
