import '../../styles/picker.css';
import { useEffect, useRef, useState } from 'react';
import type { MoscowPriceView } from '../../../core/delivery/delivery.types.ts';
import type { WireMoscowPrice } from '../../../core/delivery/delivery.wire.ts';
import { ADDRESS_ZOOM, MOSCOW_VIEW } from '../../../core/delivery/pickup-map.rules.ts';
import { formatMoney, priceInCurrency } from '../../../core/money.ts';
import { kopecksFromWire } from '../../../core/wire.ts';
import { useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';

/** Typing settles before the address is geocoded again. */
const ADDRESS_DEBOUNCE_MS = 600;

type Lookup =
  | { status: 'locating' }
  | { status: 'ready'; view: MoscowPriceView }
  | { status: 'error'; message: string | null };

type MapHandle = {
  map: import('leaflet').Map;
  marker: ReturnType<typeof import('./leaflet-map.ts').createAddressMarker>;
};

/**
 * The Moscow delivery-price map (catalogue.md §7, checkout.md §9): 'determining the address',
 * then the price inside or outside the ring road with the address on a map (Moscow at zoom 10,
 * then zoom 15 on the address), or the server's message. `onResult` gets the price view, or null
 * when the address cannot be priced.
 */
export function MoscowMap({
  address,
  getWay,
  onResult,
}: {
  address: string;
  getWay: 'moscow' | 'moscow-try';
  onResult(view: MoscowPriceView | null): void;
}) {
  const t = useT();
  const { maps, currency, rates, locale } = useShop();
  const [query, setQuery] = useState(address.trim());
  const [lookup, setLookup] = useState<Lookup>({ status: 'locating' });
  const [mapReady, setMapReady] = useState(false);
  const mapElement = useRef<HTMLElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const report = useRef(onResult);
  report.current = onResult;

  useEffect(() => {
    const next = address.trim();
    const timer = setTimeout(() => setQuery(next), ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [address]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setLookup({ status: 'locating' });
    const params = new URLSearchParams({ address: query, getWay, lang: locale });
    fetch(`/api/checkout/moscow-price?${params}`, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as { result: boolean; data?: WireMoscowPrice; message?: string };
        if (body.result && body.data) {
          // Roubles on the wire (DECISIONS 28); the checkout counts in kopecks.
          const { currency: _, ...data } = body.data;
          const view: MoscowPriceView = { ...data, price: kopecksFromWire(data.price) };
          setLookup({ status: 'ready', view });
          report.current(view);
        } else {
          setLookup({ status: 'error', message: body.message ?? null });
          report.current(null);
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Moscow delivery price failed', error);
        setLookup({ status: 'error', message: null });
        report.current(null);
      });
    return () => controller.abort();
  }, [query, getWay, locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once; lookups move it
  useEffect(() => {
    let cancelled = false;
    const element = mapElement.current;
    if (!element) return;
    import('./leaflet-map.ts')
      .then((module) => {
        if (cancelled) return;
        const map = module.createMap(element, {
          tileUrl: maps.tileUrl,
          attribution: maps.attribution,
          centre: MOSCOW_VIEW,
          zoom: MOSCOW_VIEW.zoom,
          labels: { zoomIn: t('picker.zoomIn'), zoomOut: t('picker.zoomOut') },
        });
        handle.current = { map, marker: module.createAddressMarker(map) };
        setMapReady(true);
      })
      .catch((error: unknown) => console.error('The map failed to load', error));
    return () => {
      cancelled = true;
      handle.current?.map.remove();
      handle.current = null;
    };
  }, []);

  // Moscow at zoom 10 until an address is found, then zoom 15 on it (checkout.md §9).
  const markerLabel = t('moscowMap.marker');
  useEffect(() => {
    const h = handle.current;
    if (!mapReady || !h) return;
    if (lookup.status === 'ready') {
      const { latitude, longitude } = lookup.view;
      h.marker.show({ latitude, longitude }, markerLabel, ADDRESS_ZOOM);
    } else if (lookup.status === 'error') {
      h.marker.clear(MOSCOW_VIEW, MOSCOW_VIEW.zoom);
    }
  }, [mapReady, lookup, markerLabel]);

  // While the shopper types, the last answer no longer stands.
  const pending = address.trim() !== query;
  const shown: Lookup = pending ? { status: 'locating' } : lookup;
  return (
    <section className="moscow-map" aria-label={t('moscowMap.title')}>
      <div className="moscow-map__status" aria-live="polite">
        {shown.status === 'locating' ? (
          <p className="moscow-map__locating">
            <span className="moscow-map__spinner" aria-hidden="true" />
            {t('moscowMap.locating')}
          </p>
        ) : shown.status === 'ready' ? (
          <>
            <p className="moscow-map__price">
              {t('moscowMap.price')}{' '}
              <strong>{formatMoney(priceInCurrency(shown.view.price, currency, rates), locale)}</strong>
            </p>
            <p className={`moscow-map__zone${shown.view.outMKAD ? ' moscow-map__zone--outside' : ''}`}>
              {t(shown.view.outMKAD ? 'moscowMap.outside' : 'moscowMap.inside')}
            </p>
            <p className="moscow-map__address">{shown.view.text}</p>
          </>
        ) : (
          <p className="moscow-map__error" role="alert">
            {shown.message ?? t('moscowMap.error')}
          </p>
        )}
      </div>
      <section ref={mapElement} className="moscow-map__map" aria-label={t('moscowMap.map')} />
    </section>
  );
}
