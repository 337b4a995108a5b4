import { lazy, Suspense, useEffect, useState } from 'react';
import { parcelWeight, pickupCarrier } from '../../../core/delivery/delivery.rules.ts';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';
import { useT } from '../../i18n/index.ts';
import { readCity, writeCity } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';
import type { AddressFormProps } from './address-form.types.ts';
import { CityPopup } from './city-popup.tsx';
import { PickerDialog } from './picker-dialog.tsx';
import { QuoteNote } from './quote-note.tsx';
import { useDeliveryQuote } from './use-delivery-quote.ts';

const PickupPicker = lazy(() => import('./pickup-picker.tsx').then((m) => ({ default: m.PickupPicker })));

/**
 * A carrier's pickup point (CDEK or Boxberry): the shopper's city, the chosen point's card and the
 * picker on a map, priced by the carrier for the point's city.
 */
export function PickupAddress({
  state,
  errorOf,
  shown,
  way,
  items,
  goods,
}: AddressFormProps & { way: 'self-sdek' | 'self-boxberry' }) {
  const t = useT();
  const shop = useShop();
  const carrier = pickupCarrier(way);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [cityPopup, setCityPopup] = useState(false);
  const [city, setCity] = useState<{ code: number; name: string } | null>(null);
  const pvz = state.pvz && state.pvz.carrier === carrier ? state.pvz : null;
  const { update, setPvz } = state;

  useEffect(() => {
    setCity(readCity());
  }, []);

  // A point chosen for the other carrier does not count for this method.
  useEffect(() => {
    update({ pvzCode: pvz ? pvz.code : null });
  }, [pvz, update]);

  const weight = parcelWeight(items);
  const cityCode = pvz?.location.cityCode ?? null;
  useDeliveryQuote(state, cityCode ? `${carrier}:${cityCode}:${weight}:${goods}` : null, (signal) =>
    fetch(
      carrier === 'sdek'
        ? `/api/sdek/price?receiverCityId=${cityCode}&weight=${weight}&summ=${goods / 100}&lang=${shop.locale}`
        : `/api/boxberry/price?city_code=${cityCode}&weight=${weight}&summ=${goods / 100}&lang=${shop.locale}`,
      { signal },
    ),
  );

  const cityName = city?.name ?? 'Москва';
  return (
    <div className="checkout-form__fields">
      <p className="checkout-form__line">
        {t('city.current', { city: cityName })}{' '}
        <button type="button" className="link-button" onClick={() => setCityPopup(true)}>
          {t('city.change')}
        </button>
      </p>
      {pvz ? (
        <div className="pvz-card">
          <p className="pvz-card__name">{pvz.name}</p>
          <p className="pvz-card__address">{pvz.location.addressFull}</p>
          <p className="pvz-card__hours">{pvz.workTime}</p>
        </div>
      ) : null}
      <button type="button" className="button button--light" onClick={() => setPickerOpen(true)}>
        {pvz ? t('checkout.pvzChange') : t('checkout.pvzChoose')}
      </button>
      {!pvz && shown('pvz') ? <p className="field__error">{errorOf('pvz')}</p> : null}
      <QuoteNote quote={state.quote} />
      <PickerDialog
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        title={t('checkout.pvzCity', { city: cityName })}
      >
        {pickerOpen ? (
          <Suspense fallback={<p className="panel__loading">{t('checkout.loading')}</p>}>
            <PickupPicker
              carrier={carrier}
              city={city ? { code: city.code, name: city.name } : null}
              selectedCode={pvz?.code ?? null}
              onSelect={(point: PickupPoint, chosenCity: { code: number; name: string }) => {
                setPvz(point);
                setCity({ code: chosenCity.code, name: chosenCity.name });
                writeCity({ code: chosenCity.code, name: chosenCity.name });
                setPickerOpen(false);
              }}
              onClose={() => setPickerOpen(false)}
            />
          </Suspense>
        ) : null}
      </PickerDialog>
      <CityPopup
        open={cityPopup}
        current={city}
        onClose={() => setCityPopup(false)}
        onSave={(chosen) => {
          setCity(chosen);
          writeCity(chosen);
          if (pvz && pvz.location.cityCode !== chosen.code) setPvz(null);
          setCityPopup(false);
        }}
      />
    </div>
  );
}
