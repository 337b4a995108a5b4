import { type FormEvent, useEffect, useId, useState } from 'react';
import { appContext } from '#app-context';
import { type Locale, localeFromPath } from '../../core/i18n.ts';
import type { WireOrderStatus } from '../../core/orders/order-status.wire.ts';
import { ReturnToggle } from '../components/returns/return-request.tsx';
import { translate } from '../i18n/index.ts';
import { seoMeta } from '../lib/seo.ts';
import { useShop } from '../shop-context.ts';
import type { Route } from './+types/status';

export function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  return { locale, canonical: `${publicUrl}${locale === 'en' ? '/en' : ''}/status`, publicUrl };
}

const texts = {
  ru: {
    title: 'Статус заказа',
    description:
      'Узнайте состояние заказа, способ доставки и номер для отслеживания по номеру заказа и телефону или e-mail.',
    intro: 'Введите номер заказа и телефон или e-mail, указанные при оформлении.',
    number: 'Номер заказа',
    contact: 'Телефон или e-mail',
    submit: 'Узнать статус',
    checking: 'Проверяем…',
    order: 'Заказ № {n}',
    state: 'Состояние',
    updated: 'Обновлён',
    delivery: 'Доставка',
    city: 'Город',
    pickup: 'Пункт выдачи',
    date: 'Дата доставки',
    tracking: 'Отслеживание',
    track: 'Отследить посылку',
    noTracking: 'Номер для отслеживания появится, когда заказ передадут в службу доставки.',
    failed: 'Не удалось связаться с магазином. Проверьте подключение и попробуйте ещё раз.',
    numberError: 'Укажите номер заказа цифрами',
    contactError: 'Укажите телефон или e-mail',
    returnHint:
      'Чтобы вернуть или обменять товары, введите телефон или e-mail заказа и нажмите «Узнать статус».',
  },
  en: {
    title: 'Order status',
    description:
      'Check an order’s state, delivery and tracking number by the order number with its phone or e-mail.',
    intro: 'Enter the order number and the phone or e-mail given with the order.',
    number: 'Order number',
    contact: 'Phone or e-mail',
    submit: 'Check status',
    checking: 'Checking…',
    order: 'Order No. {n}',
    state: 'State',
    updated: 'Updated',
    delivery: 'Delivery',
    city: 'City',
    pickup: 'Pickup point',
    date: 'Delivery date',
    tracking: 'Tracking',
    track: 'Track the parcel',
    noTracking: 'The tracking number appears once the order is handed to the carrier.',
    failed: 'Could not reach the shop. Check the connection and try again.',
    numberError: 'Enter the order number in digits',
    contactError: 'Enter the phone or e-mail',
    returnHint: 'To return or exchange items, enter the order’s phone or e-mail and press “Check status”.',
  },
} as const;

const statusNames: Record<Locale, Record<WireOrderStatus['status'], string>> = {
  ru: {
    new: 'Создан',
    awaiting_payment: 'Ожидает оплаты',
    paid: 'Оплачен, готовится к отправке',
    confirmed: 'Подтверждён, готовится к отправке',
    shipped: 'Передан в доставку',
    ready_for_pickup: 'Ждёт в пункте выдачи',
    delivered: 'Получен',
    cancelled: 'Отменён',
    payment_failed: 'Не оплачен',
  },
  en: {
    new: 'Placed',
    awaiting_payment: 'Awaiting payment',
    paid: 'Paid, being prepared',
    confirmed: 'Confirmed, being prepared',
    shipped: 'Handed to the carrier',
    ready_for_pickup: 'Waiting at the pickup point',
    delivered: 'Received',
    cancelled: 'Cancelled',
    payment_failed: 'Not paid',
  },
};

const wayNames: Record<Locale, Record<string, string>> = {
  ru: {
    'delivery-sdek': 'Курьером СДЭК',
    'self-sdek': 'Пункт выдачи СДЭК',
    'self-boxberry': 'Пункт выдачи Boxberry',
    moscow: 'Курьером по Москве',
    'moscow-try': 'Курьером по Москве с примеркой',
    self: 'Самовывоз из шоурума',
  },
  en: {
    'delivery-sdek': 'Courier',
    'self-sdek': 'CDEK pickup point',
    'self-boxberry': 'Boxberry pickup point',
    moscow: 'Courier in Moscow',
    'moscow-try': 'Courier in Moscow with fitting',
    self: 'Showroom pickup',
  },
};

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const text = texts[d.locale];
  return seoMeta(d.publicUrl, {
    locale: d.locale,
    title: `${text.title} | ${translate(d.locale, 'meta.title')}`,
    socialTitle: text.title,
    description: text.description,
    path: `${d.locale === 'en' ? '/en' : ''}/status`,
  });
}

type Lookup =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'found'; order: WireOrderStatus; contact: string }
  | { state: 'refused'; message: string };

/**
 * DECISIONS 29: the order-status lookup. The number with the phone or e-mail shows the order's state,
 * delivery and tracking; the server refuses a missing order and a wrong contact with the same words.
 */
export default function Status({ loaderData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const text = texts[locale];
  const shop = useShop();
  const id = useId();
  const [number, setNumber] = useState('');
  const [contact, setContact] = useState('');
  const [tried, setTried] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const numberError = /^\s*\d{1,10}\s*$/.test(number) ? null : text.numberError;
  const contactError = contact.trim().length >= 3 ? null : text.contactError;

  /** Asks by the contact typed, or by the key of the order's signed link (its messages link here). */
  async function ask(query: { orderID: number; contact: string } | { orderID: number; key: string }) {
    setLookup({ state: 'busy' });
    try {
      const res = await fetch(`/api/order-status?lang=${locale}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(query),
      });
      const body = (await res.json()) as { result: boolean; data?: WireOrderStatus; message?: string };
      setLookup(
        body.result && body.data
          ? { state: 'found', order: body.data, contact: 'contact' in query ? query.contact : '' }
          : { state: 'refused', message: body.message ?? text.failed },
      );
    } catch {
      setLookup({ state: 'refused', message: text.failed });
    }
  }

  // `/status?orderID=…&key=…`, the link of the order's messages: shown at once, nothing to retype.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page opens
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const orderID = params.get('orderID') ?? '';
    const key = params.get('key') ?? '';
    if (!/^\d{1,10}$/.test(orderID) || !/^[\w-]{16,64}$/.test(key)) return;
    setNumber(orderID);
    void ask({ orderID: Number(orderID), key });
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (numberError || contactError) return;
    await ask({ orderID: Number(number.trim()), contact: contact.trim() });
  }

  const format = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }).format(new Date(iso));

  return (
    <article className="text-page status-page">
      <h1 className="text-page__title">{text.title}</h1>
      <p className="status-page__intro">{text.intro}</p>
      <form className="status-page__form" noValidate onSubmit={(e) => void submit(e)}>
        <label className="field" htmlFor={`${id}-number`}>
          <span className="field__label">{text.number}</span>
          <input
            id={`${id}-number`}
            className="field__input"
            name="orderID"
            inputMode="numeric"
            autoComplete="off"
            required
            value={number}
            aria-invalid={tried && numberError ? true : undefined}
            aria-describedby={tried && numberError ? `${id}-number-error` : undefined}
            onChange={(e) => setNumber(e.target.value)}
          />
          {tried && numberError ? (
            <span id={`${id}-number-error`} className="field__error">
              {numberError}
            </span>
          ) : null}
        </label>
        <label className="field" htmlFor={`${id}-contact`}>
          <span className="field__label">{text.contact}</span>
          <input
            id={`${id}-contact`}
            className="field__input"
            name="contact"
            autoComplete="email"
            required
            value={contact}
            aria-invalid={tried && contactError ? true : undefined}
            aria-describedby={tried && contactError ? `${id}-contact-error` : undefined}
            onChange={(e) => setContact(e.target.value)}
          />
          {tried && contactError ? (
            <span id={`${id}-contact-error`} className="field__error">
              {contactError}
            </span>
          ) : null}
        </label>
        <button type="submit" className="button button--dark" disabled={lookup.state === 'busy'}>
          {lookup.state === 'busy' ? text.checking : text.submit}
        </button>
      </form>
      <div aria-live="polite">
        {lookup.state === 'refused' ? (
          <p className="status-page__refusal" role="alert">
            {lookup.message}
          </p>
        ) : null}
        {lookup.state === 'found' ? (
          <section className="status-page__result" aria-labelledby={`${id}-result`}>
            <h2 id={`${id}-result`} className="text-page__heading">
              {text.order.replace('{n}', String(lookup.order.orderID))}
            </h2>
            <dl className="status-page__facts">
              <dt>{text.state}</dt>
              <dd className="status-page__state">{statusNames[locale][lookup.order.status]}</dd>
              <dt>{text.updated}</dt>
              <dd>{format(lookup.order.updatedAt)}</dd>
              <dt>{text.delivery}</dt>
              <dd>{wayNames[locale][lookup.order.delivery.getWay] ?? lookup.order.delivery.getWay}</dd>
              {lookup.order.delivery.city ? (
                <>
                  <dt>{text.city}</dt>
                  <dd>{lookup.order.delivery.city}</dd>
                </>
              ) : null}
              {lookup.order.delivery.pickupPoint ? (
                <>
                  <dt>{text.pickup}</dt>
                  <dd>{lookup.order.delivery.pickupPoint}</dd>
                </>
              ) : null}
              {lookup.order.delivery.date ? (
                <>
                  <dt>{text.date}</dt>
                  <dd>
                    {lookup.order.delivery.date}
                    {lookup.order.delivery.time ? `, ${lookup.order.delivery.time}` : ''}
                  </dd>
                </>
              ) : null}
              <dt>{text.tracking}</dt>
              <dd>
                {lookup.order.tracking ? (
                  <>
                    <span className="status-page__track-number">{lookup.order.tracking.number}</span>
                    {lookup.order.tracking.url ? (
                      <>
                        {' '}
                        <a href={lookup.order.tracking.url} target="_blank" rel="noreferrer">
                          {text.track}
                        </a>
                      </>
                    ) : null}
                  </>
                ) : (
                  text.noTracking
                )}
              </dd>
            </dl>
            {/* A received order may be returned or exchanged with the same contact (docs/product/returns.md). */}
            {lookup.order.status === 'delivered' ? (
              lookup.contact ? (
                <ReturnToggle orderID={lookup.order.orderID} contact={lookup.contact} locale={locale} />
              ) : (
                // The signed link shows the state only (the payer of another's order may hold it too):
                // a return asks for the order's contact.
                <p className="status-page__intro">{text.returnHint}</p>
              )
            ) : null}
          </section>
        ) : null}
      </div>
      <p className="status-page__help">
        <a href={`tel:${shop.contacts.phone.replace(/[^\d+]/g, '')}`}>{shop.contacts.phone}</a>
        {' · '}
        <a href={`mailto:${shop.contacts.email}`}>{shop.contacts.email}</a>
      </p>
    </article>
  );
}
