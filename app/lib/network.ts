import { useEffect, useState } from 'react';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** catalogue.md §9: no prefetching on 2g connections or with data saver on. */
export function shouldPrefetch(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/2g/.test(connection.effectiveType ?? '');
}

export function usePrefetch(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('intent');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    setMode(shouldPrefetch(connection) ? 'intent' : 'none');
  }, []);
  return mode;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
/** catalogue.md §8: a failed chunk load reloads the page, at most once a minute. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether a reload is allowed now, at most once per `CHUNK_RELOAD_INTERVAL_MS` (and records it). */
export function claimChunkReload(storage: ReloadStorage, now: number): boolean {
  const last = Number(storage.getItem('chunkReloadAt') ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem('chunkReloadAt', String(now));
  return true;
}

/** Whether this error is a failed chunk load that should reload now (and records the reload). */
export function reloadForChunkError(error: unknown, storage: ReloadStorage, now: number): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (!CHUNK_ERROR.test(message)) return false;
  return claimChunkReload(storage, now);
}

/**
 * Vite's `vite:preloadError` (a dynamic import's chunk or its CSS failed to load, typically after
 * a deploy replaced the files): reload under the same once-per-60-s rule. Within the minute the
 * event is left alone, so the import fails and the error page shows instead of a reload loop.
 */
export function handlePreloadError(
  event: Pick<Event, 'preventDefault'>,
  storage: ReloadStorage,
  now: number,
  reload: () => void,
): boolean {
  if (!claimChunkReload(storage, now)) return false;
  event.preventDefault();
  reload();
  return true;
}

/** Listens for `vite:preloadError` on the window while the app is mounted. */
export function useChunkReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      handlePreloadError(event, sessionStorage, Date.now(), () => window.location.reload());
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
}
