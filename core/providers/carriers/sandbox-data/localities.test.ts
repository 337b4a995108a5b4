import { describe, expect, it } from 'vitest';
import { localities, localityByCode, localityByPostalCode } from './localities.ts';

describe('the sandbox localities', () => {
  it('holds at least 120 Russian localities with unique codes and names', () => {
    expect(localities.length).toBeGreaterThanOrEqual(120);
    expect(new Set(localities.map((l) => l.city.code)).size).toBe(localities.length);
    expect(new Set(localities.map((l) => l.city.name)).size).toBe(localities.length);
  });

  it('keeps the real CDEK codes of the big cities', () => {
    const codes = {
      44: 'Москва',
      137: 'Санкт-Петербург',
      270: 'Новосибирск',
      250: 'Екатеринбург',
      424: 'Казань',
    };
    for (const [code, name] of Object.entries(codes))
      expect(localityByCode(Number(code))?.city.name).toBe(name);
    expect(localityByCode(414)?.city.name).toBe('Нижний Новгород');
  });

  it('gives Boxberry city codes that are unique, Moscow 68', () => {
    const codes = localities.flatMap((l) => (l.boxberry ? [l.boxberry.cityCode] : []));
    expect(new Set(codes).size).toBe(codes.length);
    expect(localityByCode(44)?.boxberry?.cityCode).toBe('68');
    expect(localities.filter((l) => l.boxberry === null).map((l) => l.city.name)).toEqual(
      expect.arrayContaining(['Анадырь', 'Магадан', 'Диксон']),
    );
  });

  it('spells full names as CDEK does', () => {
    expect(localityByCode(1154)?.city.fullName).toBe('Королёв, Московская обл., Россия');
    expect(localityByCode(44)?.city.fullName).toBe('Москва, Россия');
    expect(localityByCode(424)?.city.fullName).toBe('Казань, респ. Татарстан, Россия');
    expect(localityByCode(1104)?.city.fullName).toBe('Зеленоград, Москва, Россия');
  });

  it('has six-digit postal codes, coordinates in Russia and valid IANA time zones', () => {
    for (const { city } of localities) {
      expect(city.countryCode).toBe('RU');
      expect(city.postalCodes.length).toBeGreaterThan(0);
      for (const code of city.postalCodes) expect(code).toMatch(/^\d{6}$/);
      expect(city.latitude).toBeGreaterThan(41);
      expect(city.latitude).toBeLessThan(78);
      // Kaliningrad in the west, Anadyr in the east.
      expect(city.longitude).toBeGreaterThan(19);
      expect(city.longitude).toBeLessThan(180);
      expect(() => new Intl.DateTimeFormat('ru', { timeZone: city.timeZone })).not.toThrow();
    }
    expect(localityByCode(152)?.city.timeZone).toBe('Europe/Kaliningrad');
    expect(localityByCode(293)?.city.timeZone).toBe('Asia/Kamchatka');
  });

  it('finds a locality by a listed postal code, then by a claimed prefix', () => {
    expect(localityByPostalCode('141070')?.city.name).toBe('Королёв');
    expect(localityByPostalCode('125009')?.city.name).toBe('Москва');
    expect(localityByPostalCode('124498')?.city.name).toBe('Зеленоград');
    expect(localityByPostalCode('124000')?.city.name).toBe('Зеленоград');
    expect(localityByPostalCode('108840')?.city.name).toBe('Троицк');
    expect(localityByPostalCode('108801')?.city.name).toBe('Москва');
    expect(localityByPostalCode('197000')?.city.name).toBe('Санкт-Петербург');
    expect(localityByPostalCode('999999')).toBeNull();
    expect(localityByPostalCode('12345')).toBeNull();
    expect(localityByPostalCode('abcdef')).toBeNull();
  });
});
