import '../../styles/picker.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MOSCOW } from '../../../core/delivery/delivery.rules.ts';
import type { CarrierName, CityOption, PickupPoint } from '../../../core/delivery/delivery.types.ts';
import {
  CITY_ZOOM,
  type LatLon,
  type MapView,
  MOSCOW_VIEW,
  PICKUP_MAP_LIMIT,
  pointsForView,
} from '../../../core/delivery/pickup-map.rules.ts';
import type { Locale } from '../../../core/i18n.ts';
import { type MessageKey, useT } from '../../i18n/index.ts';
import { useShop } from '../../shop-context.ts';
import { CityField, searchRussianCities } from './city-field.tsx';

/** The city the picker starts in: a full city option, or just its code and name (`shi-city`). */
export type PickerCity = Pick<CityOption, 'code' | 'name'> & Partial<CityOption>;

type MapModule = typeof import('./leaflet-map.ts');
type MapHandle = {
  module: MapModule;
  map: import('leaflet').Map;
  layer: import('./leaflet-map.ts').PointLayer;
};

const carrierKey: Record<CarrierName, MessageKey> = {
  sdek: 'picker.carrier.sdek',
  boxberry: 'picker.carrier.boxberry',
};

function pointsUrl(carrier: CarrierName, cityCode: number, locale: Locale): string {
  const path = carrier === 'sdek' ? '/api/sdek/offices' : '/api/boxberry/points';
  return `${path}?city_code=${cityCode}&lang=${locale}`;
}

/** Moscow has its own view (checkout.md §9); another city is centred on itself when its place is known. */
function cityCentre(city: PickerCity): { centre: LatLon | null; zoom: number } {
  if (city.code === MOSCOW.cityID) return { centre: MOSCOW_VIEW, zoom: MOSCOW_VIEW.zoom };
  if (city.latitude !== undefined && city.longitude !== undefined) {
    return { centre: { latitude: city.latitude, longitude: city.longitude }, zoom: CITY_ZOOM };
  }
  return { centre: null, zoom: CITY_ZOOM };
}

/** Before the map reports its view (or when it cannot load), every point counts as in view. */
function wholeCityView(points: readonly PickupPoint[], centre: LatLon | null): MapView {
  const lats = points.map((p) => p.location.latitude);
  const lons = points.map((p) => p.location.longitude);
  return {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lons),
    east: Math.max(...lons),
    centre: centre ?? { latitude: lats[0] ?? 0, longitude: lons[0] ?? 0 },
  };
}

/** The city of a chosen point, filled in from the point where the picker knew only the code and name. */
function chosenCity(city: PickerCity, point: PickupPoint): CityOption {
  return {
    code: city.code,
    name: city.name,
    full_name: city.full_name ?? city.name,
    region: city.region ?? '',
    postal_code: city.postal_code ?? point.location.postalCode,
    latitude: city.latitude ?? point.location.latitude,
    longitude: city.longitude ?? point.location.longitude,
  };
}

/**
 * The shop's own pickup-point picker (DECISIONS 22): a city search, a map and the list of points
 * beside it (a map/list switch on phones), and the details of a point with its choose button.
 * checkout.md §9: at most 200 points drawn and listed, nearest to the view's centre first,
 * clustered, view changes debounced 300 ms.
 */
export function PickupPicker({
  carrier,
  city,
  selectedCode,
  onSelect,
  onClose,
}: {
  carrier: CarrierName;
  city: PickerCity | null;
  selectedCode: string | null;
  onSelect(point: PickupPoint, city: CityOption): void;
  /** Escape outside the city suggestions (hosts other than a native dialog). */
  onClose?(): void;
}) {
  const t = useT();
  const { maps, locale } = useShop();
  const [current, setCurrent] = useState<PickerCity>(
    () => city ?? { code: MOSCOW.cityID, name: locale === 'en' ? 'Moscow' : MOSCOW.name },
  );
  const [points, setPoints] = useState<PickupPoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<MapView | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [mode, setMode] = useState<'map' | 'list'>('map');
  const [mapState, setMapState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const mapElement = useRef<HTMLElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const centredFor = useRef<string | null>(null);
  const { centre, zoom } = useMemo(() => cityCentre(current), [current]);
  const translateRef = useRef(t);
  translateRef.current = t;

  // A host that changes the city (the checkout's city popup) moves the picker there.
  const cityCode = city?.code;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the host's city by its code only
  useEffect(() => {
    if (city) setCurrent((shown) => (shown.code === city.code ? shown : city));
  }, [cityCode]);

  // The map and its library load after the first render, in the browser only; later cities move
  // the same map.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once per picker
  useEffect(() => {
    let cancelled = false;
    const element = mapElement.current;
    if (!element) return;
    import('./leaflet-map.ts')
      .then((module) => {
        if (cancelled) return;
        const start = cityCentre(current);
        const map = module.createMap(element, {
          tileUrl: maps.tileUrl,
          attribution: maps.attribution,
          centre: start.centre ?? MOSCOW_VIEW,
          zoom: start.zoom,
          labels: { zoomIn: t('picker.zoomIn'), zoomOut: t('picker.zoomOut') },
        });
        const layer = module.createPointLayer(map, {
          labels: {
            point: (p) => `${p.name}, ${p.location.address}`,
            cluster: (count) => translateRef.current('picker.cluster', { count }),
          },
          onPoint: (code) => {
            setDetail(code);
            handle.current?.layer.reveal(code);
          },
          onView: setView,
        });
        handle.current = { module, map, layer };
        setMapState('ready');
      })
      .catch((error: unknown) => {
        console.error('The map failed to load', error);
        if (!cancelled) setMapState('failed');
      });
    return () => {
      cancelled = true;
      handle.current?.layer.destroy();
      handle.current?.map.remove();
      handle.current = null;
    };
  }, []);

  // The city's points; a new city clears the view and details of the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's refetch
  useEffect(() => {
    const controller = new AbortController();
    setPoints(null);
    setFailed(false);
    setDetail(null);
    fetch(pointsUrl(carrier, current.code, locale), { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as { result: boolean; data?: PickupPoint[] };
        setPoints(body.result && body.data ? body.data : []);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Pickup points failed to load', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [carrier, current.code, locale, attempt]);

  // Once the map and the city's points are both there, the map moves to the city once.
  useEffect(() => {
    const h = handle.current;
    if (mapState !== 'ready' || !h || !points) return;
    const key = `${carrier}:${current.code}`;
    if (centredFor.current === key) return;
    centredFor.current = key;
    h.module.showCity(h.map, centre, zoom, points);
    setView(h.module.currentView(h.map));
  }, [mapState, points, carrier, current.code, centre, zoom]);

  const shown = useMemo(
    () => (points && points.length > 0 ? pointsForView(points, view ?? wholeCityView(points, centre)) : []),
    [points, view, centre],
  );
  const highlighted = detail ?? selectedCode;

  useEffect(() => {
    if (mapState === 'ready') handle.current?.layer.draw(shown, highlighted);
  }, [mapState, shown, highlighted]);

  const detailPoint = detail ? (points?.find((p) => p.code === detail) ?? null) : null;

  function openPoint(code: string) {
    setDetail(code);
    handle.current?.layer.focus(code);
  }

  const carrierName = t(carrierKey[carrier]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is a shortcut; every action has its button
    <div
      className="picker"
      data-view={mode}
      data-detail={detailPoint ? 'open' : undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onClose && !e.defaultPrevented) onClose();
      }}
    >
      <div className="picker__bar">
        <CitySearch
          current={current}
          onChoose={(next) => {
            centredFor.current = null;
            setView(null);
            setCurrent(next);
          }}
        />
        <fieldset className="picker__switch plain-fieldset">
          <legend className="visually-hidden">{t('picker.switch')}</legend>
          <button
            type="button"
            className="picker__switch-button"
            aria-pressed={mode === 'map'}
            onClick={() => setMode('map')}
          >
            {t('picker.showMap')}
          </button>
          <button
            type="button"
            className="picker__switch-button"
            aria-pressed={mode === 'list'}
            onClick={() => setMode('list')}
          >
            {t('picker.showList')}
            {points ? ` · ${shown.length}` : ''}
          </button>
        </fieldset>
      </div>
      <div className="picker__body">
        <div className="picker__map-wrap">
          <section
            ref={mapElement}
            className="picker__map"
            aria-label={t('picker.map', { carrier: carrierName })}
          />
          {mapState === 'failed' ? <p className="picker__map-note">{t('picker.mapUnavailable')}</p> : null}
          {mapState === 'loading' || (!points && !failed) ? (
            <p className="picker__map-note picker__map-note--loading">{t('picker.loading')}</p>
          ) : null}
        </div>
        <section className="picker__side" aria-label={t('picker.listTitle', { carrier: carrierName })}>
          {detailPoint ? (
            <PointDetails
              point={detailPoint}
              chosen={detailPoint.code === selectedCode}
              onBack={() => setDetail(null)}
              onChoose={() => onSelect(detailPoint, chosenCity(current, detailPoint))}
            />
          ) : (
            <PointList
              points={points}
              shown={shown}
              failed={failed}
              carrierName={carrierName}
              cityName={current.name}
              selectedCode={selectedCode}
              onRetry={() => setAttempt((n) => n + 1)}
              onOpen={openPoint}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function PointList({
  points,
  shown,
  failed,
  carrierName,
  cityName,
  selectedCode,
  onRetry,
  onOpen,
}: {
  points: PickupPoint[] | null;
  shown: PickupPoint[];
  failed: boolean;
  carrierName: string;
  cityName: string;
  selectedCode: string | null;
  onRetry(): void;
  onOpen(code: string): void;
}) {
  const t = useT();
  if (failed) {
    return (
      <div className="picker__message" role="alert">
        <p>{t('picker.loadError')}</p>
        <button type="button" className="button button--light" onClick={onRetry}>
          {t('picker.retry')}
        </button>
      </div>
    );
  }
  if (!points) return <p className="picker__message">{t('picker.loading')}</p>;
  if (points.length === 0) {
    return <p className="picker__message">{t('picker.empty', { carrier: carrierName, city: cityName })}</p>;
  }
  return (
    <>
      <p className="picker__count" aria-live="polite">
        {t('picker.count', { shown: shown.length, total: points.length })}
        {points.length > PICKUP_MAP_LIMIT && shown.length === PICKUP_MAP_LIMIT
          ? ` ${t('picker.zoomForMore')}`
          : ''}
      </p>
      <ul className="picker__list">
        {shown.map((point) => (
          <li key={point.code}>
            <button
              type="button"
              className={`picker__item${point.code === selectedCode ? ' picker__item--chosen' : ''}`}
              aria-current={point.code === selectedCode ? 'true' : undefined}
              onClick={() => onOpen(point.code)}
            >
              <span className="picker__item-name">
                {point.name}
                {point.type === 'POSTAMAT' ? (
                  <span className="picker__tag">{t('picker.type.POSTAMAT')}</span>
                ) : null}
              </span>
              <span className="picker__item-address">{point.location.address}</span>
              {point.nearestMetro ? (
                <span className="picker__item-metro">
                  {t('picker.metro')}: {point.nearestMetro}
                </span>
              ) : null}
              <span className="picker__item-hours">{point.workTime}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function PointDetails({
  point,
  chosen,
  onBack,
  onChoose,
}: {
  point: PickupPoint;
  chosen: boolean;
  onBack(): void;
  onChoose(): void;
}) {
  const t = useT();
  const id = useId();
  const back = useRef<HTMLButtonElement>(null);
  // Keyboard users land in the details they opened.
  useEffect(() => {
    back.current?.focus({ preventScroll: true });
  }, []);
  return (
    <article className="picker__details" aria-labelledby={id}>
      <button ref={back} type="button" className="link-button picker__back" onClick={onBack}>
        ← {t('picker.back')}
      </button>
      <p className="picker__details-type">
        {t(point.type === 'POSTAMAT' ? 'picker.type.POSTAMAT' : 'picker.type.PVZ')}
      </p>
      <h3 id={id} className="picker__details-name">
        {point.name}
      </h3>
      <p className="picker__details-address">{point.location.addressFull}</p>
      <dl className="picker__facts">
        <div>
          <dt>{t('picker.hours')}</dt>
          <dd>{point.workTime}</dd>
        </div>
        {point.phones.length > 0 ? (
          <div>
            <dt>{t('picker.phones')}</dt>
            <dd>
              {point.phones.map((phone, i) => (
                <span key={phone.number}>
                  {i > 0 ? ', ' : ''}
                  <a href={`tel:${phone.number.replace(/[^\d+]/g, '')}`}>{phone.number}</a>
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {point.nearestMetro ? (
          <div>
            <dt>{t('picker.metro')}</dt>
            <dd>{point.nearestMetro}</dd>
          </div>
        ) : null}
        {point.note ? (
          <div>
            <dt>{t('picker.note')}</dt>
            <dd>{point.note}</dd>
          </div>
        ) : null}
      </dl>
      <button type="button" className="button button--dark picker__choose" onClick={onChoose}>
        {chosen ? t('picker.chooseAgain') : t('picker.choose')}
      </button>
    </article>
  );
}

/** The picker's city search: the checkout's city field, suggestions debounced 300 ms (catalogue.md §9). */
function CitySearch({ current, onChoose }: { current: PickerCity; onChoose(city: CityOption): void }) {
  const t = useT();
  const [text, setText] = useState(current.name);
  useEffect(() => {
    setText(current.name);
  }, [current.name]);
  return (
    <div className="picker__city">
      <CityField
        label={t('picker.city')}
        required={false}
        hint={null}
        placeholder={t('picker.cityPlaceholder')}
        selectOnFocus
        text={text}
        chosen={current.name}
        search={searchRussianCities}
        onText={setText}
        onBlur={() => setText((typed) => (typed.trim() ? typed : current.name))}
        onChoose={(city) => {
          setText(city.name);
          onChoose({
            code: city.code,
            name: city.name,
            full_name: city.detail,
            region: '',
            postal_code: '',
            latitude: city.latitude ?? 0,
            longitude: city.longitude ?? 0,
          });
        }}
        error={null}
        showError={false}
      />
    </div>
  );
}
