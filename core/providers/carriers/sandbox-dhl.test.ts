import { describe, expect, it } from 'vitest';
import { countries, EUR_IN_KOPECKS, worldCities } from './sandbox-data/world.ts';
import { createSandboxDhl } from './sandbox-dhl.ts';

const dhl = createSandboxDhl();
const quote = (countryCode: string, weightGrams = 600) =>
  dhl.quote({ countryCode, city: 'Anywhere', postalCode: null, parcel: { weightGrams, valueKopecks: 0 } });

describe('sandbox DHL: world cities', () => {
  it('knows 150+ cities in 60+ countries', () => {
    expect(worldCities.length).toBeGreaterThanOrEqual(150);
    expect(new Set(worldCities.map((c) => c.countryCode)).size).toBeGreaterThanOrEqual(60);
    expect(worldCities.some((c) => c.countryCode === 'RU')).toBe(false);
  });

  it('suggests by name start, ignoring case and accents, biggest first', async () => {
    expect(await dhl.suggestCities('paris', 5)).toEqual([
      { name: 'Paris', country: 'France', countryCode: 'FR' },
    ]);
    expect((await dhl.suggestCities('zurich', 5)).map((c) => c.name)).toEqual(['Zürich']);
    expect((await dhl.suggestCities('SAO', 5)).map((c) => c.name)).toEqual(['São Paulo']);
    expect((await dhl.suggestCities('lodz', 5)).map((c) => c.name)).toEqual(['Łódź']);
    const san = (await dhl.suggestCities('san', 10)).map((c) => c.name);
    expect(san.slice(0, 3)).toEqual(expect.arrayContaining(['Santiago', 'San Francisco']));
    // «Francisco» is a word start of «San Francisco».
    expect((await dhl.suggestCities('franc', 5)).map((c) => c.name)).toEqual(['San Francisco']);
  });

  it('respects the limit and answers nothing for blank queries', async () => {
    expect(await dhl.suggestCities('a', 4)).toHaveLength(4);
    expect(await dhl.suggestCities(' ', 4)).toEqual([]);
    expect(await dhl.suggestCities('', 4)).toEqual([]);
  });
});

describe('sandbox DHL: rates from Moscow', () => {
  it('prices the first half kilo of each zone from a euro rate card at 100 ₽ per euro', async () => {
    expect(EUR_IN_KOPECKS).toBe(100_00);
    expect((await quote('BY', 500))?.price).toBe(38 * 100_00);
    expect((await quote('DE', 500))?.price).toBe(45 * 100_00);
    expect((await quote('FR', 500))?.price).toBe(52 * 100_00);
    expect((await quote('US', 500))?.price).toBe(72 * 100_00);
    expect((await quote('AU', 500))?.price).toBe(84 * 100_00);
  });

  it('grows with weight and with the zone, terms between 2 and 10 days', async () => {
    let previous = 0;
    for (const weight of [100, 500, 501, 1000, 5000, 10_000, 10_001, 20_000, 30_000]) {
      const price = (await quote('IT', weight))?.price ?? 0;
      expect(price).toBeGreaterThanOrEqual(previous);
      previous = price;
    }
    let cheaper = 0;
    for (const code of ['KZ', 'FI', 'ES', 'TR', 'JP', 'CA', 'BR', 'FJ']) {
      const q = await quote(code, 2000);
      expect(q, code).not.toBeNull();
      expect(q?.price ?? 0).toBeGreaterThan(cheaper);
      expect(q?.periodMin).toBeGreaterThanOrEqual(2);
      expect(q?.periodMax).toBeLessThanOrEqual(10);
      cheaper = q?.price ?? 0;
    }
  });

  it('answers every listed served country, lower or upper case', async () => {
    for (const country of countries.values()) {
      if (country.zone !== null) expect(await quote(country.code.toLowerCase()), country.code).not.toBeNull();
    }
  });

  it('refuses Russia, the unsupported destinations, unknown codes and parcels over 30 kg', async () => {
    for (const code of ['RU', 'KP', 'SY', 'IR', 'XX', '', 'DEU']) expect(await quote(code), code).toBeNull();
    expect(await quote('DE', 30_001)).toBeNull();
    expect(await quote('DE', Number.NaN)).toBeNull();
  });
});
