import { configuredCounters, gtmScript, metrikaScript } from '../../core/content/analytics.rules.ts';
import type { MainSettings } from '../../core/content/settings.schemas.ts';

/** The configured counters' start scripts, made on the server (the root loader): null when none is set. */
export interface CounterScripts {
  gtm: string | null;
  metrika: string | null;
}

/**
 * The start scripts of the counters set in settings, made on the server so that their code is not in
 * every page's first load (docs/decisions/0049-first-load-split.md).
 */
export function counterScripts(analytics: MainSettings['analytics'] | undefined): CounterScripts | null {
  const counters = configuredCounters(analytics);
  if (!counters) return null;
  return {
    gtm: counters.gtmId ? gtmScript(counters.gtmId) : null,
    metrika: counters.metrikaId ? metrikaScript(counters.metrikaId) : null,
  };
}
