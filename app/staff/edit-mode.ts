import { useEffect, useSyncExternalStore } from 'react';
import { hasStaffMarker } from '../../core/accounts/staff-marker.rules.ts';
import type { EditingKit, SignedInEditor } from './editing/kit.tsx';

/**
 * In-place editing on the storefront (catalogue.md §6, docs/decisions/0037-in-place-editing.md).
 * A shopper's page carries only this file: the editing code is its own chunk, imported when the
 * readable marker cookie says a staff member signed in on this browser. The chunk asks the staff API
 * who that is and answers nothing for anyone but an editor or an admin; the server checks the real
 * staff session on every editing call. The server-rendered HTML never depends on it: the mode is null
 * while rendering on the server and hydrating.
 */
export interface StaffMode {
  staff: SignedInEditor;
  kit: EditingKit;
}

let current: StaffMode | null = null;
let started = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The signed-in editor's tools on this page, or null for everyone else (and before the chunk loads). */
export function useStaffMode(): StaffMode | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/**
 * Loads the editing chunk once after hydration when the marker cookie is there (called by the root
 * layout) on the shop's pages. Returns the mode, null until the chunk answers and for everyone but an editor.
 */
export function useStaffModeLoader(enabled: boolean): StaffMode | null {
  useEffect(() => {
    if (!enabled || started || !hasStaffMarker(document.cookie)) return;
    started = true;
    import('./editing/kit.tsx')
      .then((chunk) => chunk.startEditing())
      .then((mode) => {
        current = mode;
        for (const listener of listeners) listener();
      })
      .catch(() => {
        // No editing this time (offline, signed out): the page stays a shopper's page.
        started = false;
      });
  }, [enabled]);
  return useStaffMode();
}
