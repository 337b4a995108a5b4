import { configuredCounters, gtmScript, metrikaScript } from '../../core/content/analytics.rules.ts';
import type { MainSettings } from '../../core/content/settings.schemas.ts';

/**
 * The counters set in settings (Google Tag Manager, Yandex Metrica), started by inline scripts that
 * carry the page's CSP nonce; nothing when none is set. Both read the ecommerce events the shop
 * pushes to `window.dataLayer` (app/lib/analytics.ts).
 */
export function AnalyticsScripts({
  analytics,
  nonce,
}: {
  analytics: MainSettings['analytics'] | null;
  nonce: string;
}) {
  const counters = configuredCounters(analytics ?? undefined);
  if (!counters) return null;
  return (
    <>
      {counters.gtmId ? (
        <script
          nonce={nonce}
          data-counter="gtm"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the id is checked by its settings pattern and JSON-quoted
          dangerouslySetInnerHTML={{ __html: gtmScript(counters.gtmId) }}
        />
      ) : null}
      {counters.metrikaId ? (
        <script
          nonce={nonce}
          data-counter="metrika"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the id is checked by its settings pattern (digits only)
          dangerouslySetInnerHTML={{ __html: metrikaScript(counters.metrikaId) }}
        />
      ) : null}
    </>
  );
}
