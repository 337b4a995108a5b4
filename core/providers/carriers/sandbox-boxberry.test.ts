import { describe, expect, it } from 'vitest';
import { isInsideMkad } from '../../delivery/mkad.rules.ts';
import { createSandboxBoxberry } from './sandbox-boxberry.ts';
import { createSandboxCdek } from './sandbox-cdek.ts';
import { allPoints } from './sandbox-data/pickup-points.ts';

const boxberry = createSandboxBoxberry();
const cdek = createSandboxCdek();
const parcel = { weightGrams: 1200, valueKopecks: 0 };

describe('sandbox Boxberry', () => {
  it('has 120+ Moscow points with numeric codes, mostly inside the ring road', async () => {
    const moscow = await boxberry.pickupPoints(44);
    expect(moscow.length).toBeGreaterThanOrEqual(120);
    for (const point of moscow) {
      expect(point.code).toMatch(/^77\d{3}$/);
      expect(point.carrier).toBe('boxberry');
    }
    const inside = moscow.filter((p) => isInsideMkad(p.location.latitude, p.location.longitude));
    expect(inside.length / moscow.length).toBeGreaterThan(0.8);
  });

  it('gives unique codes across the data set, none shared with CDEK', () => {
    const codes = allPoints('boxberry').map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    const cdekCodes = new Set(allPoints('sdek').map((p) => p.code));
    expect(codes.some((code) => cdekCodes.has(code))).toBe(false);
  });

  it('does not serve the far north-east at all', async () => {
    for (const code of [295, 294, 283, 1487]) {
      expect(await boxberry.cityByCode(code)).toBeNull();
      expect(await boxberry.pickupPoints(code)).toEqual([]);
      expect(await boxberry.quote({ fromCityCode: 44, toCityCode: code, mode: 'door', parcel })).toBeNull();
    }
    expect((await boxberry.suggestCities('анадырь', 5)).length).toBe(0);
    expect((await cdek.suggestCities('анадырь', 5)).map((c) => c.name)).toEqual(['Анадырь']);
  });

  it('delivers to Истра and Лобня only by courier', async () => {
    for (const code of [1178, 1163]) {
      expect(await boxberry.pickupPoints(code)).toEqual([]);
      expect(await boxberry.quote({ fromCityCode: 44, toCityCode: code, mode: 'pickup', parcel })).toBeNull();
      expect(
        await boxberry.quote({ fromCityCode: 44, toCityCode: code, mode: 'door', parcel }),
      ).not.toBeNull();
    }
  });

  it('is somewhat cheaper and slower than CDEK', async () => {
    for (const code of [44, 137, 270, 1154]) {
      const input = { fromCityCode: 44, toCityCode: code, mode: 'pickup' as const, parcel };
      const own = await boxberry.quote(input);
      const theirs = await cdek.quote(input);
      expect(own?.price).toBeLessThan(theirs?.price ?? 0);
      expect(own?.periodMax).toBeGreaterThan(theirs?.periodMax ?? 0);
      expect((own?.price ?? 1) % 100).toBe(0);
    }
  });

  it('refuses a parcel over 30 kg', async () => {
    const heavy = { weightGrams: 30_001, valueKopecks: 0 };
    expect(
      await boxberry.quote({ fromCityCode: 44, toCityCode: 137, mode: 'pickup', parcel: heavy }),
    ).toBeNull();
  });
});
