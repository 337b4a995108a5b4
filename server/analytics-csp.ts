import type { FastifyInstance } from 'fastify';
import { withAnalyticsHosts } from '../core/content/analytics.rules.ts';
import type { Services } from '../core/services.ts';

/**
 * A storefront page's policy admits the hosts of the counters set in settings (Google Tag Manager,
 * Yandex Metrica) and only while they are set; the inline starts themselves run by the page's
 * nonce. Settings come from the read cache, so this costs no query per page.
 */
export function registerAnalyticsCsp(app: FastifyInstance, services: Services) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const settings = await services.settings.getShopSettings().catch(() => null);
    if (settings?.main.analytics) {
      reply.header('content-security-policy', withAnalyticsHosts(policy, settings.main.analytics));
    }
    return payload;
  });
}
