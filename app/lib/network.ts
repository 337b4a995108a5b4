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

/** Whether this error is a failed chunk load that should reload now (and records the reload). */
export function reloadForChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (!CHUNK_ERROR.test(message)) return false;
  const last = Number(storage.getItem('chunkReloadAt') ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem('chunkReloadAt', String(now));
  return true;
}
