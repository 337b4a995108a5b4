import type { FastifyInstance } from 'fastify';
import { addressSuggestQuerySchema } from '../../core/address/address-suggest.schemas.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestLocale } from '../request.ts';

/** `GET /api/address/suggest?q=&city=`: suggestions of the courier address field, `{ result, data: [...] }`. */
export function addressRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/address/suggest', async (request, reply) => {
    const { q, city } = parseInput(addressSuggestQuerySchema, request.query, request);
    const data = await services.addressSuggest.suggest({
      q,
      city,
      ip: request.ip,
      locale: requestLocale(request),
    });
    reply.header('cache-control', 'private, max-age=600');
    return { result: true, data };
  });
}
