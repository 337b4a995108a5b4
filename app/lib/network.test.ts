import { describe, expect, it } from 'vitest';
import { handlePreloadError, reloadForChunkError, shouldPrefetch } from './network.ts';

describe('shouldPrefetch (catalogue.md §9)', () => {
  it('prefetches unless on 2g or with data saver', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
  };

  it('reloads on a failed chunk load at most once per 60 s', () => {
    const s = storage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(reloadForChunkError(error, s, 1_000_000)).toBe(true);
    expect(reloadForChunkError(error, s, 1_030_000)).toBe(false);
    expect(reloadForChunkError(error, s, 1_061_000)).toBe(true);
  });

  it('leaves other errors to the error page', () => {
    expect(reloadForChunkError(new Error('boom'), storage(), 0)).toBe(false);
  });

  it('reloads on vite:preloadError at most once per 60 s, sharing the rule with the error page', () => {
    const s = storage();
    let reloads = 0;
    let prevented = 0;
    const event = {
      preventDefault: () => {
        prevented += 1;
      },
    };
    const reload = () => {
      reloads += 1;
    };
    expect(handlePreloadError(event, s, 1_000_000, reload)).toBe(true);
    expect(handlePreloadError(event, s, 1_059_000, reload)).toBe(false);
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/y.js');
    expect(reloadForChunkError(error, s, 1_059_500)).toBe(false);
    expect(handlePreloadError(event, s, 1_060_000, reload)).toBe(true);
    expect([reloads, prevented]).toEqual([2, 2]);
  });
});
