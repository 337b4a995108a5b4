import type { Locale } from '../i18n.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import type {
  AddressSuggestion,
  AddressSuggestProvider,
} from '../providers/address-suggest/address-suggest-provider.ts';

/** Suggestions shown under the field. */
const LIMIT = 7;
/** Fewer typed characters ask nothing. */
const MIN_QUERY = 3;
/** A query's answer is reused for this long (the provider bills per request; streets do not move). */
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 2_000;
/** Requests of one client address per minute: a shopper types a few a second at most. */
const PER_IP_MINUTE = { limit: 60, windowSeconds: 60 };

/**
 * Address suggestions of the checkout's courier address field (docs/decisions/0024-real-messaging-and-places.md):
 * short queries ask nothing, answers are cached for minutes, each client address is limited, and a
 * failing or slow provider gives an empty list (the shopper just types the address), never an error.
 */
export function createAddressSuggestService({
  provider,
  limits,
  clock,
  onError,
}: {
  provider: AddressSuggestProvider;
  limits: RateLimitService;
  clock: () => Date;
  onError?: (error: unknown) => void;
}) {
  const cache = new Map<string, { at: number; value: AddressSuggestion[] }>();

  async function suggest(input: {
    q: string;
    city: string;
    ip: string;
    locale: Locale;
  }): Promise<AddressSuggestion[]> {
    const q = input.q.replace(/\s+/g, ' ').trim();
    if ([...q].length < MIN_QUERY) return [];
    const key = `${input.city.toLowerCase()}\u0000${q.toLowerCase()}`;
    const now = clock().getTime();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    await limits.hit(
      `address:suggest:ip:${input.ip}`,
      PER_IP_MINUTE,
      input.locale === 'en'
        ? 'Too many requests. Please wait a minute'
        : 'Слишком много запросов. Подождите минуту',
    );
    let value: AddressSuggestion[];
    try {
      value = await provider.suggest(q, input.city, LIMIT);
    } catch (error) {
      onError?.(error);
      return [];
    }
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.delete(key);
    cache.set(key, { at: now, value });
    return value;
  }

  return { suggest };
}

export type AddressSuggestService = ReturnType<typeof createAddressSuggestService>;
