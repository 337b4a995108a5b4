import { useEffect, useRef, useState } from 'react';
import { appContext } from '#app-context';
import { isCityCookie, readJsonCookie } from '../../core/cart/cookies.rules.ts';
import { MOSCOW } from '../../core/delivery/delivery.rules.ts';
import type { CarrierName, PickupPoint } from '../../core/delivery/delivery.types.ts';
import { localeFromPath } from '../../core/i18n.ts';
import { type PickerCity, PickupPicker } from '../components/checkout/pickup-picker.tsx';
import { translate, useT } from '../i18n/index.ts';
import type { Route } from './+types/pickup-widget';

declare global {
  interface Window {
    /** The mobile app's web view bridge (React Native WebView). */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/** The mobile app opens the picker alone; the widget is a page, not a popup, so it stays without chrome. */
export const handle = { bare: true };

/** `/widget-boxberry` is the second carrier's widget, `/widget-embedded` the first carrier's (CDEK). */
function carrierOf(pathname: string): CarrierName {
  return /\/widget-boxberry\/?$/.test(pathname) ? 'boxberry' : 'sdek';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const fromQuery = Number(url.searchParams.get('city_code'));
  const fromCookie = readJsonCookie(request.headers.get('cookie'), 'shi-city', isCityCookie, null);
  const code = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : (fromCookie?.code ?? MOSCOW.cityID);
  const city: PickerCity = (await services.delivery.getCity(code)) ??
    (await services.delivery.getCity(MOSCOW.cityID)) ?? { code: MOSCOW.cityID, name: MOSCOW.name };
  return { carrier: carrierOf(url.pathname), city, locale: localeFromPath(url.pathname) };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const carrier = translate(
    d.locale,
    d.carrier === 'sdek' ? 'picker.carrier.sdek' : 'picker.carrier.boxberry',
  );
  return [
    { title: translate(d.locale, 'picker.title', { carrier }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Hands the chosen point to the app around the page: a React Native web view or a parent frame. */
function postToHost(point: PickupPoint) {
  const message = JSON.stringify(point);
  window.ReactNativeWebView?.postMessage(message);
  // The point is public data and the host's origin varies (app shell, same-site frame): any origin.
  window.parent.postMessage(message, '*');
}

export default function PickupWidget({ loaderData }: Route.ComponentProps) {
  const { carrier, city } = loaderData;
  const t = useT();
  const [chosen, setChosen] = useState<PickupPoint | null>(null);
  const [showing, setShowing] = useState(false);
  // "Choose another" reopens the picker in the chosen point's city, with that point marked.
  const [startCity, setStartCity] = useState<PickerCity>(city);
  const heading = useRef<HTMLHeadingElement>(null);
  const carrierName = t(carrier === 'sdek' ? 'picker.carrier.sdek' : 'picker.carrier.boxberry');

  useEffect(() => {
    if (showing) heading.current?.focus();
  }, [showing]);

  if (showing && chosen) {
    const point = chosen;
    return (
      <section className="pickup-widget pickup-widget--chosen" aria-labelledby="widget-chosen">
        <div className="pickup-widget__chosen">
          <p className="pickup-widget__check" aria-hidden="true">
            ✓
          </p>
          <h1 id="widget-chosen" ref={heading} tabIndex={-1} className="pickup-widget__title">
            {t('picker.chosenTitle')}
          </h1>
          <p className="pickup-widget__name">{point.name}</p>
          <p>{point.location.addressFull}</p>
          <p className="pickup-widget__hours">{point.workTime}</p>
          <p className="pickup-widget__hint">{t('picker.chosenText')}</p>
          <button
            type="button"
            className="button button--light pickup-widget__again"
            onClick={() => setShowing(false)}
          >
            {t('picker.chooseAnother')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="pickup-widget" aria-labelledby="widget-title">
      <h1 id="widget-title" className="visually-hidden">
        {t('picker.title', { carrier: carrierName })}
      </h1>
      <PickupPicker
        carrier={carrier}
        city={startCity}
        selectedCode={chosen?.code ?? null}
        onSelect={(point, pointCity) => {
          postToHost(point);
          setChosen(point);
          setStartCity(pointCity);
          setShowing(true);
        }}
      />
    </section>
  );
}
