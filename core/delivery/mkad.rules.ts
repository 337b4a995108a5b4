import pointInPolygon from 'point-in-polygon-hao';
import { MKAD_RING } from './mkad.geojson.ts';

// point-in-polygon-hao takes GeoJSON rings: [longitude, latitude] pairs.
const polygon: number[][][] = [MKAD_RING.map(([longitude, latitude]) => [longitude, latitude])];

const bounds = MKAD_RING.reduce(
  (box, [longitude, latitude]) => ({
    minLongitude: Math.min(box.minLongitude, longitude),
    maxLongitude: Math.max(box.maxLongitude, longitude),
    minLatitude: Math.min(box.minLatitude, latitude),
    maxLatitude: Math.max(box.maxLatitude, latitude),
  }),
  { minLongitude: 180, maxLongitude: -180, minLatitude: 90, maxLatitude: -90 },
);

/**
 * Whether a point lies inside the Moscow Ring Road (DECISIONS 23): the Moscow courier price for an
 * address inside the MKAD, the out-of-MKAD price otherwise. A point exactly on the ring counts as inside.
 */
export function isInsideMkad(latitude: number, longitude: number): boolean {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (
    longitude < bounds.minLongitude ||
    longitude > bounds.maxLongitude ||
    latitude < bounds.minLatitude ||
    latitude > bounds.maxLatitude
  ) {
    return false;
  }
  // The library answers true inside, false outside and 0 on an edge.
  return pointInPolygon([longitude, latitude], polygon) !== false;
}
