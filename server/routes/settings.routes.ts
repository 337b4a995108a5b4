import type { FastifyInstance } from 'fastify';
import { settingsDocumentToWire } from '../../core/content/settings.wire.ts';
import type { Services } from '../../core/services.ts';
import { requestEdition } from '../edition.ts';

export function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // catalogue.md §7: the list of settings documents, in the edition's language and currency.
  app.get('/api/settings', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    reply.header('vary', 'accept-language, cookie');
    const [docs, edition] = await Promise.all([
      services.settings.listSettings(),
      requestEdition(request, services.rates),
    ]);
    return docs.map((doc) => settingsDocumentToWire(doc, edition));
  });
}
