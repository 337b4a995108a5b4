import { useEffect, useState } from 'react';

/**
 * A part of the page that is not in its first load (docs/decisions/0049-first-load-split.md): a
 * dialog or panel that shows nothing until it is opened. Its module is requested as the page starts
 * in the browser, beside hydration and not awaited by it, so it is usually there before the first
 * tap; `usePart()` gives the part once it has arrived (null before, and always on the server, where such
 * a part draws nothing closed). A tap that opens it earlier is kept by the caller's state and the
 * part shows as soon as its module arrives, without a Suspense boundary whose reveal waits on timers.
 */
export function laterPart<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  function preload(): Promise<T> {
    pending ??= load().then(
      (loaded) => {
        value = loaded;
        return loaded;
      },
      (error: unknown) => {
        // A failed request (a flaky network) is asked again by the next caller.
        pending = null;
        throw error;
      },
    );
    return pending;
  }
  if (typeof document !== 'undefined') preload().catch(() => undefined);

  function usePart(): T | null {
    // A function in useState is an initialiser: the part (a component) is wrapped.
    const [loaded, setLoaded] = useState<T | null>(() => value);
    useEffect(() => {
      if (loaded !== null) return;
      let live = true;
      preload()
        .then((part) => {
          if (live) setLoaded(() => part);
        })
        .catch(() => undefined);
      return () => {
        live = false;
      };
    }, [loaded]);
    return loaded;
  }

  return { usePart, preload };
}
