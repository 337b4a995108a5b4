import { useEffect } from 'react';
import { readCity, writeCity } from './shop-cookies.ts';

/** How long the browser may wait for an idle moment before the guess runs anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * catalogue.md §4, §8: on page load the Russian edition guesses the shopper's city once
 * (`GET /api/checkout/city` without a query) and keeps it in `shi-city`. It runs after hydration,
 * when the browser is idle, so it never delays the first paint; a city already chosen or guessed
 * is left alone.
 */
export function useCityGuess(locale: 'ru' | 'en') {
  useEffect(() => {
    if (locale !== 'ru' || readCity()) return;
    const controller = new AbortController();
    const guess = () => {
      if (readCity()) return;
      fetch('/api/checkout/city', { signal: controller.signal })
        .then((res) => res.json() as Promise<{ result: boolean; data?: { code: number; name: string }[] }>)
        .then((body) => {
          const first = body.data?.[0];
          // The shopper may have chosen a city meanwhile: a choice beats a guess.
          if (first && !readCity()) writeCity({ code: first.code, name: first.name });
        })
        .catch(() => undefined);
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(guess, { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(guess, 1);
    return () => {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      controller.abort();
    };
  }, [locale]);
}

/**
 * The guess as a part of the page that draws nothing: app/root.tsx loads it after the page's first
 * load (docs/decisions/0049-first-load-split.md).
 */
export function CityGuess({ locale }: { locale: 'ru' | 'en' }) {
  useCityGuess(locale);
  return null;
}
