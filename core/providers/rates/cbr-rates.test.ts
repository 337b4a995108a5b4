import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CbrFake, encodeWindows1251, sampleDay, startCbrFake } from '../../../tests/fakes/cbr-fake.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../tests/setup/test-database.ts';
import { clearCalls, useFake } from '../../../tests/support/use-fake.ts';
import { createRatesService } from '../../rates/rates.service.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import { createCbrRatesProvider, parseCbrDaily } from './cbr-rates.ts';

const xml = (body: string) => encodeWindows1251(`<?xml version="1.0" encoding="windows-1251"?>${body}`);

describe('the Central Bank daily document (integrations.md §7)', () => {
  it('reads windows-1251 XML with decimal commas, per one unit, in ten-thousandths', () => {
    const body = xml(
      '<ValCurs Date="04.10.2024" name="Foreign Currency Market">' +
        '<Valute ID="R01230"><NumCode>784</NumCode><CharCode>AED</CharCode><Nominal>1</Nominal><Name>Дирхам ОАЭ</Name><Value>25,8751</Value><VunitRate>25,8751</VunitRate></Valute>' +
        '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>95,0352</Value><VunitRate>95,0352</VunitRate></Valute>' +
        '<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>104,6898</Value><VunitRate>104,6898</VunitRate></Valute>' +
        '</ValCurs>',
    );
    // The bytes really are windows-1251: «Дирхам» is not UTF-8.
    expect(body.includes(Buffer.from('Дирхам', 'utf8'))).toBe(false);
    expect(parseCbrDaily(body)).toEqual({
      date: '2024-10-04',
      rates: { USD: 950_352, EUR: 1_046_898, AED: 258_751 },
    });
  });

  it('divides Value by Nominal when an archive has no VunitRate, and rounds to four places', () => {
    const body = xml(
      '<ValCurs Date="27.09.2023" name="Foreign Currency Market">' +
        '<Valute ID="R01230"><NumCode>784</NumCode><CharCode>AED</CharCode><Nominal>10</Nominal><Name>Дирхамов ОАЭ</Name><Value>262,12345</Value></Valute>' +
        '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>96,5</Value></Valute>' +
        '<Valute ID="R01239"><NumCode>978</NumCode><CharCode>EUR</CharCode><Nominal>1</Nominal><Name>Евро</Name><Value>101,9</Value></Valute>' +
        '</ValCurs>',
    );
    expect(parseCbrDaily(body)).toEqual({
      date: '2023-09-27',
      rates: { USD: 965_000, EUR: 1_019_000, AED: 262_123 },
    });
  });

  it('refuses a document without a needed currency, with a dot decimal, or that is not the rates', () => {
    expect(() =>
      parseCbrDaily(
        xml(
          '<ValCurs Date="04.10.2024"><Valute ID="R01235"><CharCode>USD</CharCode><Nominal>1</Nominal><Value>95,0352</Value></Valute></ValCurs>',
        ),
      ),
    ).toThrow(/lack EUR/);
    expect(() =>
      parseCbrDaily(
        xml(
          '<ValCurs Date="04.10.2024"><Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>95.03</Value></Valute></ValCurs>',
        ),
      ),
    ).toThrow(/unexpected document/);
    expect(() => parseCbrDaily(xml('<ValCurs>Error in parameters</ValCurs>'))).toThrow(/unexpected document/);
    expect(() => parseCbrDaily(Buffer.from('<html><body>503</body></html>'))).toThrow(/unexpected document/);
  });
});

describe('the Central Bank adapter against its fake', () => {
  const fake = useFake(async () => {
    const started = await startCbrFake();
    started.days.set('04.10.2024', sampleDay());
    started.days.set('05.10.2024', sampleDay({ USD: '95,5000' }));
    return started;
  }, clearCalls);
  const provider = () => createCbrRatesProvider({ url: fake.url, requestTimeoutMs: 1_000 });

  it('asks for the day as DD/MM/YYYY and answers that day', async () => {
    expect(await provider().fetchDailyRates('2024-10-05')).toEqual({
      date: '2024-10-05',
      rates: { USD: 955_000, EUR: 1_046_898, AED: 258_751 },
    });
    expect(fake.calls).toEqual(['05/10/2024']);
  });

  it('a day without new rates (a Sunday) answers the last day before it, with that date', async () => {
    expect((await provider().fetchDailyRates('2024-10-06')).date).toBe('2024-10-05');
  });

  it('errors, a page that is not the XML and a hanging answer are faults', async () => {
    fake.failure = 'http500';
    await expect(provider().fetchDailyRates('2024-10-05')).rejects.toThrow(/HTTP 500/);
    fake.failure = 'garbage';
    await expect(provider().fetchDailyRates('2024-10-05')).rejects.toThrow(/unexpected document/);
    fake.failure = null;
    await expect(provider().fetchDailyRates('1990-01-01')).rejects.toThrow(/unexpected document/);
    fake.delayMs = 300;
    expect((await provider().fetchDailyRates('2024-10-05')).date).toBe('2024-10-05');
    fake.delayMs = 2_000;
    await expect(withTimeout(provider(), 'rates', 200).fetchDailyRates('2024-10-05')).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    );
    await expect(provider().fetchDailyRates('2024-10-05')).rejects.toThrow(/timeout|aborted/i);
  });
});

describe.each(engines)('Central Bank rates stored on %s (DECISIONS 7)', (engine) => {
  let database: TestDatabase;
  let fake: CbrFake;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fake = await startCbrFake();
    fake.days.set('04.10.2024', sampleDay());
  }, 180_000);
  afterAll(async () => {
    await fake.close();
    await database.destroy();
  });

  it('stores the fetched rates with their date, and keeps them when the bank fails', async () => {
    const service = createRatesService({
      db: database.db,
      provider: createCbrRatesProvider({ url: fake.url, requestTimeoutMs: 1_000 }),
      clock: () => new Date('2024-10-04T09:00:00Z'),
    });
    expect(await service.refreshRates()).toEqual({ refreshed: true });
    expect(await service.getLatestRates()).toEqual({
      date: '2024-10-04',
      rates: { USD: 950_352, EUR: 1_046_898, AED: 258_751 },
    });
    fake.failure = 'http500';
    const later = createRatesService({
      db: database.db,
      provider: createCbrRatesProvider({ url: fake.url, requestTimeoutMs: 1_000 }),
      clock: () => new Date('2024-10-07T09:00:00Z'),
    });
    const failed = await later.refreshRates();
    expect(failed.refreshed).toBe(false);
    expect(failed.error).toMatch(/HTTP 500/);
    expect((await later.getLatestRates())?.date).toBe('2024-10-04');
  });
});
