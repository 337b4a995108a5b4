import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services.ts';
import { requestLocale } from '../request.ts';

/** The storefront's search box: what an empty box offers (docs/decisions/0029-russian-search-seo-and-shopper-messages.md). */
export function searchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/storefront/search/popular', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { queries: await services.search.popular(requestLocale(request)) };
  });
}
