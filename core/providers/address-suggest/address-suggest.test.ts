import { describe, expect, it } from 'vitest';
import { startDadataFake } from '../../../tests/fakes/dadata-fake.ts';
import { clearCalls, useFake } from '../../../tests/support/use-fake.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createDadataAddressSuggest } from './dadata-address-suggest.ts';
import { createSandboxAddressSuggest } from './sandbox-address-suggest.ts';

describe('sandbox address suggestions (the Moscow gazetteer)', () => {
  const sandbox = createSandboxAddressSuggest();

  it('offers streets whose words start with what was typed, kind words skipped', async () => {
    const streets = await sandbox.suggest('ул. тверс', 'Москва', 10);
    expect(streets[0]).toEqual({
      value: 'Тверская улица, ',
      full: 'Москва, Тверская улица',
      postalCode: null,
      house: false,
    });
    expect(streets.every((s) => !s.house)).toBe(true);
    expect((await sandbox.suggest('арбат нов', '', 10)).map((s) => s.value)).toEqual(['улица Новый Арбат, ']);
  });

  it('a house number the street has makes a complete address', async () => {
    expect(await sandbox.suggest('Тверская 7', 'г. Москва', 5)).toContainEqual({
      value: 'Тверская улица, 7',
      full: 'Москва, Тверская улица, 7',
      postalCode: null,
      house: true,
    });
    expect((await sandbox.suggest('Тверская 999', 'Москва', 5))[0]?.house).toBe(false);
  });

  it('keeps to a Moscow settlement, has nothing for other cities, nonsense or a bare number, and keeps the limit', async () => {
    expect((await sandbox.suggest('центральный', 'Зеленоград', 5)).map((s) => s.full)).toEqual([
      'Москва, Зеленоград, Центральный проспект',
    ]);
    expect(await sandbox.suggest('тверская', 'Казань', 5)).toEqual([]);
    expect(await sandbox.suggest('qwxz', 'Москва', 5)).toEqual([]);
    expect(await sandbox.suggest('7', 'Москва', 5)).toEqual([]);
    expect((await sandbox.suggest('у', 'Москва', 3)).length).toBeLessThanOrEqual(3);
  });
});

describe('DaData address suggestions against its fake', () => {
  const fake = useFake(startDadataFake, clearCalls);
  const dadata = () =>
    createDadataAddressSuggest({ apiKey: fake.apiKey, url: fake.url, requestTimeoutMs: 1_000 });

  it('asks within the city, from the street to the house, and reads value, full address, postcode and house', async () => {
    const found = await dadata().suggest('тверская 7', 'Москва', 5);
    expect(found).toEqual([
      {
        value: 'ул Тверская, д 7',
        full: '125009, г Москва, ул Тверская, д 7',
        postalCode: '125009',
        house: true,
      },
    ]);
    expect(fake.calls[0]).toEqual({
      query: 'тверская 7',
      count: 5,
      locations: [{ city: 'Москва' }],
      restrict_value: true,
      from_bound: { value: 'street' },
      to_bound: { value: 'house' },
    });
    const streets = await dadata().suggest('тверская', 'Москва', 10);
    expect(streets.map((s) => [s.value, s.house])).toEqual([
      ['ул Тверская', false],
      ['ул Тверская, д 7', true],
      ['ул Тверская, д 17', true],
      ['ул Тверская-Ямская 1-я', false],
    ]);
    expect((await dadata().suggest('тверская', 'Санкт-Петербург', 10)).map((s) => s.full)).toEqual([
      '191015, г Санкт-Петербург, ул Тверская, д 1',
    ]);
  });

  it('an empty query asks nothing', async () => {
    expect(await dadata().suggest('  ', 'Москва', 5)).toEqual([]);
    expect(fake.calls).toHaveLength(0);
  });

  it('a refused key, errors, rate limits and bad bodies are faults; a hanging answer is cut off', async () => {
    await expect(
      createDadataAddressSuggest({ apiKey: 'wrong', url: fake.url }).suggest('тверская', 'Москва', 5),
    ).rejects.toThrow(/HTTP 403/);
    fake.failure = 'http500';
    await expect(dadata().suggest('тверская', 'Москва', 5)).rejects.toThrow(/HTTP 500/);
    fake.failure = 'limit';
    await expect(dadata().suggest('тверская', 'Москва', 5)).rejects.toThrow(/HTTP 429/);
    fake.failure = 'garbage';
    await expect(dadata().suggest('тверская', 'Москва', 5)).rejects.toThrow(/unexpected body/);
    fake.failure = null;
    fake.delayMs = 200;
    expect(await dadata().suggest('тверская 7', 'Москва', 5)).toHaveLength(1);
    fake.delayMs = 2_000;
    await expect(
      withTimeout(dadata(), 'addressSuggest', 300).suggest('тверская', 'Москва', 5),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(dadata().suggest('тверская', 'Москва', 5)).rejects.toThrow(/timeout|aborted/i);
  });
});
