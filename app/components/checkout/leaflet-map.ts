// The maps' browser-only half (DECISIONS 23): Leaflet touches `window` when imported and is
// heavy, so the picker and the Moscow map load this module with `import()` inside an effect.
// Leaflet's stylesheet comes with it and never enters the pages that have no map.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import Supercluster from 'supercluster';
import type { PickupPoint } from '../../../core/delivery/delivery.types.ts';
import {
  clusterOptions,
  type LatLon,
  type MapView,
  NARROW_MAX_WIDTH,
  PICKUP_MAP_DEBOUNCE_MS,
} from '../../../core/delivery/pickup-map.rules.ts';

export interface MapSetup {
  tileUrl: string;
  attribution: string;
  centre: LatLon;
  zoom: number;
  labels: { zoomIn: string; zoomOut: string };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A map with the configured tile server. Without tiles (offline, blocked) it still pans, zooms
 * and shows its markers on a plain background.
 */
export function createMap(element: HTMLElement, setup: MapSetup): L.Map {
  const map = L.map(element, {
    center: [setup.centre.latitude, setup.centre.longitude],
    zoom: setup.zoom,
    zoomControl: false,
    attributionControl: false,
  });
  L.control.zoom({ zoomInTitle: setup.labels.zoomIn, zoomOutTitle: setup.labels.zoomOut }).addTo(map);
  L.control.attribution({ prefix: false }).addAttribution(escapeHtml(setup.attribution)).addTo(map);
  L.tileLayer(setup.tileUrl, { maxZoom: 19 }).addTo(map);
  // The zoom on the element, for tests and styles.
  const markZoom = () => {
    element.dataset.zoom = String(map.getZoom());
  };
  markZoom();
  map.on('zoomend', markZoom);
  // The container changes size with the dialog, the phone's map/list switch and rotation.
  const observer = new ResizeObserver(() => map.invalidateSize());
  observer.observe(element);
  map.on('unload', () => observer.disconnect());
  return map;
}

export function currentView(map: L.Map): MapView {
  const bounds = map.getBounds();
  const centre = map.getCenter();
  return {
    south: bounds.getSouth(),
    west: bounds.getWest(),
    north: bounds.getNorth(),
    east: bounds.getEast(),
    centre: { latitude: centre.lat, longitude: centre.lng },
  };
}

/** Moves the map, without animation so the view (and the list that follows it) changes at once. */
export function showCity(map: L.Map, centre: LatLon | null, zoom: number, points: readonly PickupPoint[]) {
  if (centre) {
    map.setView([centre.latitude, centre.longitude], zoom, { animate: false });
  } else if (points.length > 0) {
    const bounds = L.latLngBounds(points.map((p) => [p.location.latitude, p.location.longitude]));
    map.fitBounds(bounds, { maxZoom: 14, padding: [24, 24], animate: false });
  }
}

function activateOnKeys(marker: L.Marker, activate: () => void) {
  marker.on('click', activate);
  // Leaflet makes keyboard markers focusable buttons but leaves Enter and Space to us.
  marker.on('keydown', (e) => {
    const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
    if (key === 'Enter' || key === ' ') {
      (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
      activate();
    }
  });
}

function accessibleMarker(at: LatLon, icon: L.DivIcon, label: string): L.Marker {
  const marker = L.marker([at.latitude, at.longitude], {
    icon,
    title: label,
    keyboard: true,
    riseOnHover: true,
  });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  return marker;
}

export interface PointLayerOptions {
  labels: { point(point: PickupPoint): string; cluster(count: number): string };
  onPoint(code: string): void;
  /** The view after the map stopped moving for 300 ms (catalogue.md §9). */
  onView(view: MapView): void;
}

type PointProps = { code: string };

/**
 * The map centre that shows a point at a quarter of the map's height on phones, where the point's
 * details cover the lower part of the map; the point itself elsewhere.
 */
function aboveSheet(map: L.Map, at: L.LatLngTuple, zoom: number): L.LatLng {
  if (!window.matchMedia(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches) return L.latLng(at);
  return map.unproject(map.project(at, zoom).add([0, map.getSize().y / 4]), zoom);
}

/**
 * The picker's markers: the points it is given, clustered with supercluster (minimum 3 on a
 * 64 px grid, 5 and 128 px below 768 px). A cluster zooms in when clicked; a point reports its code.
 */
export function createPointLayer(map: L.Map, options: PointLayerOptions) {
  const layer = L.layerGroup().addTo(map);
  let points: readonly PickupPoint[] = [];
  let byCode = new Map<string, PickupPoint>();
  let selected: string | null = null;
  let index: Supercluster<PointProps> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function build() {
    // Leaflet's tiles are 256 px: an extent of 256 makes the radius screen pixels.
    index = new Supercluster<PointProps>({ ...clusterOptions(window.innerWidth), extent: 256, maxZoom: 17 });
    index.load(
      points.map((p) => ({
        type: 'Feature' as const,
        properties: { code: p.code },
        geometry: { type: 'Point' as const, coordinates: [p.location.longitude, p.location.latitude] },
      })),
    );
  }

  function render() {
    layer.clearLayers();
    if (!index) return;
    const zoom = Math.round(map.getZoom());
    for (const feature of index.getClusters([-180, -85, 180, 85], zoom)) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const count = props.point_count;
        const size = count < 10 ? 36 : count < 100 ? 42 : 48;
        const icon = L.divIcon({
          className: 'picker-cluster',
          html: `<span>${count}</span>`,
          iconSize: [size, size],
        });
        const marker = accessibleMarker({ latitude, longitude }, icon, options.labels.cluster(count));
        const clusterId = props.cluster_id;
        const from = index;
        activateOnKeys(marker, () => {
          map.setView([latitude, longitude], Math.min(from.getClusterExpansionZoom(clusterId), 18));
        });
        layer.addLayer(marker);
      } else {
        const point = byCode.get((props as PointProps).code);
        if (!point) continue;
        const active = point.code === selected;
        const icon = L.divIcon({
          className: `picker-marker picker-marker--${point.type === 'POSTAMAT' ? 'locker' : 'office'}${active ? ' picker-marker--selected' : ''}`,
          iconSize: active ? [30, 30] : [24, 24],
        });
        const marker = accessibleMarker(point.location, icon, options.labels.point(point));
        if (active) marker.setZIndexOffset(1000);
        activateOnKeys(marker, () => options.onPoint(point.code));
        layer.addLayer(marker);
      }
    }
  }

  const reportView = () => {
    clearTimeout(timer);
    timer = setTimeout(() => options.onView(currentView(map)), PICKUP_MAP_DEBOUNCE_MS);
  };
  map.on('zoomend', render);
  map.on('moveend', reportView);
  const narrow = window.matchMedia(`(max-width: ${NARROW_MAX_WIDTH}px)`);
  const rebuild = () => {
    build();
    render();
  };
  narrow.addEventListener('change', rebuild);

  return {
    /** Draws these points (at most 200, chosen by `pointsForView`), the selected one highlighted. */
    draw(next: readonly PickupPoint[], selectedCode: string | null) {
      points = next;
      byCode = new Map(next.map((p) => [p.code, p]));
      selected = selectedCode;
      rebuild();
    },
    /** Centres the map on a point, zoomed in until it stands out of its cluster. */
    focus(code: string) {
      const point = byCode.get(code);
      if (!point || !index) return;
      let zoom = Math.max(Math.round(map.getZoom()), 14);
      const { latitude, longitude } = point.location;
      const near: [number, number, number, number] = [
        longitude - 1e-6,
        latitude - 1e-6,
        longitude + 1e-6,
        latitude + 1e-6,
      ];
      while (
        zoom < 18 &&
        !index.getClusters(near, zoom).some((f) => !('cluster' in f.properties) && f.properties.code === code)
      ) {
        zoom += 1;
      }
      map.setView(aboveSheet(map, [latitude, longitude], zoom), zoom);
    },
    /** Keeps a point opened from the map clear of the phone's details sheet. */
    reveal(code: string) {
      const point = byCode.get(code);
      if (point && narrow.matches) {
        map.panTo(aboveSheet(map, [point.location.latitude, point.location.longitude], map.getZoom()));
      }
    },
    destroy() {
      clearTimeout(timer);
      narrow.removeEventListener('change', rebuild);
      map.off('zoomend', render);
      map.off('moveend', reportView);
      layer.remove();
    },
  };
}

export type PointLayer = ReturnType<typeof createPointLayer>;

/** The Moscow map's one marker: the geocoded delivery address. */
export function createAddressMarker(map: L.Map) {
  let marker: L.Marker | null = null;
  return {
    show(at: LatLon, label: string, zoom: number) {
      marker?.remove();
      const icon = L.divIcon({ className: 'picker-marker picker-marker--selected', iconSize: [30, 30] });
      marker = L.marker([at.latitude, at.longitude], { icon, title: label, keyboard: false }).addTo(map);
      marker.getElement()?.setAttribute('role', 'img');
      marker.getElement()?.setAttribute('aria-label', label);
      map.setView([at.latitude, at.longitude], zoom);
    },
    clear(centre: LatLon, zoom: number) {
      marker?.remove();
      marker = null;
      map.setView([centre.latitude, centre.longitude], zoom);
    },
  };
}
