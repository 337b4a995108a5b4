import { describe, expect, it } from 'vitest';
import { startYandexGeocoderFake } from '../../../tests/fakes/yandex-geocoder-fake.ts';
import { clearCalls, useFake } from '../../../tests/support/use-fake.ts';
import { isInsideMkad } from '../../delivery/mkad.rules.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createYandexGeocoder } from './yandex-geocoder.ts';

describe('Yandex Geocoder against its fake (integrations.md §8)', () => {
  const fake = useFake(startYandexGeocoderFake, clearCalls);
  const geocoder = () =>
    createYandexGeocoder({ apiKey: fake.apiKey, url: fake.url, requestTimeoutMs: 1_000 });

  it('reads a house from Point.pos (longitude first), inside the ring road', async () => {
    const point = await geocoder().geocode('Тверская улица, 7', 'Москва');
    expect(point).toEqual({
      latitude: 55.761627,
      longitude: 37.609218,
      text: 'Россия, Москва, Тверская улица, 7',
      precision: 'house',
      postalCode: '125009',
    });
    expect(isInsideMkad(point?.latitude ?? 0, point?.longitude ?? 0)).toBe(true);
    const [call] = fake.calls;
    expect(call?.get('apikey')).toBe(fake.apiKey);
    expect(call?.get('geocode')).toBe('Москва, Тверская улица, 7');
    expect(call?.get('format')).toBe('json');
    expect(call?.get('lang')).toBe('ru_RU');
    expect(call?.get('results')).toBe('1');
  });

  it('places Zelenograd outside the ring road, and does not repeat a locality the address names', async () => {
    const point = await geocoder().geocode('Москва, Зеленоград, корп. 1106', 'Москва');
    expect(point?.precision).toBe('house');
    expect(isInsideMkad(point?.latitude ?? 0, point?.longitude ?? 0)).toBe(false);
    expect(fake.calls[0]?.get('geocode')).toBe('Москва, Зеленоград, корп. 1106');
  });

  it('a street alone has street precision', async () => {
    expect((await geocoder().geocode('Тверская', 'Москва'))?.precision).toBe('street');
  });

  it('nothing found, an empty address and a place abroad are null', async () => {
    expect(await geocoder().geocode('asdf qwerty', 'Москва')).toBeNull();
    expect(await geocoder().geocode('   ', 'Москва')).toBeNull();
    expect(await geocoder().geocode('Минск', '')).toBeNull();
    expect(fake.calls).toHaveLength(2);
  });

  it('a refused key, a server error and an undocumented body are faults, not "not found"', async () => {
    const wrongKey = createYandexGeocoder({ apiKey: 'wrong', url: fake.url });
    await expect(wrongKey.geocode('Тверская улица, 7', 'Москва')).rejects.toThrow(/HTTP 403/);
    fake.failure = 'http500';
    await expect(geocoder().geocode('Тверская улица, 7', 'Москва')).rejects.toThrow(/HTTP 500/);
    fake.failure = 'garbage';
    await expect(geocoder().geocode('Тверская улица, 7', 'Москва')).rejects.toThrow(/unexpected body/);
  });

  it('a slow answer within the deadline is used; a hanging one is cut off by the guard', async () => {
    fake.delayMs = 200;
    expect((await geocoder().geocode('Тверская улица, 7', 'Москва'))?.precision).toBe('house');
    fake.delayMs = 3_000;
    const guarded = withTimeout(geocoder(), 'geocoder', 300);
    await expect(guarded.geocode('Тверская улица, 7', 'Москва')).rejects.toBeInstanceOf(ProviderTimeoutError);
    // The adapter's own deadline ends the request even without the guard.
    await expect(geocoder().geocode('Тверская улица, 7', 'Москва')).rejects.toThrow(/timeout|aborted/i);
  });

  it('makes no guess for a client address', async () => {
    expect(await geocoder().locateIp('203.0.113.5')).toBeNull();
  });
});
