import { describe, expect, it } from 'vitest';
import { clusterOptions, type MapView, PICKUP_MAP_LIMIT, pointsForView } from './pickup-map.rules.ts';

const view: MapView = {
  south: 55.7,
  west: 37.5,
  north: 55.8,
  east: 37.7,
  centre: { latitude: 55.75, longitude: 37.6 },
};

function point(code: string, latitude: number, longitude: number) {
  return { code, location: { latitude, longitude } };
}

describe('clusterOptions', () => {
  it('clusters from 3 points on a 64 px grid from 768 px up', () => {
    expect(clusterOptions(768)).toEqual({ minPoints: 3, radius: 64 });
    expect(clusterOptions(1440)).toEqual({ minPoints: 3, radius: 64 });
  });

  it('clusters from 5 points on a 128 px grid below 768 px', () => {
    expect(clusterOptions(767)).toEqual({ minPoints: 5, radius: 128 });
    expect(clusterOptions(390)).toEqual({ minPoints: 5, radius: 128 });
  });
});

describe('pointsForView', () => {
  it('lists the points in view nearest to the centre first', () => {
    const points = Array.from({ length: 12 }, (_, i) => point(`p${i}`, 55.75 + (12 - i) * 0.004, 37.6));
    expect(pointsForView(points, view).map((p) => p.code)).toEqual([
      'p11',
      'p10',
      'p9',
      'p8',
      'p7',
      'p6',
      'p5',
      'p4',
      'p3',
      'p2',
      'p1',
      'p0',
    ]);
  });

  it('never draws more than 200 points, keeping the nearest', () => {
    const points = Array.from({ length: 500 }, (_, i) =>
      point(`p${i}`, 55.7 + (i % 25) * 0.004, 37.5 + Math.floor(i / 25) * 0.01),
    );
    const shown = pointsForView(points, view);
    expect(shown).toHaveLength(PICKUP_MAP_LIMIT);
    const far = points.filter((p) => !shown.includes(p));
    const d = (p: (typeof points)[number]) =>
      (p.location.latitude - 55.75) ** 2 +
      ((p.location.longitude - 37.6) * Math.cos((55.75 * Math.PI) / 180)) ** 2;
    const farthestShown = Math.max(...shown.map(d));
    expect(far.every((p) => d(p) >= farthestShown - 1e-12)).toBe(true);
  });

  it('fills a view with too few points with the nearest ones outside it', () => {
    const points = [
      point('inside', 55.75, 37.61),
      point('far', 59.9, 30.3),
      point('near', 55.82, 37.6),
      point('nearer', 55.69, 37.6),
    ];
    expect(pointsForView(points, view).map((p) => p.code)).toEqual(['inside', 'nearer', 'near', 'far']);
    expect(pointsForView(points, view, 200, 2).map((p) => p.code)).toEqual(['inside', 'nearer']);
  });

  it('shows only what is in view once enough points are there', () => {
    const points = [point('a', 55.75, 37.6), point('b', 55.76, 37.6), point('out', 55.9, 37.6)];
    expect(pointsForView(points, view, 200, 2).map((p) => p.code)).toEqual(['a', 'b']);
  });
});
