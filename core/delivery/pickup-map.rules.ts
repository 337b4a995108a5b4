/**
 * Map rules of the pickup-point picker and the Moscow delivery-price map (checkout.md §9,
 * catalogue.md §9, DECISIONS 22). Pure: the browser's map code asks these what to draw.
 */

/** At most this many points are drawn and listed at once. */
export const PICKUP_MAP_LIMIT = 200;
/**
 * "Enough" points in view: below this, the nearest points outside the view fill the list, so a
 * zoomed-in or empty view still offers the closest choices.
 */
export const PICKUP_MAP_ENOUGH = 10;
/** Map bounds changes and the city search are debounced (catalogue.md §9). */
export const PICKUP_MAP_DEBOUNCE_MS = 300;
/** The phone breakpoint of the clustering rule. */
export const NARROW_MAX_WIDTH = 767;

/** Moscow's map view (checkout.md §9), and the zoom on a found address. */
export const MOSCOW_VIEW = { latitude: 55.76, longitude: 37.64, zoom: 10 } as const;
export const ADDRESS_ZOOM = 15;
/** The zoom of another city's centre. */
export const CITY_ZOOM = 11;

export interface LatLon {
  latitude: number;
  longitude: number;
}

export interface MapView {
  south: number;
  west: number;
  north: number;
  east: number;
  centre: LatLon;
}

/** Clustering: minimum 3 points per cluster and a 64 px grid, 5 and 128 px below 768 px. */
export function clusterOptions(viewportWidth: number): { minPoints: number; radius: number } {
  const narrow = viewportWidth <= NARROW_MAX_WIDTH;
  return { minPoints: narrow ? 5 : 3, radius: narrow ? 128 : 64 };
}

export function isInView(at: LatLon, view: MapView): boolean {
  return (
    at.latitude >= view.south &&
    at.latitude <= view.north &&
    at.longitude >= view.west &&
    at.longitude <= view.east
  );
}

/** Squared distance on a local flat projection: enough to order points by nearness in one city. */
export function distanceOrder(a: LatLon, b: LatLon): number {
  const dy = a.latitude - b.latitude;
  const dx = (a.longitude - b.longitude) * Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  return dx * dx + dy * dy;
}

/**
 * The points to draw and list for a map view: those in view, nearest to the view's centre first,
 * at most `limit`; when fewer than `enough` are in view, the nearest ones outside it follow.
 */
export function pointsForView<T extends { location: LatLon }>(
  points: readonly T[],
  view: MapView,
  limit = PICKUP_MAP_LIMIT,
  enough = PICKUP_MAP_ENOUGH,
): T[] {
  const byNearness = (list: T[]) =>
    list
      .map((point) => ({ point, d: distanceOrder(point.location, view.centre) }))
      .sort((a, b) => a.d - b.d)
      .map((entry) => entry.point);
  const inside: T[] = [];
  const outside: T[] = [];
  for (const point of points) (isInView(point.location, view) ? inside : outside).push(point);
  const shown = byNearness(inside).slice(0, limit);
  if (shown.length >= enough) return shown;
  return [...shown, ...byNearness(outside).slice(0, Math.min(enough, limit) - shown.length)];
}
