import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure, startFake } from './fake-server.ts';

/** An address the fake knows, in DaData's parts. */
export interface FakeAddress {
  city: string;
  street: string;
  house?: string;
  postalCode: string;
}

export const defaultAddresses: FakeAddress[] = [
  { city: 'Москва', street: 'ул Тверская', postalCode: '125009' },
  { city: 'Москва', street: 'ул Тверская', house: '7', postalCode: '125009' },
  { city: 'Москва', street: 'ул Тверская', house: '17', postalCode: '125009' },
  { city: 'Москва', street: 'ул Тверская-Ямская 1-я', postalCode: '125047' },
  { city: 'Москва', street: 'пр-кт Ленинский', house: '30', postalCode: '119334' },
  { city: 'Санкт-Петербург', street: 'ул Тверская', house: '1', postalCode: '191015' },
  { city: 'Санкт-Петербург', street: 'пр-кт Невский', house: '28', postalCode: '191186' },
];

export interface DadataFake {
  url: string;
  apiKey: string;
  addresses: FakeAddress[];
  /** Every request body, in order. */
  calls: Record<string, unknown>[];
  delayMs: number;
  /** `http500`: a 500 page; `garbage`: 200 with a body that is not the documented one; `limit`: 429. */
  failure: null | 'http500' | 'garbage' | 'limit';
  close(): Promise<void>;
}

function suggestion(a: FakeAddress, restrict: boolean) {
  const street = a.house ? `${a.street}, д ${a.house}` : a.street;
  const prefix = a.city === 'Москва' || a.city === 'Санкт-Петербург' ? `г ${a.city}` : a.city;
  return {
    value: restrict ? street : `${prefix}, ${street}`,
    unrestricted_value: `${a.postalCode}, ${prefix}, ${street}`,
    data: {
      postal_code: a.postalCode,
      country: 'Россия',
      city: a.city,
      city_with_type: prefix,
      street_with_type: a.street,
      house: a.house ?? null,
      house_type: a.house ? 'д' : null,
      fias_level: a.house ? '8' : '7',
    },
  };
}

/**
 * A fake of DaData's address suggestions (`POST /suggestions/api/4_1/rs/suggest/address` with
 * `Authorization: Token <key>`) on 127.0.0.1: every word typed must start a word of the address;
 * `locations[].city` limits the city, `restrict_value` leaves it out of `value`, `to_bound` house
 * keeps flats out. 403 for a wrong key, and switches for errors and slow answers.
 */
export async function startDadataFake({ apiKey = 'fake-dadata-key' } = {}): Promise<DadataFake> {
  const calls: Record<string, unknown>[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (req.method !== 'POST' || url.pathname !== '/suggestions/api/4_1/rs/suggest/address') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== `Token ${apiKey}`) {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ family: 'CLIENT_ERROR', reason: 'Forbidden', message: 'Unknown API key' }));
      return;
    }
    if (answerFailure(res, fake.failure, { type: 'application/json', body: '{"items":[]}' })) return;
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      query?: string;
      count?: number;
      locations?: { city?: string }[];
      restrict_value?: boolean;
    };
    calls.push(body as Record<string, unknown>);
    const words = String(body.query ?? '')
      .toLowerCase()
      .split(/[\s,.]+/)
      .filter(Boolean);
    const cities = (body.locations ?? []).map((l) => l.city).filter(Boolean);
    const found = fake.addresses.filter((a) => {
      if (cities.length && !cities.includes(a.city)) return false;
      const own = `${a.city} ${a.street} ${a.house ?? ''}`.toLowerCase().split(/[\s,.]+/);
      return words.every((w) => own.some((o) => o.startsWith(w)));
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        suggestions: found.slice(0, body.count ?? 10).map((a) => suggestion(a, body.restrict_value === true)),
      }),
    );
  }

  const server = await startFake(handle);
  const fake: DadataFake = {
    url: `${server.url}/suggestions/api/4_1/rs/suggest/address`,
    apiKey,
    addresses: [...defaultAddresses],
    calls,
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
