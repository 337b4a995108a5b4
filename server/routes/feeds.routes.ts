import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { foreignCurrencies } from '../../core/money.ts';
import type { Services } from '../../core/services.ts';

const params = z.object({ edition: z.enum(['ru', 'en']), kind: z.enum(['yml', 'google']) });
/** The English edition's Google feed per currency (USD by default): one Merchant Center feed per country. */
const query = z.object({ currency: z.enum(foreignCurrencies).optional() });

/**
 * The marketplace feeds (docs/decisions/0031-catalogue-exchange.md): `/feeds/ru/yml.xml` (Yandex
 * Market) and `/feeds/ru/google.xml` (Google Merchant Center), and `/feeds/en/…` for the English
 * edition (`?currency=EUR` or `AED` for a Google feed in that currency). Served with ETag and Last-Modified, answering 304 to a robot that has the current one.
 */
export function feedsRoutes(
  app: FastifyInstance,
  { services, publicUrl }: { services: Services; publicUrl: string },
) {
  app.get('/feeds/:edition/:kind.xml', async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const asked = query.safeParse(request.query);
    if (!parsed.success || !asked.success) return reply.code(404).type('text/plain').send('Not found');
    const { kind, edition } = parsed.data;
    const feed = await services.feeds.get(kind, edition, publicUrl, asked.data.currency ?? null);
    reply
      .header('etag', feed.etag)
      .header('last-modified', feed.lastModified.toUTCString())
      .header('cache-control', 'public, max-age=300, must-revalidate');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const fresh = ifNoneMatch
      ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= feed.lastModified.getTime();
    if (fresh) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(feed.body);
  });
}
