import type { MainSettings } from './settings.schemas.ts';

export type AnalyticsSettings = NonNullable<MainSettings['analytics']>;

/**
 * The hosts each counter loads from and reports to (Google Tag Manager with the Google Analytics it
 * usually carries; Yandex Metrica with its tag, beacons and the frames of its click map). A policy
 * names them only while the counter is configured (docs/decisions/0022-status-app-analytics-and-legal.md).
 */
const hosts = {
  gtm: {
    'script-src': ['https://www.googletagmanager.com'],
    'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    'connect-src': [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    'frame-src': ['https://www.googletagmanager.com'],
  },
  metrika: {
    'script-src': ['https://mc.yandex.ru'],
    'img-src': ['https://mc.yandex.ru', 'https://mc.yandex.com'],
    'connect-src': ['https://mc.yandex.ru', 'https://mc.yandex.com'],
    'frame-src': ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  },
} as const;

/** The counters set in settings; null when none is (nothing is loaded then). */
export function configuredCounters(
  analytics: MainSettings['analytics'],
): { gtmId: string | null; metrikaId: string | null } | null {
  const gtmId = analytics?.gtmId ?? null;
  const metrikaId = analytics?.metrikaId ?? null;
  return gtmId || metrikaId ? { gtmId, metrikaId } : null;
}

/**
 * The page's Content-Security-Policy with the configured counters' hosts added to the directives
 * they need; a directive the policy lacks is created from `default-src`. Without counters the
 * policy is returned unchanged.
 */
export function withAnalyticsHosts(policy: string, analytics: MainSettings['analytics']): string {
  const counters = configuredCounters(analytics);
  if (!counters) return policy;
  const extra = new Map<string, string[]>();
  for (const [on, table] of [
    [counters.gtmId, hosts.gtm],
    [counters.metrikaId, hosts.metrika],
  ] as const) {
    if (!on) continue;
    for (const [directive, sources] of Object.entries(table)) {
      extra.set(directive, [...(extra.get(directive) ?? []), ...sources]);
    }
  }
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  const fallback = directives.find((d) => d[0] === 'default-src')?.slice(1) ?? ["'self'"];
  for (const [name, sources] of extra) {
    let directive = directives.find((d) => d[0] === name);
    if (!directive) {
      directive = [name, ...fallback.filter((s) => s !== "'none'")];
      directives.push(directive);
    }
    for (const source of sources) if (!directive.includes(source)) directive.push(source);
  }
  return directives.map((d) => d.join(' ')).join(';');
}

/** The inline start of Google Tag Manager: the `dataLayer` with its start event, then gtm.js. */
export function gtmScript(gtmId: string): string {
  const id = JSON.stringify(gtmId);
  return `(function(w,d){w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});var s=d.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${id});d.head.appendChild(s);})(window,document);`;
}

/**
 * The inline start of Yandex Metrica: the `ym` queue, tag.js, and the counter reading ecommerce
 * events from the same `dataLayer` the shop pushes to (DECISIONS 24).
 */
export function metrikaScript(metrikaId: string): string {
  const id = Number(metrikaId);
  return `(function(w,d){w.ym=w.ym||function(){(w.ym.a=w.ym.a||[]).push(arguments)};w.ym.l=Date.now();w.dataLayer=w.dataLayer||[];var s=d.createElement('script');s.async=true;s.src='https://mc.yandex.ru/metrika/tag.js';d.head.appendChild(s);w.ym(${id},'init',{ecommerce:'dataLayer',clickmap:true,trackLinks:true,accurateTrackBounce:true});})(window,document);`;
}
