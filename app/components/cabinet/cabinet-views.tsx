import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PHONE_MASK } from '../../../core/checkout/phone-masks.ts';
import { formatMoney, rub } from '../../../core/money.ts';
import { type MessageKey, useLocale, useT } from '../../i18n/index.ts';
import {
  type CabinetOrder,
  callApi,
  formatPhone,
  type SavedAddress,
  type UserView,
} from '../../lib/account.ts';
import { type CityChoice, CityField } from '../checkout/city-field.tsx';
import { PhoneField } from '../checkout/phone-field.tsx';
import { ReturnToggle } from '../returns/return-request.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** 'Мои покупки': the shopper's orders with their lines, sums, state and dates. */
export function OrdersView() {
  const t = useT();
  const locale = useLocale();
  const [orders, setOrders] = useState<CabinetOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void callApi<CabinetOrder[]>('GET', '/api/user/orders', locale).then((answer) => {
      if (!live) return;
      if (answer.ok) setOrders(answer.data);
      else setError(answer.message);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (error)
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  if (!orders) return <p className="form__text">…</p>;
  if (orders.length === 0)
    return (
      <div className="cabinet__empty">
        <p className="form__text">{t('cabinet.noOrders')}</p>
        <Link className="button button--dark" to={locale === 'en' ? '/en/catalog' : '/catalog'}>
          {t('cabinet.toCatalogue')}
        </Link>
      </div>
    );
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });
  return (
    <ul className="cabinet-orders">
      {orders.map((order) => (
        <li key={order.orderID} className="cabinet-order">
          <div className="cabinet-order__head">
            <h3 className="cabinet-order__title">{t('cabinet.order', { n: order.orderID })}</h3>
            <span className={`cabinet-order__status cabinet-order__status--${order.status}`}>
              {t(`cabinet.status.${order.status}` as MessageKey)}
            </span>
          </div>
          <p className="cabinet-order__meta">
            <time dateTime={order.createdAt}>{date.format(new Date(order.createdAt))}</time>
            {order.city || order.address
              ? ` · ${[order.city, order.address].filter(Boolean).join(', ')}`
              : ''}
          </p>
          <ul className="cabinet-order__lines">
            {order.products.map((line) => (
              <li key={line._id} className="cabinet-order__line">
                <span>
                  {line.name}
                  {line.size ? `, ${line.size}` : ''} × {line.count}
                </span>
                <span>{formatMoney(rub(line.price * line.count), locale)}</span>
              </li>
            ))}
          </ul>
          <dl className="cabinet-order__sums">
            <div>
              <dt>{t('cabinet.orderDelivery')}</dt>
              <dd>{formatMoney(rub(order.deliveryPrice), locale)}</dd>
            </div>
            <div className="cabinet-order__total">
              <dt>{t('cabinet.orderTotal')}</dt>
              <dd>{formatMoney(rub(order.total), locale)}</dd>
            </div>
          </dl>
          {/* A received order may be returned or exchanged (docs/product/returns.md). */}
          {order.status === 'delivered' ? <ReturnToggle orderID={order.orderID} locale={locale} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Персональные данные' (catalogue.md §5): name, e-mail and phone required; e-mail and phone locked
 * once present. A missing phone is confirmed with a code.
 */
export function ProfileView({ user, onSaved }: { user: UserView; onSaved(user: UserView): void }) {
  const t = useT();
  const locale = useLocale();
  const [name, setName] = useState(user.name);
  const [secondName, setSecondName] = useState(user.secondName);
  const [email, setEmail] = useState(user.email ?? '');
  const [birthDate, setBirthDate] = useState(user.birthDate ?? '');
  const [phone, setPhone] = useState({
    digits: '7',
    mask: DEFAULT_PHONE_MASK.mask,
    country: DEFAULT_PHONE_MASK.cc,
  });
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const errors = {
    name: name.trim() ? null : t('cabinet.required'),
    email: user.email
      ? null
      : !email.trim()
        ? t('cabinet.required')
        : EMAIL.test(email.trim())
          ? null
          : t('cabinet.emailInvalid'),
    phone: user.phone ? null : phone.digits.length < 10 ? t('cabinet.required') : null,
    code: user.phone ? null : /^\d{4}$/.test(code) ? null : t('cabinet.required'),
  };

  async function sendCode() {
    setBusy(true);
    const init = await callApi<string>('GET', '/api/auth/init', locale);
    const sent = init.ok
      ? await callApi(
          'POST',
          '/api/auth/get-code?isBySMS=true',
          locale,
          { phone: phone.digits },
          { 'init-token': init.data },
        )
      : init;
    setBusy(false);
    if (sent.ok) setCodeSent(true);
    else setMessage({ error: true, text: sent.message });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    const answer = await callApi<UserView>('POST', '/api/user/update', locale, {
      name: name.trim(),
      secondName: secondName.trim(),
      birthDate: birthDate || null,
      ...(user.email ? {} : { email: email.trim() }),
      ...(user.phone ? {} : { phone: phone.digits, code }),
    });
    setBusy(false);
    if (answer.ok) {
      setMessage({ error: false, text: t('cabinet.saved') });
      onSaved(answer.data);
    } else setMessage({ error: true, text: answer.message });
  }

  const fieldError = (key: keyof typeof errors) =>
    tried && errors[key] ? (
      <p className="field__error" role="alert">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form className="form cabinet-form" onSubmit={submit} noValidate>
      <div className="cabinet-form__row">
        <label className={`field${tried && errors.name ? ' field--invalid' : ''}`}>
          <span className="field__label">{t('cabinet.name')} *</span>
          <input
            className="field__input"
            autoComplete="given-name"
            maxLength={60}
            value={name}
            aria-invalid={tried && Boolean(errors.name)}
            onChange={(e) => setName(e.target.value)}
          />
          {fieldError('name')}
        </label>
        <label className="field">
          <span className="field__label">{t('cabinet.secondName')}</span>
          <input
            className="field__input"
            autoComplete="family-name"
            maxLength={60}
            value={secondName}
            onChange={(e) => setSecondName(e.target.value)}
          />
        </label>
      </div>
      <label className={`field${tried && errors.email ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('cabinet.email')} *</span>
        <input
          className="field__input"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          readOnly={Boolean(user.email)}
          aria-describedby={user.email ? 'cabinet-email-locked' : undefined}
          aria-invalid={tried && Boolean(errors.email)}
          onChange={(e) => setEmail(e.target.value)}
        />
        {user.email ? (
          <span id="cabinet-email-locked" className="field__hint">
            {t('cabinet.locked')}
          </span>
        ) : (
          fieldError('email')
        )}
      </label>
      {user.phone ? (
        <label className="field">
          <span className="field__label">{t('cabinet.phone')} *</span>
          <input
            className="field__input"
            value={formatPhone(user.phone)}
            readOnly
            aria-describedby="cabinet-phone-locked"
          />
          <span id="cabinet-phone-locked" className="field__hint">
            {t('cabinet.locked')}
          </span>
        </label>
      ) : (
        <>
          <PhoneField
            digits={phone.digits}
            mask={phone.mask}
            country={phone.country}
            onChange={(next) => {
              setPhone(next);
              setCodeSent(false);
            }}
            error={errors.phone}
            showError={tried}
          />
          {codeSent ? (
            <label className={`field${tried && errors.code ? ' field--invalid' : ''}`}>
              <span className="field__label">{t('cabinet.phoneCode')} *</span>
              <input
                className="field__input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
              />
              {fieldError('code')}
            </label>
          ) : (
            <>
              <button
                type="button"
                className="button button--light"
                disabled={busy || phone.digits.length < 10}
                onClick={() => void sendCode()}
              >
                {t('cabinet.confirmPhone')}
              </button>
              {tried && phone.digits.length >= 10 ? (
                <p className="field__error" role="alert">
                  {t('cabinet.confirmPhoneFirst')}
                </p>
              ) : null}
            </>
          )}
        </>
      )}
      <label className="field">
        <span className="field__label">{t('cabinet.birthDate')}</span>
        <input
          className="field__input"
          type="date"
          autoComplete="bday"
          value={birthDate}
          onChange={(e) => setBirthDate(e.target.value)}
        />
      </label>
      {message ? (
        <p className={message.error ? 'form__error' : 'form__text'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      <button type="submit" className="button button--dark" disabled={busy}>
        {t('cabinet.save')}
      </button>
    </form>
  );
}

type AddressDraft = Omit<SavedAddress, 'id' | 'cityID'> & { id?: number; cityID: number | null };

const emptyAddress = (): AddressDraft => ({
  country: 'Россия',
  countryId: 1,
  postcode: '',
  city: '',
  cityID: null,
  street: '',
  house: '',
  entrance: '',
  floor: '',
  room: '',
});

/** The cabinet's city suggestions (`POST /api/wg-cities`). */
async function searchCabinetCities(query: string, signal: AbortSignal): Promise<CityChoice[]> {
  const res = await fetch('/api/wg-cities', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal,
  });
  if (!res.ok) throw new Error(`status ${res.status}`);
  const body = (await res.json()) as {
    data: { cityName: string; fullName: string; id: number; postCodeArray: string[] }[];
  };
  return body.data.map((c) => ({
    code: c.id,
    name: c.cityName,
    detail: c.fullName,
    countryCode: 'RU',
    postcode: c.postCodeArray[0] ?? '',
  }));
}

/**
 * 'Адреса доставки' (catalogue.md §5): city chosen from the list, street and house required; save is
 * disabled until the address is edited and the city chosen.
 */
export function AddressesView({ user, onSaved }: { user: UserView; onSaved(user: UserView): void }) {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState<AddressDraft | null>(null);
  const [cityText, setCityText] = useState('');
  const [edited, setEdited] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function open(address: AddressDraft) {
    setDraft(address);
    setCityText(address.city);
    setEdited(false);
    setMessage(null);
  }

  function change(patch: Partial<AddressDraft>) {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setEdited(true);
  }

  const cityChosen = Boolean(draft?.cityID) && cityText === draft?.city;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!cityChosen) {
      setMessage(t('cabinet.chooseCity'));
      return;
    }
    if (!draft.street.trim() || !draft.house.trim() || !draft.country.trim()) {
      setMessage(t('cabinet.incomplete'));
      return;
    }
    setBusy(true);
    const answer = await callApi<UserView>('POST', '/api/user/update', locale, { address: draft });
    setBusy(false);
    if (answer.ok) {
      onSaved(answer.data);
      setDraft(null);
    } else setMessage(answer.message);
  }

  async function remove(address: SavedAddress) {
    if (!window.confirm(t('cabinet.removeConfirm'))) return;
    const answer = await callApi<{ addresses: SavedAddress[] }>('POST', '/api/user/remove-address', locale, {
      id: address.id,
    });
    if (answer.ok) onSaved({ ...user, addresses: answer.data.addresses });
    else window.alert(answer.message);
  }

  if (draft) {
    const text = (
      key: 'street' | 'house' | 'entrance' | 'floor' | 'room',
      label: string,
      required = false,
    ) => (
      <label className="field">
        <span className="field__label">
          {label}
          {required ? ' *' : ''}
        </span>
        <input
          className="field__input"
          maxLength={key === 'street' ? 200 : key === 'house' ? 20 : 10}
          value={draft[key]}
          required={required}
          onChange={(e) => change({ [key]: e.target.value })}
        />
      </label>
    );
    return (
      <form className="form cabinet-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('cabinet.country')} *</span>
          <input className="field__input" value={draft.country} readOnly />
        </label>
        <CityField
          label={t('cabinet.city')}
          text={cityText}
          chosen={draft.cityID ? draft.city : null}
          search={searchCabinetCities}
          onText={(value) => {
            setCityText(value);
            setEdited(true);
          }}
          onChoose={(city) => {
            setCityText(city.name);
            change({
              city: city.name,
              cityID: city.code,
              postcode: (city as CityChoice & { postcode?: string }).postcode ?? '',
            });
          }}
          error={cityChosen ? null : t('cabinet.cityFromList')}
          showError={cityText.length > 0 && !cityChosen}
          hint={null}
        />
        {text('street', t('cabinet.street'), true)}
        <div className="cabinet-form__row cabinet-form__row--four">
          {text('house', t('cabinet.house'), true)}
          {text('entrance', t('cabinet.entrance'))}
          {text('floor', t('cabinet.floor'))}
          {text('room', t('cabinet.room'))}
        </div>
        {message ? (
          <p className="form__error" role="alert">
            {message}
          </p>
        ) : null}
        <div className="cabinet-form__actions">
          <button type="submit" className="button button--dark" disabled={busy || !edited || !cityChosen}>
            {t('cabinet.save')}
          </button>
          <button type="button" className="button button--light" onClick={() => setDraft(null)}>
            {t('cabinet.cancel')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="cabinet-addresses">
      {user.addresses.length === 0 ? <p className="form__text">{t('cabinet.noAddresses')}</p> : null}
      <ul className="cabinet-addresses__list">
        {user.addresses.map((a) => (
          <li key={a.id} className="cabinet-address">
            <p className="cabinet-address__text">
              {[a.postcode, a.city, a.street, a.house && `д. ${a.house}`, a.room && `кв. ${a.room}`]
                .filter(Boolean)
                .join(', ')}
            </p>
            <div className="cabinet-address__actions">
              <button type="button" className="link-button" onClick={() => open(a)}>
                {t('cabinet.editAddress')}
              </button>
              <button type="button" className="link-button" onClick={() => void remove(a)}>
                {t('cabinet.removeAddress')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--dark" onClick={() => open(emptyAddress())}>
        {t('cabinet.addAddress')}
      </button>
    </div>
  );
}

const channels = ['sms', 'email', 'sms-email', 'none'] as const;

/** 'Настройки': the channel for order notifications (catalogue.md §3). */
export function SettingsView({ user, onSaved }: { user: UserView; onSaved(user: UserView): void }) {
  const t = useT();
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  async function save(patch: {
    notificationChannel?: (typeof channels)[number];
    marketingConsent?: boolean;
  }) {
    setSaved(false);
    setError(null);
    const answer = await callApi<UserView>('POST', '/api/user/update', locale, patch);
    if (answer.ok) {
      onSaved(answer.data);
      setSaved(true);
    } else setError(answer.message);
  }
  const choose = (channel: (typeof channels)[number]) => save({ notificationChannel: channel });
  return (
    <fieldset className="cabinet-settings">
      <legend className="field__label">{t('cabinet.channel')}</legend>
      {channels.map((c) => (
        <label key={c} className="radio">
          <input
            type="radio"
            name="channel"
            value={c}
            checked={user.notificationChannel === c}
            onChange={() => void choose(c)}
          />
          <span>{t(`cabinet.channel.${c}` as MessageKey)}</span>
        </label>
      ))}
      {/* 38-FZ: marketing (cart reminders, offers) only with this box ticked; unticking withdraws it. */}
      <label className="checkbox cabinet-settings__marketing">
        <input
          type="checkbox"
          name="marketingConsent"
          checked={user.marketingConsent}
          onChange={(e) => void save({ marketingConsent: e.currentTarget.checked })}
        />
        <span>{t('cabinet.marketingConsent')}</span>
      </label>
      {saved ? (
        <p className="form__text" role="status">
          {t('cabinet.saved')}
        </p>
      ) : null}
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
