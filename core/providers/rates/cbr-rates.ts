import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { foreignCurrencies } from '../../money.ts';
import type { DailyRates, RatesProvider } from './rates-provider.ts';

export interface CbrRatesOptions {
  /** `https://www.cbr.ru/scripts/XML_daily.asp`, or a fake on 127.0.0.1 in tests. */
  url: string;
  /** A request is abandoned after this many milliseconds (the registry's guard answers sooner). */
  requestTimeoutMs?: number;
}

/** `25,8751` (decimal comma) → 25.8751; refuses anything that is not a plain positive decimal. */
const decimalComma = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(,\d+)?$/.test(v), { error: 'not a decimal-comma number' })
  .transform((v) => Number(v.replace(',', '.')));

const valuteSchema = z.object({
  CharCode: z.string(),
  Nominal: z.coerce.number().int().positive(),
  Value: decimalComma,
  /** Per one unit; absent from archives before late 2023. */
  VunitRate: decimalComma.optional(),
});

const documentSchema = z.object({
  ValCurs: z.object({
    '@_Date': z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    Valute: z.array(valuteSchema),
  }),
});

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Valute',
});

/**
 * Reads the Central Bank's daily document (integrations.md §7): windows-1251 XML with decimal commas,
 * `Value` per `Nominal` units and `VunitRate` per one. Returns roubles per unit in ten-thousandths and
 * the date the rates are set for (`ValCurs/@Date`, which on a weekend is the last working day's).
 */
export function parseCbrDaily(body: Uint8Array): DailyRates {
  const declared = /encoding="([^"]+)"/i.exec(new TextDecoder('latin1').decode(body.slice(0, 100)))?.[1];
  const text = new TextDecoder(declared?.toLowerCase() === 'utf-8' ? 'utf-8' : 'windows-1251').decode(body);
  const parsed = documentSchema.safeParse(parser.parse(text));
  if (!parsed.success) throw new Error('The Central Bank answered an unexpected document');
  const [day, month, year] = parsed.data.ValCurs['@_Date'].split('.');
  const rates = {} as DailyRates['rates'];
  for (const currency of foreignCurrencies) {
    const valute = parsed.data.ValCurs.Valute.find((v) => v.CharCode === currency);
    if (!valute) throw new Error(`The Central Bank's rates lack ${currency}`);
    const perUnit = valute.VunitRate ?? valute.Value / valute.Nominal;
    const rate4 = Math.round(perUnit * 10_000);
    if (!Number.isSafeInteger(rate4) || rate4 <= 0)
      throw new Error(`The Central Bank's ${currency} rate is unusable`);
    rates[currency] = rate4;
  }
  return { date: `${year}-${month}-${day}`, rates };
}

/** The Central Bank of Russia's official daily rates (DECISIONS 7), asked for the given day. */
export function createCbrRatesProvider(options: CbrRatesOptions): RatesProvider {
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  return {
    name: 'cbr',
    async fetchDailyRates(date) {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
      if (!match) throw new Error(`Not a date: ${date}`);
      const url = new URL(options.url);
      url.searchParams.set('date_req', `${match[3]}/${match[2]}/${match[1]}`);
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`The Central Bank answered HTTP ${response.status}`);
      const rates = parseCbrDaily(new Uint8Array(await response.arrayBuffer()));
      // The day asked for or the last working day before it; never a later day's rates.
      if (rates.date > date) throw new Error(`The Central Bank answered rates of ${rates.date} for ${date}`);
      return rates;
    },
  };
}
