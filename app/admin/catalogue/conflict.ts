import { AdminApiError } from '../api.ts';

/** What keeps a catalogue record from being deleted (a 409's `usedBy`, DECISIONS 31). */
export interface UsedBy {
  count: number;
  products: { id: string; name: string }[];
  categories?: string[];
}

/**
 * The records that use one whose deletion the catalogue API refused: a 409 answered through the
 * typed client (app/admin/ui/api-client.ts) carries them beside its message; anything else gives
 * undefined. A stale save's newer record comes as the error's `current` (app/admin/ui/use-action.ts).
 */
export function usedByOf(error: unknown): UsedBy | undefined {
  if (!(error instanceof AdminApiError) || error.status !== 409) return undefined;
  const usedBy = error.body.usedBy as UsedBy | undefined;
  return usedBy && typeof usedBy.count === 'number' ? usedBy : undefined;
}
