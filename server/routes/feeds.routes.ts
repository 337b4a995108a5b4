import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../core/services.ts';

const params = z.object({ edition: z.enum(['ru', 'en']), kind: z.enum(['yml', 'google']) });

/**
 * The marketplace feeds (docs/decisions/0031-catalogue-exchange.md): `/feeds/ru/yml.xml` (Yandex
 * Market) and `/feeds/ru/google.xml` (Google Merchant Center), and `/feeds/en/…` for the English
 * edition. Served with ETag and Last-Modified, answering 304 to a robot that has the current one.
 */
export function feedsRoutes(
  app: FastifyInstance,
  { services, publicUrl }: { services: Services; publicUrl: string },
) {
  app.get('/feeds/:edition/:kind.xml', async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return reply.code(404).type('text/plain').send('Not found');
    const feed = await services.feeds.get(parsed.data.kind, parsed.data.edition, publicUrl);
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
