import type { CounterScripts } from './analytics.tsx';

/**
 * The counters set in settings (Google Tag Manager, Yandex Metrica), started by inline scripts that
 * carry the page's CSP nonce; nothing when none is set. Both read the ecommerce events the shop
 * pushes to `window.dataLayer` (app/lib/analytics.ts). The scripts' texts come from the root loader
 * (./analytics.tsx `counterScripts`: the counter ids are checked by their settings patterns there).
 */
export function AnalyticsScripts({ scripts, nonce }: { scripts: CounterScripts | null; nonce: string }) {
  if (!scripts) return null;
  return (
    <>
      {scripts.gtm ? (
        <script
          nonce={nonce}
          data-counter="gtm"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server from a pattern-checked, JSON-quoted id
          dangerouslySetInnerHTML={{ __html: scripts.gtm }}
        />
      ) : null}
      {scripts.metrika ? (
        <script
          nonce={nonce}
          data-counter="metrika"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server from a digits-only id
          dangerouslySetInnerHTML={{ __html: scripts.metrika }}
        />
      ) : null}
    </>
  );
}
