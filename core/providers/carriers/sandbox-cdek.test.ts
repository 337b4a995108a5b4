import { describe, expect, it } from 'vitest';
import { isInsideMkad } from '../../delivery/mkad.rules.ts';
import type { DeliveryMode } from './carrier-provider.ts';
import { createSandboxCdek } from './sandbox-cdek.ts';
import { localities, localityByCode } from './sandbox-data/localities.ts';
import { allPoints, spreadRadiusKm } from './sandbox-data/pickup-points.ts';
import { MAX_WEIGHT_GRAMS } from './sandbox-data/tariffs.ts';
import { distanceKm } from './sandbox-data/text.ts';

const cdek = createSandboxCdek();
const parcel = (weightGrams: number, valueKopecks = 0) => ({ weightGrams, valueKopecks });
const quote = (toCityCode: number, mode: DeliveryMode, weightGrams = 600, valueKopecks = 0) =>
  cdek.quote({ fromCityCode: 44, toCityCode, mode, parcel: parcel(weightGrams, valueKopecks) });
const names = async (query: string, limit = 10) =>
  (await cdek.suggestCities(query, limit)).map((c) => c.name);

describe('sandbox CDEK: city suggestions', () => {
  it('puts the exact name first, then names that start with the query, then word starts, then substrings', async () => {
    expect(await names('Москва', 3)).toEqual(['Москва']);
    expect(await names('мос', 2)).toEqual(['Москва', 'Московский']);
    // «Новосибирск» starts with it; «Иваново» only contains it.
    const found = await names('ново');
    expect(found.slice(0, 3)).toEqual(['Новосибирск', 'Новокузнецк', 'Новороссийск']);
    expect(found.indexOf('Иваново')).toBeGreaterThan(found.indexOf('Новороссийск'));
    // A word start inside a hyphenated or two-word name beats a plain substring.
    expect(await names('камчат')).toEqual(['Петропавловск-Камчатский']);
    expect((await names('уренгой'))[0]).toBe('Новый Уренгой');
  });

  it('orders equal matches by population', async () => {
    const found = await names('с', 4);
    expect(found[0]).toBe('Санкт-Петербург');
    expect(found).toContain('Самара');
  });

  it('reads ё as е and ignores case and surrounding spaces', async () => {
    expect(await names('КОРОЛЕВ')).toEqual(['Королёв']);
    expect(await names('  королёв ')).toEqual(['Королёв']);
    expect(await names('щелково')).toEqual(['Щёлково']);
    expect(await names('орел')).toContain('Орёл');
  });

  it('respects the limit and answers nothing for a blank query', async () => {
    expect(await cdek.suggestCities('а', 3)).toHaveLength(3);
    expect(await cdek.suggestCities('а', 0)).toEqual([]);
    expect(await cdek.suggestCities('', 10)).toEqual([]);
    expect(await cdek.suggestCities('   ', 10)).toEqual([]);
  });

  it('never throws on odd strings', async () => {
    for (const query of [
      '%',
      '.*',
      '\\',
      '((',
      'ё'.repeat(5000),
      '\u0000',
      '🙂',
      'Королёв, Московская обл., Россия',
    ]) {
      await expect(cdek.suggestCities(query, 5)).resolves.toBeInstanceOf(Array);
    }
    expect(await names('Королёв, Московская обл., Россия')).toEqual(['Королёв']);
  });

  it('looks cities up by code and by postal code', async () => {
    expect((await cdek.cityByCode(270))?.name).toBe('Новосибирск');
    expect(await cdek.cityByCode(-1)).toBeNull();
    expect((await cdek.cityByPostalCode('190000'))?.code).toBe(137);
    expect(await cdek.cityByPostalCode('не индекс')).toBeNull();
  });
});

describe('sandbox CDEK: pickup points', () => {
  const points = allPoints('sdek');

  it('gives every point a unique code of the CDEK form', () => {
    expect(new Set(points.map((p) => p.code)).size).toBe(points.length);
    for (const point of points) expect(point.code).toMatch(/^[A-Z0-9]{2,4}\d+$/);
  });

  it('has more than 250 Moscow points, mostly inside the ring road and some beyond it', async () => {
    const moscow = await cdek.pickupPoints(44);
    expect(moscow.length).toBeGreaterThan(250);
    expect(moscow.every((p) => p.code.startsWith('MSK'))).toBe(true);
    const outside = moscow.filter((p) => !isInsideMkad(p.location.latitude, p.location.longitude));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.length / moscow.length).toBeLessThan(0.2);
    expect(moscow.filter((p) => p.nearestMetro !== null).length / moscow.length).toBeGreaterThan(0.8);
    expect(moscow.some((p) => p.type === 'POSTAMAT')).toBe(true);
  });

  it('sizes the network by the city: 20 to 80 in big cities, 1 to 5 in small towns, none in Диксон', async () => {
    expect((await cdek.pickupPoints(137)).length).toBe(80);
    const novosibirsk = (await cdek.pickupPoints(270)).length;
    expect(novosibirsk).toBeGreaterThanOrEqual(20);
    expect(novosibirsk).toBeLessThanOrEqual(80);
    const istra = (await cdek.pickupPoints(1178)).length;
    expect(istra).toBeGreaterThanOrEqual(1);
    expect(istra).toBeLessThanOrEqual(5);
    expect(await cdek.pickupPoints(1487)).toEqual([]);
    expect(await cdek.pickupPoints(999_999)).toEqual([]);
  });

  it('keeps every point within a sane radius of its city centre', () => {
    for (const point of points) {
      const locality = localityByCode(point.location.cityCode);
      expect(locality).not.toBeNull();
      if (!locality) continue;
      const km = distanceKm(locality.city, point.location);
      expect(km, `${point.code} ${point.location.address}`).toBeLessThanOrEqual(
        spreadRadiusKm(locality) + 0.5,
      );
    }
  });

  it('fills addresses, phones of the city area code and work hours', async () => {
    const [point] = await cdek.pickupPoints(424);
    expect(point?.location.city).toBe('Казань');
    expect(point?.location.addressFull).toContain('Республика Татарстан, Казань, ');
    expect(point?.location.addressFull.startsWith(point.location.postalCode)).toBe(true);
    const phones = (await cdek.pickupPoints(424)).flatMap((p) => p.phones.map((phone) => phone.number));
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^\+7 \(843\) \d{3}-\d{2}-\d{2}$/);
    for (const p of points) expect(p.workTime).toMatch(/\d\d:\d\d-\d\d:\d\d/);
  });

  it('is deterministic and hands out copies', async () => {
    const first = await cdek.pickupPoints(44);
    const again = await createSandboxCdek().pickupPoints(44);
    expect(again).toEqual(first);
    const [mutable] = first;
    if (mutable) mutable.name = 'changed';
    expect((await cdek.pickupPoints(44))[0]?.name).not.toBe('changed');
  });
});

describe('sandbox CDEK: tariffs', () => {
  it('prices in whole roubles with a term', async () => {
    const q = await quote(137, 'pickup');
    expect(q).not.toBeNull();
    expect((q?.price ?? 1) % 100).toBe(0);
    expect(q?.periodMin).toBeLessThanOrEqual(q?.periodMax ?? 0);
  });

  it('grows with the weight, a step per 500 g started', async () => {
    let previous = 0;
    for (const weight of [100, 500, 501, 1000, 2500, 10_000, MAX_WEIGHT_GRAMS]) {
      const price = (await quote(270, 'door', weight))?.price ?? 0;
      expect(price).toBeGreaterThanOrEqual(previous);
      previous = price;
    }
    expect((await quote(270, 'door', 501))?.price).toBeGreaterThan(
      (await quote(270, 'door', 500))?.price ?? 0,
    );
  });

  it('grows with the distance from Moscow, in price and in term', async () => {
    const moscow = localityByCode(44);
    if (!moscow) throw new Error('no Moscow');
    const byDistance = [...localities]
      .filter((l) => l.cdek.points > 0)
      .sort((a, b) => distanceKm(moscow.city, a.city) - distanceKm(moscow.city, b.city));
    let previous = { price: 0, periodMax: 0 };
    for (const locality of byDistance) {
      const q = await quote(locality.city.code, 'pickup');
      expect(q, locality.city.name).not.toBeNull();
      expect(q?.price ?? 0).toBeGreaterThanOrEqual(previous.price);
      expect(q?.periodMax ?? 0).toBeGreaterThanOrEqual(previous.periodMax);
      previous = q ?? previous;
    }
    expect((await quote(295, 'pickup'))?.price).toBeGreaterThan((await quote(1153, 'pickup'))?.price ?? 0);
  });

  it('charges more to the door than to a pickup point', async () => {
    for (const code of [44, 137, 1154, 316]) {
      expect((await quote(code, 'door'))?.price).toBeGreaterThan((await quote(code, 'pickup'))?.price ?? 0);
    }
  });

  it('adds insurance on the declared value', async () => {
    const cheap = (await quote(137, 'pickup', 600, 0))?.price ?? 0;
    // 0.75 % of 20 000 ₽ = 150 ₽.
    expect((await quote(137, 'pickup', 600, 20_000_00))?.price).toBe(cheap + 150_00);
  });

  it('refuses the documented inputs', async () => {
    // Диксон: no courier and no point.
    expect(await quote(1487, 'door')).toBeNull();
    expect(await quote(1487, 'pickup')).toBeNull();
    // Тикси: a point but no courier.
    expect(await quote(1489, 'door')).toBeNull();
    expect(await quote(1489, 'pickup')).not.toBeNull();
    // Over 30 kg.
    expect(await quote(137, 'door', MAX_WEIGHT_GRAMS + 1)).toBeNull();
    expect(await quote(137, 'pickup', 31_000)).toBeNull();
    // Unknown cities and odd numbers.
    expect(await quote(999_999, 'door')).toBeNull();
    expect(
      await cdek.quote({ fromCityCode: 1, toCityCode: 137, mode: 'door', parcel: parcel(600) }),
    ).toBeNull();
    expect(await quote(137, 'door', Number.NaN)).toBeNull();
  });
});

describe('sandbox CDEK: printed forms', () => {
  it('prints a waybill and a label as a valid one-page PDF whose cross-reference table points at each object', async () => {
    const parcel = { carrierId: 'sandbox-sdek-10001', trackingNumber: '1000010001' };
    for (const kind of ['waybill', 'label'] as const) {
      const document = await cdek.printDocument?.(parcel, kind);
      expect(document?.kind).toBe(kind);
      const pdf = Buffer.from(document?.base64 ?? '', 'base64').toString('latin1');
      expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
      expect(pdf).toContain('(Tracking 1000010001)');
      const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
      expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
      const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(offsets).toHaveLength(5);
      offsets.forEach((offset, i) => {
        expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
      });
    }
    await expect(cdek.printDocument?.(parcel, 'invoice')).rejects.toThrow(/no customs invoice/);
  });
});

describe('sandbox CDEK: parcels', () => {
  it('gives a parcel with its own reference (an exchange) its own id and number, never the order’s', async () => {
    const request = {
      orderNumber: 10012,
      mode: 'pickup' as const,
      recipient: { name: 'Анна', phone: '79161234567', email: 'anna@example.com' },
      destination: {
        cityCode: 44,
        city: 'Москва',
        countryCode: 'RU',
        postalCode: '101000',
        address: '',
        pickupPointCode: 'MSK1',
      },
      parcel: { weightGrams: 600, valueKopecks: 499_000 },
      items: [{ sku: 'v1', name: 'Платье, 44', price: 499_000, count: 1, weightGrams: 600 }],
    };
    const order = await cdek.createShipment(request);
    const exchange = await cdek.createShipment({ ...request, reference: '10012-E5001' });
    expect(order).toEqual({ carrierId: 'sandbox-sdek-10012', trackingNumber: '1000010012' });
    expect(exchange).toEqual({ carrierId: 'sandbox-sdek-10012-E5001', trackingNumber: '11100125001' });
  });
});
