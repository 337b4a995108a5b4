import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../core/services.ts';

const params = z.object({ secret: z.string().max(200) });

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * CDEK's `ORDER_STATUS` webhook (integrations.md §1; docs/decisions/0025-real-carriers.md). CDEK
 * documents no signature, so the URL carries a secret (`CDEK_WEBHOOK_SECRET`), the body only names
 * one of the shop's parcels, and its status is read back from CDEK: a forged or replayed call changes
 * nothing CDEK itself does not report. Without the secret configured the route does not exist (404).
 */
export function carrierWebhookRoutes(
  app: FastifyInstance,
  { services, cdekSecret }: { services: Services; cdekSecret: string | null },
) {
  app.post('/api/carriers/cdek/status/:secret', async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!cdekSecret || !parsed.success || !sameSecret(parsed.data.secret, cdekSecret)) {
      return reply.code(404).send({ result: false, message: 'Not found' });
    }
    const outcome = await services.shipments.cdekWebhook(request.body);
    if (outcome === 'unknown') request.log.warn('CDEK webhook for no parcel of the shop: ignored');
    // CDEK wants 200 for every delivered call, or it repeats it.
    return reply.code(200).type('text/plain').send('OK');
  });
}
