import { lazy, Suspense, useEffect, useId, useState } from 'react';
import {
  type GuestField,
  missingAddressFields,
  missingContactFields,
  signedInEmailOptional,
  type ValidityContext,
} from '../../../core/checkout/checkout.rules.ts';
import {
  deliveryTimeSlots,
  type GetWay,
  isFreeDelivery,
  isMoscowWay,
  isPickupWay,
  parcelWeight,
  pickupCarrier,
} from '../../../core/delivery/delivery.rules.ts';
import type { MoscowPriceView, PickupPoint } from '../../../core/delivery/delivery.types.ts';
import type { WireDeliveryQuote } from '../../../core/delivery/delivery.wire.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { kopecksFromWire } from '../../../core/wire.ts';
import { type MessageKey, useT } from '../../i18n/index.ts';
import type { SavedAddress } from '../../lib/account.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { readCity, writeCity } from '../../lib/shop-cookies.ts';
import { useShop } from '../../shop-context.ts';
import { useOpenCabinet } from '../cabinet/cabinet-context.ts';
import { CloseIcon } from '../icons.tsx';
import { AddressField } from './address-field.tsx';
import { formatDate } from './checkout-date.ts';
import type { CheckoutState, QuoteState } from './checkout-state.ts';
import { type CityChoice, CityField, searchRussianCities, searchWorldCities } from './city-field.tsx';
import { CityPopup } from './city-popup.tsx';
import { PhoneField } from './phone-field.tsx';

const PickupPicker = lazy(() => import('./pickup-picker.tsx').then((m) => ({ default: m.PickupPicker })));
const MoscowMap = lazy(() => import('./moscow-map.tsx').then((m) => ({ default: m.MoscowMap })));

export interface CheckoutFormProps {
  state: CheckoutState;
  getWay: GetWay;
  ways: GetWay[];
  /** The parts shown: the delivery part from step 1, the recipient from step 2, the summary at 3. */
  parts: { getway: boolean; details: boolean; payment: boolean };
  ctx: ValidityContext;
  /** Garments in the cart and their value (kopecks), for the carriers' quotes. */
  items: number;
  goods: number;
  /** The goods after the promo discount (kopecks): free delivery is judged on it (DECISIONS 33). */
  goodsAfterPromo: number;
  /** Field errors are shown once the shopper tried to go on. */
  showAllErrors: boolean;
  onWayChange(way: GetWay): void;
  /** The quick-order window: the method list starts collapsed (checkout.md §4). */
  quick?: boolean;
}

const fieldErrorKey: Record<GuestField, MessageKey> = {
  fullName: 'checkout.error.fullName',
  phone: 'checkout.error.phone',
  email: 'checkout.error.email',
  city: 'checkout.error.city',
  address: 'checkout.error.address',
  room: 'checkout.error.room',
  pvz: 'checkout.error.pvz',
  date: 'checkout.error.date',
  time: 'checkout.error.time',
};

/** The order form: delivery method and address, recipient, and the summary before payment. */
export function CheckoutForm(props: CheckoutFormProps) {
  const { state, getWay, parts, ctx, showAllErrors } = props;
  const t = useT();
  const shop = useShop();
  const openCabinet = useOpenCabinet();
  const missing = new Set<GuestField>([
    ...missingAddressFields(getWay, state.form, ctx),
    ...missingContactFields(state.form, shop.user ? { way: getWay } : null),
  ]);
  const [touched, setTouched] = useState<Set<GuestField>>(new Set());
  const touch = (field: GuestField) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  const errorOf = (field: GuestField) => (missing.has(field) ? t(fieldErrorKey[field]) : null);
  const shown = (field: GuestField) => showAllErrors || touched.has(field);

  return (
    <div className="checkout-form">
      {parts.getway ? (
        <section className="checkout-form__part" data-step-part="1" aria-labelledby="checkout-way-title">
          <h3 id="checkout-way-title" className="checkout-form__title checkout-form__title--step">
            {t('checkout.ways')}
          </h3>
          <DeliveryMethods
            ways={props.ways}
            value={getWay}
            onChange={props.onWayChange}
            goods={props.goodsAfterPromo}
            quick={parts.details || Boolean(props.quick)}
          />
          <AddressPart {...props} errorOf={errorOf} shown={shown} touch={touch} />
        </section>
      ) : null}
      {parts.details ? (
        <section
          className="checkout-form__part"
          data-step-part="2"
          aria-labelledby="checkout-recipient-title"
        >
          <h3 id="checkout-recipient-title" className="checkout-form__title checkout-form__title--step">
            {t('checkout.step.details')}
          </h3>
          {shop.user ? null : (
            <button
              type="button"
              className="link-button checkout-form__sign-in"
              onClick={() => openCabinet()}
            >
              {t('checkout.signIn')}
            </button>
          )}
          <TextField
            label={t('checkout.fullName')}
            required
            autoComplete="name"
            value={state.form.fullName}
            onChange={(fullName) => state.update({ fullName })}
            onBlur={() => touch('fullName')}
            error={shown('fullName') ? errorOf('fullName') : null}
          />
          <PhoneField
            digits={state.form.phone}
            mask={state.form.phoneMask}
            country={state.form.phoneCountry}
            onChange={({ digits, mask, country }) => {
              state.update({ phone: digits, phoneMask: mask, phoneCountry: country });
              if (digits.length > 4) touch('phone');
            }}
            error={errorOf('phone')}
            showError={shown('phone') && state.form.phone.length > 1}
          />
          <TextField
            label={t('checkout.email')}
            required={!shop.user || !signedInEmailOptional(getWay)}
            type="email"
            autoComplete="email"
            value={state.form.email}
            onChange={(email) => state.update({ email })}
            onBlur={() => touch('email')}
            error={shown('email') ? errorOf('email') : null}
          />
          <TextField
            label={t('checkout.comment')}
            multiline
            value={state.form.comment}
            onChange={(comment) => state.update({ comment: comment.slice(0, 1000) })}
          />
          <p className="checkout-form__note">{t('checkout.requiredNote')}</p>
        </section>
      ) : null}
      {parts.payment ? <OrderSummary state={state} getWay={getWay} /> : null}
    </div>
  );
}

/**
 * The method list (checkout.md §4). In the quick variant it is collapsed to the current choice with
 * a button to open it; choosing a method collapses it again.
 */
function DeliveryMethods({
  ways,
  value,
  onChange,
  goods,
  quick,
}: {
  ways: GetWay[];
  value: GetWay;
  onChange(way: GetWay): void;
  goods: number;
  quick: boolean;
}) {
  const t = useT();
  const shop = useShop();
  const name = useId();
  const [expanded, setExpanded] = useState(false);
  const money = (kopecks: number) =>
    formatMoney(priceInCurrency(kopecks, shop.currency, shop.rates), shop.locale);
  const free = isFreeDelivery(goods, shop.delivery.freeDeliveryMin, shop.locale);
  const collapsed = quick && !expanded;
  return (
    <fieldset className="ways plain-fieldset">
      <legend className="visually-hidden">{t('checkout.ways')}</legend>
      {collapsed ? (
        <div className="way way--active way--collapsed">
          <span className="way__text">
            <span className="way__title">{wayTexts(value, shop, t, money, free).title}</span>
          </span>
          <button type="button" className="link-button" onClick={() => setExpanded(true)}>
            {t('checkout.way.change')}
          </button>
        </div>
      ) : null}
      {(collapsed ? [] : ways).map((way) => {
        const { title, note, price } = wayTexts(way, shop, t, money, free);
        return (
          <label key={way} className={`way${way === value ? ' way--active' : ''}`}>
            <input
              type="radio"
              name={name}
              value={way}
              checked={way === value}
              onChange={() => {
                onChange(way);
                setExpanded(false);
              }}
              className="way__radio"
            />
            <span className="way__text">
              <span className="way__title">{title}</span>
              <span className="way__note">{note}</span>
            </span>
            {price ? <span className="way__price">{price}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

function wayTexts(
  way: GetWay,
  shop: ReturnType<typeof useShop>,
  t: ReturnType<typeof useT>,
  money: (kopecks: number) => string,
  free: boolean,
): { title: string; note: string; price: string | null } {
  const texts = shop.delivery.texts;
  switch (way) {
    case 'delivery-sdek':
      return shop.locale === 'en'
        ? {
            title: t('checkout.way.delivery-sdek.en'),
            note: t('checkout.way.delivery-sdek.en.note'),
            price: null,
          }
        : {
            title: t('checkout.way.delivery-sdek'),
            note: t('checkout.way.delivery-sdek.note'),
            price: free ? t('cart.deliveryFree') : null,
          };
    case 'self-sdek':
    case 'self-boxberry':
      return {
        title: t(`checkout.way.${way}`),
        note: t(`checkout.way.${way}.note`),
        price: free ? t('cart.deliveryFree') : null,
      };
    case 'moscow':
      return {
        title: texts.moscow.title,
        note: texts.moscow.subtitle,
        price: `${money(shop.delivery.moscowDeliveryPrice)}`,
      };
    case 'moscow-try':
      return {
        title: texts['moscow-try'].title,
        note: texts['moscow-try'].subtitle,
        price:
          shop.delivery.moscowTryDeliveryPrice === null
            ? null
            : `${money(shop.delivery.moscowTryDeliveryPrice)}`,
      };
    case 'self':
      return {
        title: texts.self.title,
        note: texts.self.subtitle,
        price: t('cart.deliveryFree'),
      };
  }
}

type PartProps = CheckoutFormProps & {
  errorOf(field: GuestField): string | null;
  shown(field: GuestField): boolean;
  touch(field: GuestField): void;
};

function AddressPart(props: PartProps) {
  const { getWay } = props;
  if (getWay === 'delivery-sdek') return <CourierAddress {...props} />;
  if (isPickupWay(getWay)) return <PickupAddress {...props} way={getWay} />;
  if (isMoscowWay(getWay)) return <MoscowAddress {...props} way={getWay} />;
  return null;
}

/** Loads a quote into the checkout state; stale answers are dropped. */
function useQuote(
  state: CheckoutState,
  key: string | null,
  fetchQuote: (signal: AbortSignal) => Promise<Response>,
) {
  const { setQuote } = state;
  const fetchRef = useLatest(fetchQuote);
  useEffect(() => {
    if (key === null) {
      setQuote({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setQuote({ status: 'loading' });
    fetchRef
      .current(controller.signal)
      .then(async (res) => {
        const body = (await res.json()) as { result: boolean; data?: WireDeliveryQuote; message?: string };
        if (controller.signal.aborted) return;
        if (body.result && body.data) {
          setQuote({
            status: 'ready',
            price: kopecksFromWire(body.data.price),
            periodMin: body.data.periodMin,
            periodMax: body.data.periodMax,
            maxDate: body.data.deliveryMaxDate,
          });
        } else {
          setQuote({ status: 'refused', message: body.message ?? '' });
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) setQuote({ status: 'refused', message: '' });
      });
    return () => controller.abort();
  }, [key, setQuote, fetchRef]);
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

function CourierAddress({ state, errorOf, shown, touch, items, goods }: PartProps) {
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
  useQuote(state, key, (signal) =>
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

function PickupAddress({
  state,
  errorOf,
  shown,
  way,
  items,
  goods,
}: PartProps & { way: 'self-sdek' | 'self-boxberry' }) {
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
  useQuote(state, cityCode ? `${carrier}:${cityCode}:${weight}:${goods}` : null, (signal) =>
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

function PickerDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const ref = useModalDialog(open);
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="picker-dialog"
      aria-labelledby={id}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="picker-dialog__head">
        <h3 id={id} className="picker-dialog__title">
          {title}
        </h3>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}

function MoscowAddress({
  state,
  errorOf,
  shown,
  touch,
  way,
  ctx,
}: PartProps & { way: 'moscow' | 'moscow-try' }) {
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

function QuoteNote({
  quote,
  savedAddress = null,
}: {
  quote: QuoteState;
  savedAddress?: SavedAddress | null;
}) {
  const t = useT();
  if (quote.status === 'loading') return <p className="checkout-form__quote">{t('checkout.loading')}</p>;
  if (quote.status === 'refused' && (quote.message || savedAddress)) {
    return (
      <p className="checkout-form__quote checkout-form__quote--error" role="alert">
        {/* checkout.md §8: a saved address whose city cannot be priced asks for another address. */}
        {savedAddress ? t('checkout.savedAddressFailed') : quote.message}
      </p>
    );
  }
  return null;
}

const MOSCOW_CITY_ID = 44;

/** The saved address the form currently holds, if it still matches one. */
function savedChosen(state: CheckoutState, addresses: SavedAddress[]): SavedAddress | null {
  const { form } = state;
  return (
    addresses.find(
      (a) => a.cityID === form.city?.code && streetLine(a) === form.address && a.room === form.room,
    ) ?? null
  );
}

function streetLine(a: SavedAddress): string {
  return [
    a.street,
    a.house && `д. ${a.house}`,
    a.entrance && `под. ${a.entrance}`,
    a.floor && `эт. ${a.floor}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * A signed-in shopper's saved addresses (checkout.md §1, §5): choosing one fills the city, address and
 * apartment; 'Другой адрес' leaves the fields to type. A saved city unknown to the carrier reads
 * 'Город не определен'.
 */
function SavedAddressPicker({
  state,
  addresses,
  withCity,
  onChoose,
}: {
  state: CheckoutState;
  addresses: SavedAddress[];
  withCity: boolean;
  onChoose?(address: SavedAddress | null): void;
}) {
  const t = useT();
  const id = useId();
  if (addresses.length === 0) return null;
  const { form, update } = state;
  const current = addresses.find(
    (a) =>
      streetLine(a) === form.address && a.room === form.room && (!withCity || a.cityID === form.city?.code),
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('checkout.savedAddress')}
      </label>
      <select
        id={id}
        className="field__input field__select--wide"
        value={current ? String(current.id) : ''}
        onChange={(e) => {
          const chosen = addresses.find((a) => String(a.id) === e.target.value) ?? null;
          onChoose?.(chosen);
          if (!chosen) {
            update({ address: '', room: '' });
            return;
          }
          update({
            address: streetLine(chosen),
            room: chosen.room,
            ...(withCity
              ? {
                  city: { code: chosen.cityID, name: chosen.city, countryCode: 'RU' },
                  cityText: chosen.city,
                }
              : {}),
          });
        }}
      >
        <option value="">{t('checkout.newAddress')}</option>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {[a.city || t('checkout.cityUnknown'), streetLine(a), a.room && `кв. ${a.room}`]
              .filter(Boolean)
              .join(', ')}
          </option>
        ))}
      </select>
    </div>
  );
}

function OrderSummary({ state, getWay }: { state: CheckoutState; getWay: GetWay }) {
  const t = useT();
  const shop = useShop();
  const { form, pvz } = state;
  const way = wayTexts(getWay, shop, t, String, false).title;
  const place = isPickupWay(getWay)
    ? pvz?.location.addressFull
    : getWay === 'self'
      ? shop.delivery.texts.self.subtitle
      : [form.city?.name ?? (isMoscowWay(getWay) ? 'Москва' : ''), form.address, form.room]
          .filter(Boolean)
          .join(', ');
  const when = isMoscowWay(getWay) ? `${formatDate(form.date, shop.locale)}, ${form.time}` : null;
  return (
    <section className="checkout-form__part" data-step-part="3" aria-labelledby="checkout-summary-title">
      <h3 id="checkout-summary-title" className="checkout-form__title">
        {t('checkout.summary.title')}
      </h3>
      <dl className="summary">
        <dt>{t('checkout.summary.delivery')}</dt>
        <dd>
          {way}
          {place ? <span className="summary__detail">{place}</span> : null}
          {when ? <span className="summary__detail">{when}</span> : null}
        </dd>
        <dt>{t('checkout.summary.recipient')}</dt>
        <dd>
          {form.fullName}
          <span className="summary__detail">
            +{form.phone} · {form.email}
          </span>
          {form.comment ? <span className="summary__detail">{form.comment}</span> : null}
        </dd>
      </dl>
    </section>
  );
}

function TextField({
  label,
  value,
  onChange,
  onBlur,
  error = null,
  hint,
  required = false,
  type = 'text',
  autoComplete,
  multiline = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className="field__input field__input--area"
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      ) : (
        <input
          id={id}
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          required={required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
