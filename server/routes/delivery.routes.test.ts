import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSettings } from '../../tests/factories/catalogue.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

const IMPOSSIBLE = 'Невозможно осуществить доставку по этому направлению при заданных условиях';

describe.each(engines)('delivery endpoints on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // 2026-11-20 12:00 Moscow.
    t = await createTestApp(engine, () => new Date('2026-11-20T09:00:00Z'));
    await insertSettings(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('city suggestions', () => {
    it('suggests Russian cities with codes for the courier form', async () => {
      const res = await get('/api/checkout/sdek-cities?query=санкт');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.result).toBe(true);
      expect(body.data[0]).toMatchObject({ code: 137, name: 'Санкт-Петербург' });
      expect(body.data[0].full_name).toContain('Санкт-Петербург');
      expect(typeof body.data[0].latitude).toBe('number');
    });

    it('treats ё as е and answers an empty or unknown query with an empty list', async () => {
      const yo = (await get(`/api/sdek/cities?query=${encodeURIComponent('королев')}`)).json();
      expect(yo.data.map((c: { name: string }) => c.name)).toContain('Королёв');
      expect((await get('/api/sdek/cities?query=')).json()).toEqual({ result: true, data: [] });
      expect((await get('/api/sdek/cities?query=zzzzqqq')).json()).toEqual({ result: true, data: [] });
    });

    it('guesses the city of a client without a query (detection)', async () => {
      const res = await get('/api/checkout/city');
      expect(res.json()).toMatchObject({ result: true, data: [{ code: 44, name: 'Москва' }] });
      const search = (await get(`/api/checkout/city?query=${encodeURIComponent('Казань')}`)).json();
      expect(search.data[0]).toMatchObject({ name: 'Казань' });
    });

    it('suggests cities abroad for the English edition', async () => {
      const res = await get('/api/checkout/en-cities?q=Dub');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { name: string; country: string; countryCode: string }[];
      expect(list.some((c) => c.name === 'Dubai' && c.countryCode === 'AE')).toBe(true);
    });
  });

  describe('prices and terms', () => {
    it('quotes a courier delivery with a term and a latest date in Moscow time', async () => {
      const res = await get('/api/checkout/check-delivery?code=137&weight=1200&summ=15000');
      const body = res.json();
      expect(body.result).toBe(true);
      // DECISIONS 28: whole roubles on the wire, not kopecks.
      expect(body.data.price).toBeGreaterThan(0);
      expect(body.data.price).toBeLessThan(100_000);
      expect(Number.isInteger(body.data.price)).toBe(true);
      expect(body.data.currency).toBe('RUB');
      expect(body.data.periodMax).toBeGreaterThanOrEqual(body.data.periodMin);
      expect(body.data.deliveryMaxDate).toBe(addDays('2026-11-20', body.data.periodMax + 1));
    });

    it('charges more for farther cities and heavier parcels', async () => {
      const price = async (code: number, weight: number) =>
        (await get(`/api/checkout/check-delivery?code=${code}&weight=${weight}`)).json().data.price as number;
      expect(await price(137, 600)).toBeLessThan(await price(270, 600));
      expect(await price(137, 600)).toBeLessThan(await price(137, 6000));
    });

    it('answers an unknown city and an impossible parcel with the spec messages', async () => {
      expect((await get('/api/checkout/check-delivery?code=99999999')).json()).toEqual({
        result: false,
        message: 'Город не определен',
      });
      expect((await get('/api/checkout/check-delivery?code=137&weight=90000')).json()).toEqual({
        result: false,
        message: IMPOSSIBLE,
      });
      expect(
        (await get('/api/checkout/check-delivery?code=137&weight=90000', { 'accept-language': 'en' })).json(),
      ).toEqual({
        result: false,
        message: 'It is impossible to carry out delivery in this direction under the given conditions',
      });
    });

    it('prices a saved address by city name, or says it cannot', async () => {
      const ok = (await get(`/api/checkout/delivery?city=${encodeURIComponent('Казань')}`)).json();
      expect(ok.result).toBe(true);
      const bad = (await get(`/api/checkout/delivery?city=${encodeURIComponent('Нигдеград')}`)).json();
      expect(bad).toEqual({
        result: false,
        message: 'Невозможно рассчитать стоимость доставки. Пожалуйста, укажите другой адрес',
      });
    });

    it('quotes both carriers to pickup points', async () => {
      const sdek = (
        await get('/api/sdek/price?senderCityId=44&receiverCityId=137&recivierCountryCode=RU&summ=5000')
      ).json();
      expect(sdek.result).toBe(true);
      const boxberry = (await get('/api/boxberry/price?city_code=137')).json();
      expect(boxberry.result).toBe(true);
      expect(Number.isInteger(boxberry.data.price)).toBe(true);
      const abroad = (await get('/api/sdek/price?receiverCityId=137&recivierCountryCode=DE')).json();
      expect(abroad).toEqual({ result: false, message: IMPOSSIBLE });
    });

    it('gives the free-delivery minimum in Russian and none in English', async () => {
      expect((await get('/api/checkout/free-delivery')).json()).toEqual({
        result: true,
        data: { freeDeliveryMin: 10_000, city: null, currency: 'RUB' },
      });
      expect((await get('/api/checkout/free-delivery?code=44')).json()).toEqual({
        result: true,
        data: { freeDeliveryMin: 10_000, city: { code: 44, name: 'Москва' }, currency: 'RUB' },
      });
      const en = (await get('/api/checkout/free-delivery?code=44&lang=en')).json();
      expect(en).toEqual({
        result: true,
        data: { freeDeliveryMin: 0, city: { code: 44, name: 'Москва' }, currency: 'RUB' },
      });
    });

    it('answers the free-delivery minimum for the city named by code or by its exact name', async () => {
      const byName = (await get(`/api/checkout/free-delivery?query=${encodeURIComponent('казань')}`)).json();
      expect(byName).toEqual({
        result: true,
        data: {
          freeDeliveryMin: 10_000,
          city: { code: expect.any(Number), name: 'Казань' },
          currency: 'RUB',
        },
      });
      // Тикси: no courier, but pickup points: a carrier delivery there can still be free.
      expect((await get('/api/checkout/free-delivery?code=1489')).json().data.freeDeliveryMin).toBe(10_000);
      // Диксон: no carrier route at all, so no delivery to make free.
      expect((await get('/api/checkout/free-delivery?code=1487')).json()).toEqual({
        result: true,
        data: { freeDeliveryMin: 0, city: { code: 1487, name: expect.any(String) }, currency: 'RUB' },
      });
    });

    it('refuses an unknown city for the free-delivery minimum with the spec message', async () => {
      for (const url of [
        '/api/checkout/free-delivery?code=99999999',
        `/api/checkout/free-delivery?query=${encodeURIComponent('Нигдеград')}`,
        // A prefix is a suggestion, not a city.
        `/api/checkout/free-delivery?query=${encodeURIComponent('Каз')}`,
      ]) {
        expect((await get(url)).json(), url).toEqual({ result: false, message: 'Город не определен' });
      }
      expect((await get('/api/checkout/free-delivery?code=99999999&lang=en')).json().message).toBe(
        'City not found',
      );
    });

    it('prices DHL abroad and refuses Russia as a destination', async () => {
      const dhl = (country: string, city: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/count-delivery/dhl',
          payload: { country, city, weight: 1200 },
        });
      const uae = (await dhl('AE', 'Dubai')).json();
      expect(uae.result).toBe(true);
      expect(uae.data.price).toBeGreaterThan(0);
      expect((await dhl('RU', 'Moscow')).json().result).toBe(false);
    });
  });

  describe('Moscow delivery-price map', () => {
    it('charges the inside price inside the ring road and the outside price beyond it', async () => {
      const inside = (
        await get(`/api/checkout/moscow-price?address=${encodeURIComponent('Тверская улица, 7')}`)
      ).json();
      expect(inside).toMatchObject({ result: true, data: { price: 500, outMKAD: false } });
      expect(inside.data.latitude).toBeCloseTo(55.76, 1);
      const outside = (
        await get(
          `/api/checkout/moscow-price?address=${encodeURIComponent('Зеленоград, корпус 1106')}&getWay=moscow-try`,
        )
      ).json();
      expect(outside).toMatchObject({ result: true, data: { price: 1_200, outMKAD: true } });
    });

    it('says an unknown address was not found', async () => {
      const res = (
        await get(`/api/checkout/moscow-price?address=${encodeURIComponent('qwerty 123')}`)
      ).json();
      expect(res.result).toBe(false);
      expect(res.message).toMatch(/не удалось найти адрес/i);
    });
  });

  describe('pickup points', () => {
    it('lists CDEK and Boxberry points of a city with addresses, hours and phones', async () => {
      for (const url of ['/api/sdek/offices?city_code=137', '/api/boxberry/points?city_code=137']) {
        const body = (await get(url)).json();
        expect(body.result).toBe(true);
        expect(body.data.length).toBeGreaterThan(3);
        const [point] = body.data;
        expect(point.location).toMatchObject({ cityCode: 137, countryCode: 'RU' });
        expect(point.location.address.length).toBeGreaterThan(3);
        expect(point.workTime.length).toBeGreaterThan(3);
        expect(point.phones[0].number).toMatch(/^\+7/);
      }
    });

    it('has more than 200 CDEK points in Moscow and finds a city by postal code', async () => {
      expect((await get('/api/sdek/offices?city_code=44')).json().data.length).toBeGreaterThan(200);
      const byPostal = (await get('/api/sdek/offices?postal_code=190000')).json();
      expect(byPostal.result).toBe(true);
      expect(byPostal.data[0].location.cityCode).toBe(137);
    });

    it('answers an unknown city with the spec message', async () => {
      expect((await get('/api/boxberry/points?city_code=99999999')).json()).toEqual({
        result: false,
        message: 'Город не определен',
      });
    });
  });

  describe('hostile input', () => {
    // Each hostile request and the field its 400 must name.
    const bad: [string, string][] = [
      ['/api/checkout/check-delivery', 'code'],
      ['/api/checkout/check-delivery?code=abc', 'code'],
      ['/api/checkout/check-delivery?code=-1', 'code'],
      ['/api/checkout/check-delivery?code=1e400', 'code'],
      ['/api/checkout/check-delivery?code=137&weight=0', 'weight'],
      ['/api/checkout/check-delivery?code=137&summ=-5', 'summ'],
      // Roubles with at most two decimals (DECISIONS 28).
      ['/api/checkout/check-delivery?code=137&summ=12.345', 'summ'],
      ['/api/checkout/delivery', 'city'],
      ['/api/checkout/delivery?city=', 'city'],
      [`/api/checkout/delivery?city=${'я'.repeat(500)}`, 'city'],
      ['/api/checkout/en-cities', 'q'],
      ['/api/checkout/en-cities?q=%01', 'q'],
      ['/api/sdek/offices', 'city_code'],
      ['/api/sdek/offices?postal_code=12', 'postal_code'],
      ['/api/sdek/offices?city_code[$gt]=1', 'city_code'],
      ['/api/sdek/price?receiverCityId=x', 'receiverCityId'],
      ['/api/sdek/price?receiverCityId=137&recivierCountryCode=RUS', 'recivierCountryCode'],
      ['/api/boxberry/points?city_code=0', 'city_code'],
      ['/api/boxberry/price', 'city_code'],
      ['/api/checkout/moscow-price', 'address'],
      ['/api/checkout/moscow-price?address=ab', 'address'],
      ['/api/checkout/moscow-price?address=Tverskaya%207&getWay=self', 'getWay'],
      [`/api/sdek/cities?query=${'x'.repeat(101)}`, 'query'],
      // The detection guess and the city suggestions.
      [`/api/checkout/city?query=${'x'.repeat(101)}`, 'query'],
      ['/api/checkout/city?query=%1B%5B31m', 'query'],
      ['/api/checkout/city?query=a&query=b', 'query'],
      ['/api/checkout/city?lang=de', 'lang'],
      ['/api/checkout/sdek-cities?query=%01', 'query'],
      [`/api/checkout/sdek-cities?q=${'я'.repeat(101)}`, 'q'],
      ['/api/checkout/sdek-cities?query=a&query=b', 'query'],
      ['/api/checkout/sdek-cities?q=x&lang=xx', 'lang'],
      // The free-delivery minimum by city.
      ['/api/checkout/free-delivery?code=abc', 'code'],
      ['/api/checkout/free-delivery?code=0', 'code'],
      ['/api/checkout/free-delivery?code=-44', 'code'],
      ['/api/checkout/free-delivery?code=1e400', 'code'],
      ['/api/checkout/free-delivery?code=4.5', 'code'],
      ['/api/checkout/free-delivery?code=44&code=137', 'code'],
      ['/api/checkout/free-delivery?query=%07', 'query'],
      [`/api/checkout/free-delivery?query=${'x'.repeat(101)}`, 'query'],
    ];
    it.each(bad)('refuses %s with a 400 naming the field %s', async (url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.result).toBe(false);
      expect(body.field).toBe(field);
      expect(body.message).toContain(`«${field}»`);
      // In English too, with the field in the message.
      const en = await get(url, { 'accept-language': 'en' });
      expect(en.statusCode).toBe(400);
      expect(en.json().message).toContain(field);
    });

    it('refuses a NUL character in any city query before it reaches the carriers', async () => {
      for (const path of ['/api/checkout/city', '/api/checkout/sdek-cities', '/api/checkout/free-delivery']) {
        const res = await get(`${path}?query=%00`);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().result).toBe(false);
      }
    });

    it('answers odd but harmless city queries without a 500', async () => {
      for (const query of ["' OR 1=1 --", '<script>alert(1)</script>', '%', '\\', '😀', '   ']) {
        for (const path of ['/api/checkout/city', '/api/checkout/sdek-cities']) {
          const res = await get(`${path}?query=${encodeURIComponent(query)}`);
          expect(res.statusCode, `${path} ${query}`).toBe(200);
          expect(res.json().result).toBe(true);
          expect(Array.isArray(res.json().data)).toBe(true);
        }
        const free = await get(`/api/checkout/free-delivery?query=${encodeURIComponent(query)}`);
        expect(free.statusCode, query).toBe(200);
      }
    });

    it('refuses a malformed DHL body with a 400', async () => {
      for (const payload of [
        {},
        { country: 'Germany', city: 'Berlin' },
        { country: 'DE' },
        { country: 'DE', city: 'Berlin', weight: 'heavy' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/count-delivery/dhl', payload });
        expect(res.statusCode).toBe(400);
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/count-delivery/dhl',
        headers: { 'content-type': 'application/json' },
        payload: '{"country":',
      });
      expect(raw.statusCode).toBe(400);
    });
  });
});

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
