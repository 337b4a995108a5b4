import { describe, expect, it } from 'vitest';
import { MKAD_RING } from './mkad.geojson.ts';
import { isInsideMkad } from './mkad.rules.ts';

describe('isInsideMkad (DECISIONS 23)', () => {
  it('has the closed 108-point ring of the shared data set, longitude first', () => {
    expect(MKAD_RING).toHaveLength(109);
    expect(MKAD_RING[0]).toEqual(MKAD_RING[MKAD_RING.length - 1]);
    expect(MKAD_RING[0]).toEqual([37.842762, 55.774558]);
    for (const [longitude, latitude] of MKAD_RING) {
      expect(longitude).toBeGreaterThan(37.3);
      expect(longitude).toBeLessThan(37.9);
      expect(latitude).toBeGreaterThan(55.5);
      expect(latitude).toBeLessThan(56);
    }
  });

  it.each([
    ['the Kremlin', 55.752, 37.6175],
    ['Tverskaya street', 55.7613, 37.6091],
    ['Moscow City', 55.7494, 37.5394],
    ['Yasenevo, near the south-west arc', 55.6061, 37.5333],
    ['Medvedkovo, near the north arc', 55.888, 37.6616],
    ['Vykhino, near the east arc', 55.716, 37.819],
  ])('counts %s as inside', (_, latitude, longitude) => {
    expect(isInsideMkad(latitude, longitude)).toBe(true);
  });

  it.each([
    ['Zelenograd', 55.9825, 37.1814],
    ['Kommunarka', 55.57, 37.487],
    ['Troitsk', 55.4848, 37.304],
    ['Mitino', 55.846, 37.36],
    ['Novokosino', 55.745, 37.865],
    ['Khimki', 55.897, 37.4297],
    ['Saint Petersburg', 59.9386, 30.3141],
  ])('counts %s as outside', (_, latitude, longitude) => {
    expect(isInsideMkad(latitude, longitude)).toBe(false);
  });

  it('counts points exactly on the ring as inside: a vertex and the middle of an edge', () => {
    const [lon1, lat1] = MKAD_RING[10] ?? [0, 0];
    const [lon2, lat2] = MKAD_RING[11] ?? [0, 0];
    expect(isInsideMkad(lat1, lon1)).toBe(true);
    expect(isInsideMkad((lat1 + lat2) / 2, (lon1 + lon2) / 2)).toBe(true);
    // A hair beyond the same eastern edge is outside.
    expect(isInsideMkad((lat1 + lat2) / 2, (lon1 + lon2) / 2 + 0.001)).toBe(false);
  });

  it('takes latitude first: swapped arguments land far away', () => {
    expect(isInsideMkad(37.6175, 55.752)).toBe(false);
  });

  it('answers false for numbers that are not coordinates', () => {
    expect(isInsideMkad(Number.NaN, 37.6)).toBe(false);
    expect(isInsideMkad(55.75, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
