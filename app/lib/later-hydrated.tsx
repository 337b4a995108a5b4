import { type ComponentType, lazy, memo, Suspense, useEffect, useState } from 'react';
import { loadLaterPaintTexts } from '../i18n/index.ts';

/**
 * A part of the page that the server draws like any other but whose code is not in the page's first
 * load (docs/decisions/0049-first-load-split.md): the footer, the catalogue's listing, the product
 * view. Its module is requested as the page starts in the browser, beside hydration and not awaited
 * by it; React leaves the server's HTML in place (a dehydrated Suspense boundary) until the module
 * arrives, then hydrates that part alone. Until then its links work as plain links (React lets a
 * click on a part it has not hydrated go on to the browser), and a tap on add to cart is kept by
 * the page's tap recorder (app/root.tsx `TAP_RECORDER`, DECISIONS 27).
 *
 * On the server the module is loaded when this file's caller is (`islandsReady()` is awaited before
 * the first render, app/entry.server.tsx), and the lazy component resolves synchronously, so the
 * HTML is the part's own HTML between two Suspense comments, never a fallback.
 *
 * The part is memoised: a parent that draws again with the same props leaves it alone, since an
 * update that reaches a part still waiting for its code would make React drop the server's HTML and
 * draw the (empty) fallback. Router updates are transitions, which wait for the part instead.
 */

const serverLoads: Promise<unknown>[] = [];

/** Resolves once the modules of every later-hydrated part are loaded (the server's first render waits for it). */
export function islandsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

interface Waiting {
  done: boolean;
}

const waiting = new Set<Waiting>();
let shellHydrated = false;

function markIfAllHydrated() {
  if (!shellHydrated) return;
  for (const part of waiting) if (!part.done) return;
  document.documentElement.dataset.hydrated = 'true';
}

/**
 * Marks the document hydrated (`data-hydrated`, which the tap recorder and the end-to-end tests read)
 * once the shell has hydrated and every later-hydrated part on the page has too. Called from the
 * root's effect, which runs after those of every part hydrated in the same pass.
 */
export function markShellHydrated() {
  shellHydrated = true;
  markIfAllHydrated();
}

type Props<P> = P & { islandState: Waiting };

export function laterHydrated<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<Props<P>> | null = null;
  let pending: Promise<ComponentType<Props<P>>> | null = null;
  const wrap = (Part: ComponentType<P>) =>
    function Hydrated({ islandState: part, ...props }: Props<P>) {
      useEffect(() => {
        part.done = true;
        waiting.delete(part);
        markIfAllHydrated();
      }, [part]);
      return <Part {...(props as P)} />;
    };
  function start() {
    // The part's texts outside the shell's come beside its code (app/i18n/first-paint.ts).
    pending ??= Promise.all([load(), loadLaterPaintTexts()]).then(
      ([Part]) => {
        loaded = wrap(Part);
        return loaded;
      },
      (error: unknown) => {
        // A failed request (a flaky network) is asked again by the next render.
        pending = null;
        throw error;
      },
    );
    return pending;
  }
  if (typeof document === 'undefined') serverLoads.push(start());
  else start().catch(() => undefined);

  const Inner = lazy(() => {
    // Already loaded (always on the server): a thenable that resolves at once, so React renders the
    // part in the same pass instead of suspending.
    const ready = loaded;
    if (ready)
      return {
        // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable
        then: (resolve: (m: { default: ComponentType<Props<P>> }) => void) => resolve({ default: ready }),
      } as unknown as Promise<{ default: ComponentType<Props<P>> }>;
    return start().then((Part) => ({ default: Part }));
  });

  function LaterHydrated(props: P) {
    const [part] = useState<Waiting>(() => ({ done: false }));
    useEffect(() => {
      if (!part.done) waiting.add(part);
      return () => {
        waiting.delete(part);
      };
    }, [part]);
    return (
      <Suspense fallback={null}>
        <Inner {...props} islandState={part} />
      </Suspense>
    );
  }
  return memo(LaterHydrated) as unknown as ComponentType<P>;
}
