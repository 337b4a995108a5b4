import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure, startFake } from './fake-server.ts';

/** One place the fake knows: matched when every word of `match` is in the query. */
export interface FakePlace {
  match: string[];
  kind: string;
  precision: string;
  text: string;
  /** `lon lat`, as Yandex writes it. */
  pos: string;
  postalCode?: string;
  countryCode?: string;
}

/** A few real Moscow-area places, with coordinates close to Yandex's. */
export const defaultPlaces: FakePlace[] = [
  {
    match: ['тверская', '7'],
    kind: 'house',
    precision: 'exact',
    text: 'Россия, Москва, Тверская улица, 7',
    pos: '37.609218 55.761627',
    postalCode: '125009',
  },
  {
    match: ['тверская'],
    kind: 'street',
    precision: 'street',
    text: 'Россия, Москва, Тверская улица',
    pos: '37.605783 55.764382',
  },
  {
    match: ['зеленоград', '1106'],
    kind: 'house',
    precision: 'exact',
    text: 'Россия, Москва, Зеленоград, к1106',
    pos: '37.184328 55.983562',
    postalCode: '124617',
  },
  {
    match: ['химки', 'ленина', '1'],
    kind: 'house',
    precision: 'exact',
    text: 'Россия, Московская область, Химки, улица Ленина, 1',
    pos: '37.445122 55.889361',
    postalCode: '141400',
  },
  {
    match: ['минск'],
    kind: 'locality',
    precision: 'other',
    text: 'Беларусь, Минск',
    pos: '27.561831 53.902284',
    countryCode: 'BY',
  },
];

export interface YandexGeocoderFake {
  url: string;
  apiKey: string;
  places: FakePlace[];
  /** Every request's query parameters, in order. */
  calls: URLSearchParams[];
  /** Answers are delayed by this many milliseconds. */
  delayMs: number;
  /** `http500`: a 500 page; `garbage`: 200 with a body that is not the documented one. */
  failure: null | 'http500' | 'garbage';
  close(): Promise<void>;
}

function geoObject(place: FakePlace) {
  return {
    GeoObject: {
      metaDataProperty: {
        GeocoderMetaData: {
          precision: place.precision,
          text: place.text,
          kind: place.kind,
          Address: {
            country_code: place.countryCode ?? 'RU',
            formatted: place.text,
            ...(place.postalCode ? { postal_code: place.postalCode } : {}),
            Components: place.text
              .split(', ')
              .map((name, i) => ({ kind: i === 0 ? 'country' : 'locality', name })),
          },
        },
      },
      name: place.text.split(', ').slice(-2).join(', '),
      description: place.text.split(', ').slice(0, -2).join(', '),
      boundedBy: { Envelope: { lowerCorner: place.pos, upperCorner: place.pos } },
      Point: { pos: place.pos },
    },
  };
}

/**
 * A fake of the Yandex Geocoder HTTP API (integrations.md §8) on 127.0.0.1: `GET /1.x/?apikey&geocode
 * &format=json&results` answers the documented GeoObjectCollection (coordinates longitude first),
 * 403 for a wrong key, and switches for errors and slow answers.
 */
export async function startYandexGeocoderFake({
  apiKey = 'fake-geocoder-key',
} = {}): Promise<YandexGeocoderFake> {
  const calls: URLSearchParams[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (req.method !== 'GET' || url.pathname !== '/1.x/') {
      res.writeHead(404).end();
      return;
    }
    calls.push(url.searchParams);
    if (url.searchParams.get('apikey') !== apiKey) {
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'Invalid api key' }));
      return;
    }
    if (answerFailure(res, fake.failure, { type: 'application/json', body: '{"response":{"error":"oops"}}' }))
      return;
    const query = (url.searchParams.get('geocode') ?? '').toLowerCase().replace(/ё/g, 'е');
    const words = query.split(/[\s,.]+/).filter(Boolean);
    const found = fake.places.filter((p) => p.match.every((m) => words.includes(m)));
    const results = Number(url.searchParams.get('results') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        response: {
          GeoObjectCollection: {
            metaDataProperty: {
              GeocoderResponseMetaData: {
                request: url.searchParams.get('geocode'),
                results: String(results),
                found: String(found.length),
              },
            },
            featureMember: found.slice(0, results).map(geoObject),
          },
        },
      }),
    );
  }

  const server = await startFake(handle);
  const fake: YandexGeocoderFake = {
    url: `${server.url}/1.x/`,
    apiKey,
    places: [...defaultPlaces],
    calls,
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
