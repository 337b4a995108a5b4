import { createContext } from 'react-router';
import type { Services } from '../core/services.ts';

/** What the Fastify host hands every React Router loader and action (STACK pitfall 7). */
export interface AppLoadContext {
  services: Services;
  /** CSP nonce of this response, for the inline scripts React Router renders. */
  nonce: string;
  requestId: string;
  publicUrl: string;
  /** Tile server of the maps (DECISIONS 23), for the browser's map code. */
  maps: { tileUrl: string; attribution: string };
  /** A public staging shop (`SANDBOX_ON_PUBLIC=allow`): every storefront page shows the test-shop banner. */
  staging: boolean;
  /** Removes a refused `shi_token` cookie with this response (checkout.md §6). */
  clearSessionCookie(): void;
}

export const appContext = createContext<AppLoadContext>();
