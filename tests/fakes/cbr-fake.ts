import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure, startFake } from './fake-server.ts';

/** One currency line of a day, as the bank writes it (decimal commas). */
export interface FakeValute {
  id: string;
  numCode: string;
  charCode: string;
  nominal: number;
  name: string;
  value: string;
  /** Omitted in the style of archives before late 2023. */
  vunitRate?: string;
}

export interface CbrFake {
  url: string;
  /** Published days by `DD.MM.YYYY`; a request for a day without rates gets the last day before it. */
  days: Map<string, FakeValute[]>;
  /** Every request's `date_req`, in order (null when absent). */
  calls: (string | null)[];
  delayMs: number;
  /** `http500`: a 500 page; `garbage`: 200 with an HTML page instead of the XML. */
  failure: null | 'http500' | 'garbage';
  close(): Promise<void>;
}

/** A currency's line with `value` per `nominal` units; the rate per unit is the value itself unless given. */
const valute = (
  [id, numCode, charCode, nominal, name]: [string, string, string, number, string],
  value: string,
  vunitRate = value,
): FakeValute => ({ id, numCode, charCode, nominal, name, value, vunitRate });

/** The lines of a 04.10.2024 capture in public code, JPY included for the per-`Nominal` case. */
export function sampleDay(overrides: Partial<Record<'USD' | 'EUR' | 'AED', string>> = {}): FakeValute[] {
  return [
    valute(['R01230', '784', 'AED', 1, 'Дирхам ОАЭ'], overrides.AED ?? '25,8751'),
    valute(['R01235', '840', 'USD', 1, 'Доллар США'], overrides.USD ?? '95,0352'),
    valute(['R01239', '978', 'EUR', 1, 'Евро'], overrides.EUR ?? '104,6898'),
    valute(['R01820', '392', 'JPY', 100, 'Японских иен'], '64,6349', '0,646349'),
  ];
}

/** windows-1251 for the fake's own documents: ASCII, the Russian alphabet, Ё/ё and №. */
export function encodeWindows1251(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (code === 0x401) bytes.push(0xa8);
    else if (code === 0x451) bytes.push(0xb8);
    else if (code === 0x2116) bytes.push(0xb9);
    else bytes.push(63);
  }
  return Buffer.from(bytes);
}

function dayKey(ddmmyyyy: string): string {
  const [d, m, y] = ddmmyyyy.split(/[./]/);
  return `${y}${m}${d}`;
}

/**
 * A fake of the Central Bank's `XML_daily.asp` (integrations.md §7) on 127.0.0.1: `?date_req=DD/MM/YYYY`
 * answers the rates in force that day in windows-1251 XML with decimal commas, and switches for
 * errors and slow answers.
 */
export async function startCbrFake(): Promise<CbrFake> {
  const calls: CbrFake['calls'] = [];

  function document(date: string, valutes: FakeValute[]): string {
    const lines = valutes.map(
      (v) =>
        `<Valute ID="${v.id}"><NumCode>${v.numCode}</NumCode><CharCode>${v.charCode}</CharCode><Nominal>${v.nominal}</Nominal><Name>${v.name}</Name><Value>${v.value}</Value>${v.vunitRate ? `<VunitRate>${v.vunitRate}</VunitRate>` : ''}</Valute>`,
    );
    return `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${date}" name="Foreign Currency Market">${lines.join('')}</ValCurs>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (req.method !== 'GET' || url.pathname !== '/scripts/XML_daily.asp') {
      res.writeHead(404).end();
      return;
    }
    const asked = url.searchParams.get('date_req');
    calls.push(asked);
    if (
      answerFailure(res, fake.failure, {
        type: 'text/html',
        body: '<html><body>Сервис временно недоступен</body></html>',
      })
    )
      return;
    if (asked !== null && !/^\d{2}\/\d{2}\/\d{4}$/.test(asked)) {
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          encodeWindows1251(
            '<?xml version="1.0" encoding="windows-1251"?><ValCurs>Error in parameters</ValCurs>',
          ),
        );
      return;
    }
    const days = [...fake.days.keys()].sort((a, b) => dayKey(a).localeCompare(dayKey(b)));
    const inForce = days.filter((d) => asked === null || dayKey(d) <= dayKey(asked)).at(-1);
    const body = inForce
      ? document(inForce, fake.days.get(inForce) ?? [])
      : '<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="01.01.1990" name="Foreign Currency Market"></ValCurs>';
    res
      .writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' })
      .end(encodeWindows1251(body));
  }

  const server = await startFake(handle);
  const fake: CbrFake = {
    url: `${server.url}/scripts/XML_daily.asp`,
    days: new Map(),
    calls,
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
