import { z } from 'zod';
import type { GeocodedAddress, GeocoderProvider } from './geocoder-provider.ts';

export interface YandexGeocoderOptions {
  apiKey: string;
  /** `https://geocode-maps.yandex.ru/1.x/`, or a fake on 127.0.0.1 in tests. */
  url: string;
  /** A request is abandoned after this many milliseconds (the registry's guard answers sooner). */
  requestTimeoutMs?: number;
}

const geoObjectSchema = z.object({
  Point: z.object({ pos: z.string().regex(/^-?\d+(\.\d+)? -?\d+(\.\d+)?$/) }),
  metaDataProperty: z.object({
    GeocoderMetaData: z.object({
      kind: z.string(),
      text: z.string(),
      precision: z.string(),
      Address: z
        .object({
          country_code: z.string().optional(),
          postal_code: z.string().optional(),
          formatted: z.string().optional(),
          Components: z.array(z.object({ kind: z.string(), name: z.string() })).default([]),
        })
        .optional(),
    }),
  }),
});

/** The documented answer (integrations.md §8); anything else is a fault, not "nothing found". */
const answerSchema = z.object({
  response: z.object({
    GeoObjectCollection: z.object({
      metaDataProperty: z.object({
        GeocoderResponseMetaData: z.object({ found: z.coerce.number().int().nonnegative() }),
      }),
      featureMember: z.array(z.object({ GeoObject: geoObjectSchema })),
    }),
  }),
});

/** Yandex's `precision`: `exact`, `number`, `near` and `range` name a house; `street` a street. */
function precisionOf(precision: string, kind: string): GeocodedAddress['precision'] {
  if (['exact', 'number', 'near', 'range'].includes(precision) && kind === 'house') return 'house';
  if (precision === 'street' || kind === 'street' || kind === 'house') return 'street';
  return 'locality';
}

/**
 * Yandex Geocoder (integrations.md §8): one `GET ?apikey&geocode&format=json&lang=ru_RU&results=1`
 * for the address with its locality, coordinates read from `Point.pos` (longitude first). The
 * ring-road test stays the shop's (core/delivery/mkad.rules.ts); this only places the address.
 * Yandex does not locate client addresses, so `locateIp` makes no guess (the shop's default city).
 */
export function createYandexGeocoder(options: YandexGeocoderOptions): GeocoderProvider {
  const timeoutMs = options.requestTimeoutMs ?? 5_000;
  return {
    name: 'yandex',
    async geocode(address, locality) {
      if (typeof address !== 'string' || typeof locality !== 'string') return null;
      const street = address.trim().slice(0, 500);
      if (street === '') return null;
      const place = locality.trim().slice(0, 200);
      const query =
        place && !street.toLowerCase().includes(place.toLowerCase()) ? `${place}, ${street}` : street;
      const url = new URL(options.url);
      url.searchParams.set('apikey', options.apiKey);
      url.searchParams.set('geocode', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('lang', 'ru_RU');
      url.searchParams.set('results', '1');
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`Yandex Geocoder answered HTTP ${response.status}`);
      const parsed = answerSchema.safeParse(jsonOf(await response.text()));
      if (!parsed.success) throw new Error('Yandex Geocoder answered an unexpected body');
      const collection = parsed.data.response.GeoObjectCollection;
      const first = collection.featureMember[0]?.GeoObject;
      if (!first || collection.metaDataProperty.GeocoderResponseMetaData.found === 0) return null;
      const meta = first.metaDataProperty.GeocoderMetaData;
      // A match in another country, or only the country itself, is no address for a courier.
      if (meta.Address?.country_code && meta.Address.country_code !== 'RU') return null;
      if (['country', 'province', 'area'].includes(meta.kind)) return null;
      const [longitude, latitude] = first.Point.pos.split(' ').map(Number) as [number, number];
      return {
        latitude,
        longitude,
        text: meta.Address?.formatted ?? meta.text,
        precision: precisionOf(meta.precision, meta.kind),
        postalCode: meta.Address?.postal_code ?? null,
      };
    },
    async locateIp() {
      return null;
    },
  };
}

/** The body as JSON, or undefined when it is not JSON (then the schema refuses it). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
