import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services.ts';

export function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // catalogue.md §7: the list of settings documents.
  app.get('/api/settings', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return services.settings.listSettings();
  });
}
