import { describe, expect, it } from 'vitest';
import { isInsideMkad } from '../../delivery/mkad.rules.ts';
import { distanceKm } from '../carriers/sandbox-data/text.ts';
import { moscowSettlements, moscowStreets } from './sandbox-data/moscow-gazetteer.ts';
import { createSandboxGeocoder } from './sandbox-geocoder.ts';

const geocoder = createSandboxGeocoder();
const inMoscow = (address: string) => geocoder.geocode(address, 'Москва');

describe('the Moscow gazetteer', () => {
  it('holds about 150 streets and the settlements beyond the ring road', () => {
    expect(moscowStreets.length).toBeGreaterThanOrEqual(150);
    expect(moscowSettlements.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'Зеленоград',
        'Коммунарка',
        'Троицк',
        'Щербинка',
        'Внуково',
        'Митино',
        'Новокосино',
      ]),
    );
  });

  it('agrees with the MKAD polygon: every vertex inside unless the street is marked outside', () => {
    for (const street of moscowStreets) {
      for (const point of street.path) {
        expect(isInsideMkad(point.latitude, point.longitude), street.name).toBe(!street.outside);
      }
    }
    for (const settlement of moscowSettlements) {
      expect(isInsideMkad(settlement.latitude, settlement.longitude), settlement.name).toBe(false);
    }
  });
});

describe('sandbox geocoder: Moscow addresses', () => {
  it('finds a house on Тверская inside the MKAD, as Yandex would spell it', async () => {
    const found = await inMoscow('Тверская улица, 7');
    expect(found).toMatchObject({ precision: 'house', text: 'Россия, Москва, Тверская улица, 7' });
    expect(found?.latitude).toBeCloseTo(55.7613, 3);
    expect(found?.longitude).toBeCloseTo(37.6091, 3);
    expect(isInsideMkad(found?.latitude ?? 0, found?.longitude ?? 0)).toBe(true);
  });

  it.each([
    'ул. Тверская, д. 7',
    'улица Тверская 7',
    'Тверская ул 7',
    'ТВЕРСКАЯ, дом 7',
    '7, Тверская',
    'Москва, Тверская, 7, кв. 15',
    '125009, Россия, г. Москва, ул. Тверская, д.7',
  ])('reads «%s» as Тверская улица, 7', async (address) => {
    const found = await inMoscow(address);
    expect(found?.text).toBe('Россия, Москва, Тверская улица, 7');
    expect(found?.precision).toBe('house');
  });

  it('reads the abbreviations of street kinds in any word order', async () => {
    expect((await inMoscow('Ленинский пр-т, 50'))?.text).toBe('Россия, Москва, Ленинский проспект, 50');
    expect((await inMoscow('проспект Ленинский 50'))?.text).toBe('Россия, Москва, Ленинский проспект, 50');
    expect((await inMoscow('Ленинский пр-кт д 50'))?.text).toBe('Россия, Москва, Ленинский проспект, 50');
    expect((await inMoscow('Варшавское ш., 100'))?.text).toBe('Россия, Москва, Варшавское шоссе, 100');
    expect((await inMoscow('Тверской б-р 10'))?.text).toBe('Россия, Москва, Тверской бульвар, 10');
    expect((await inMoscow('пр-т Мира, 20'))?.text).toBe('Россия, Москва, проспект Мира, 20');
    expect((await inMoscow('Щелковское шоссе, 5'))?.text).toBe('Россия, Москва, Щёлковское шоссе, 5');
    expect((await inMoscow('садовая кудринская 5'))?.text).toBe(
      'Россия, Москва, Садовая-Кудринская улица, 5',
    );
  });

  it('prefers the street with more matching words and the matching kind', async () => {
    expect((await inMoscow('Новый Арбат, 15'))?.text).toBe('Россия, Москва, улица Новый Арбат, 15');
    expect((await inMoscow('Арбат, 15'))?.text).toBe('Россия, Москва, улица Арбат, 15');
    expect((await inMoscow('Тверской бульвар, 10'))?.text).toBe('Россия, Москва, Тверской бульвар, 10');
    expect((await inMoscow('1-я Тверская-Ямская, 10'))?.text).toBe(
      'Россия, Москва, 1-я Тверская-Ямская улица, 10',
    );
  });

  it('tells streets of the same name apart by their kind, abbreviated or not', async () => {
    expect((await inMoscow('Таганская пл., 1'))?.text).toBe('Россия, Москва, Таганская площадь, 1');
    expect((await inMoscow('площадь Таганская 1'))?.text).toBe('Россия, Москва, Таганская площадь, 1');
    expect((await inMoscow('Таганская ул., 10'))?.text).toBe('Россия, Москва, Таганская улица, 10');
    expect((await inMoscow('ул Таганская 10'))?.text).toBe('Россия, Москва, Таганская улица, 10');
  });

  it('parses corpus, building, letter and corner numbers', async () => {
    expect((await inMoscow('Тверская 7к2'))?.text).toBe('Россия, Москва, Тверская улица, 7к2');
    expect((await inMoscow('Тверская 7 корп. 2'))?.text).toBe('Россия, Москва, Тверская улица, 7к2');
    expect((await inMoscow('Тверская 7 стр 1'))?.text).toBe('Россия, Москва, Тверская улица, 7с1');
    expect((await inMoscow('Тверская, д. 7, стр. 1'))?.text).toBe('Россия, Москва, Тверская улица, 7с1');
    expect((await inMoscow('Тверская 7а'))?.text).toBe('Россия, Москва, Тверская улица, 7а');
    expect((await inMoscow('Мясницкая ул., 24/7с1'))?.text).toBe('Россия, Москва, Мясницкая улица, 24/7с1');
  });

  it('moves the point along the street with the house number, deterministically', async () => {
    const first = await inMoscow('Профсоюзная, 1');
    const middle = await inMoscow('Профсоюзная, 80');
    const last = await inMoscow('Профсоюзная, 156');
    if (!first || !middle || !last) throw new Error('not found');
    // Numbering runs south-west from the centre.
    expect(first.latitude).toBeGreaterThan(middle.latitude);
    expect(middle.latitude).toBeGreaterThan(last.latitude);
    expect(distanceKm(first, last)).toBeGreaterThan(5);
    const near = await inMoscow('Профсоюзная, 81');
    expect(distanceKm(middle, near ?? first)).toBeLessThan(0.2);
    expect(await inMoscow('Профсоюзная, 80')).toEqual(middle);
    // A corpus moves the point a little, not off the street.
    const corpus = await inMoscow('Профсоюзная, 80к3');
    expect(corpus).not.toEqual(middle);
    expect(distanceKm(middle, corpus ?? first)).toBeLessThan(0.1);
  });

  it('answers the middle of the street at street precision without a house or beyond the last one', async () => {
    expect(await inMoscow('Профсоюзная улица')).toMatchObject({
      precision: 'street',
      text: 'Россия, Москва, Профсоюзная улица',
    });
    expect((await inMoscow('Профсоюзная, 999'))?.precision).toBe('street');
  });

  it('finds settlements and outer districts beyond the ring road', async () => {
    for (const [address, name] of [
      ['Зеленоград, корп. 1106', 'Зеленоград'],
      ['пос. Коммунарка', 'Коммунарка'],
      ['Троицк', 'Троицк'],
      ['Щербинка', 'Щербинка'],
      ['Внуково', 'Внуково'],
      ['Южное Бутово', 'Южное Бутово'],
      ['Северное Бутово', 'Северное Бутово'],
      ['Митино', 'Митино'],
    ] as const) {
      const found = await inMoscow(address);
      expect(found?.text, address).toBe(`Россия, Москва, ${name}`);
      expect(found?.precision).toBe('street');
      expect(isInsideMkad(found?.latitude ?? 0, found?.longitude ?? 0), address).toBe(false);
    }
  });

  it('finds the streets of outer districts outside the MKAD and central streets inside', async () => {
    for (const address of [
      'Митинская улица, 10',
      'Зеленоград, Центральный проспект, 5',
      'Солнцевский пр-т, 20',
    ]) {
      const found = await inMoscow(address);
      expect(found?.precision, address).toBe('house');
      expect(isInsideMkad(found?.latitude ?? 0, found?.longitude ?? 0), address).toBe(false);
    }
    for (const address of [
      'Арбат 10',
      'Никольская 5',
      'Кутузовский проспект 30',
      'Профсоюзная 150',
      'Варшавское шоссе 160',
    ]) {
      const found = await inMoscow(address);
      expect(found?.precision, address).toBe('house');
      expect(isInsideMkad(found?.latitude ?? 0, found?.longitude ?? 0), address).toBe(true);
    }
  });

  it('does not take an adjective before a street kind for a settlement', async () => {
    expect(await inMoscow('Московский проспект, 5')).toBeNull();
    expect((await inMoscow('поселение Московский, 1'))?.text).toBe('Россия, Москва, Московский');
  });

  it('answers null for an address with nothing recognisable in Moscow', async () => {
    for (const address of [
      '',
      '   ',
      'asdf',
      'Химки, ул. Ленина, 1',
      '12345678',
      'ул. Несуществующая, 5',
      '%%%',
    ]) {
      expect(await inMoscow(address), address).toBeNull();
    }
  });

  it('reads the locality loosely', async () => {
    expect((await geocoder.geocode('Тверская 7', 'г. Москва'))?.precision).toBe('house');
    expect((await geocoder.geocode('Тверская 7', 'МОСКВА'))?.precision).toBe('house');
    expect((await geocoder.geocode('Тверская 7', 'Moscow'))?.precision).toBe('house');
  });
});

describe('sandbox geocoder: other localities', () => {
  it('falls back to the locality centre for a non-empty address', async () => {
    expect(await geocoder.geocode('Невский пр-т, 1', 'Санкт-Петербург')).toEqual({
      latitude: 59.93863,
      longitude: 30.31413,
      text: 'Россия, Санкт-Петербург',
      precision: 'locality',
      postalCode: '190000',
    });
    expect(await geocoder.geocode('ул. Ленина, 1', 'Королёв')).toMatchObject({
      precision: 'locality',
      text: 'Россия, Московская область, Королёв',
      postalCode: '141070',
    });
    expect(await geocoder.geocode('ул. Ленина, 1', 'королев')).not.toBeNull();
  });

  it('uses the gazetteer for a Moscow settlement given as the locality', async () => {
    expect((await geocoder.geocode('Центральный проспект, 5', 'Зеленоград'))?.precision).toBe('house');
    expect((await geocoder.geocode('корп. 1106', 'Зеленоград'))?.precision).toBe('locality');
    // A central Moscow street is not in Zelenograd.
    expect((await geocoder.geocode('Тверская 7', 'Зеленоград'))?.precision).toBe('locality');
  });

  it('answers null for an empty address or an unknown locality', async () => {
    expect(await geocoder.geocode('', 'Санкт-Петербург')).toBeNull();
    expect(await geocoder.geocode('ул. Ленина, 1', 'Нигдеград')).toBeNull();
  });
});

describe('sandbox geocoder: locateIp', () => {
  it.each([
    ['127.0.0.1', 'Москва'],
    ['10.1.2.3', 'Москва'],
    ['192.168.0.10', 'Москва'],
    ['::1', 'Москва'],
    ['8.8.8.8', 'Москва'],
    ['203.0.113.5', 'Санкт-Петербург'],
    ['::ffff:203.0.113.200', 'Санкт-Петербург'],
    ['192.0.2.44', 'Казань'],
    ['2001:db8::1', 'Новосибирск'],
  ])('places %s in %s', async (ip, city) => {
    expect(await geocoder.locateIp(ip)).toEqual({ city });
  });

  it('has no guess for the 198.51.100.0/24 test range or a string that is not an address', async () => {
    for (const ip of ['198.51.100.7', '', 'localhost', '300.1.1.1', '1.2.3'])
      expect(await geocoder.locateIp(ip), ip).toBeNull();
  });
});
