import { z } from 'zod';
import type { AddressSuggestProvider } from './address-suggest-provider.ts';

export interface DadataOptions {
  apiKey: string;
  /** `https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address`, or a fake in tests. */
  url: string;
  requestTimeoutMs?: number;
}

const suggestionSchema = z.object({
  value: z.string(),
  unrestricted_value: z.string(),
  data: z
    .object({
      postal_code: z.string().nullable().optional(),
      house: z.string().nullable().optional(),
      street_with_type: z.string().nullable().optional(),
    })
    .passthrough(),
});
const answerSchema = z.object({ suggestions: z.array(suggestionSchema) });

/**
 * DaData address suggestions (`POST suggest/address` with `Authorization: Token <key>`): limited to the
 * chosen city (`locations: [{city}]`) with the city left out of `value` (`restrict_value`), from the
 * street to the house (`from_bound`, `to_bound`).
 */
export function createDadataAddressSuggest(options: DadataOptions): AddressSuggestProvider {
  const timeoutMs = options.requestTimeoutMs ?? 3_000;
  return {
    name: 'dadata',
    async suggest(query, city, limit) {
      const q = query.trim().slice(0, 300);
      if (q === '') return [];
      const place = city
        .trim()
        .replace(/^г\.?\s+/i, '')
        .slice(0, 100);
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Token ${options.apiKey}`,
        },
        body: JSON.stringify({
          query: q,
          count: Math.min(Math.max(limit, 1), 20),
          ...(place ? { locations: [{ city: place }], restrict_value: true } : {}),
          from_bound: { value: 'street' },
          to_bound: { value: 'house' },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`DaData answered HTTP ${response.status}`);
      const parsed = answerSchema.safeParse(jsonOf(await response.text()));
      if (!parsed.success) throw new Error('DaData answered an unexpected body');
      return parsed.data.suggestions.slice(0, limit).map((s) => ({
        value: s.value,
        full: s.unrestricted_value,
        postalCode: s.data.postal_code ?? null,
        house: Boolean(s.data.house),
      }));
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
