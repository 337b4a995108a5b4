import type { FastifyInstance } from 'fastify';
import { returnOptionsBody, returnRequestBody } from '../../core/returns/returns.schemas.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestClient, requestLocale } from '../request.ts';
import { getUser } from '../session.ts';

/**
 * The shopper's returns (docs/product/returns.md): from the cabinet (the signed-in owner of the
 * order) or from /status with the order's phone or e-mail, limited against guessing.
 */
export function returnsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  async function access(request: Parameters<typeof getUser>[1], contact: string | undefined) {
    const user = await getUser(services, request);
    return {
      userId: user?.id ?? null,
      ...(user ? { owner: user } : {}),
      ip: request.ip,
      client: requestClient(request),
      ...(contact ? { contact } : {}),
    };
  }

  app.post('/api/returns/options', async (request) => {
    const body = parseInput(returnOptionsBody, request.body, request);
    const data = await services.returns.options(
      body.orderID,
      await access(request, body.contact),
      requestLocale(request),
    );
    return { result: true, data };
  });

  app.post('/api/returns', async (request) => {
    const body = parseInput(returnRequestBody, request.body, request);
    const data = await services.returns.request(
      body,
      await access(request, body.contact),
      requestLocale(request),
    );
    return { result: true, data };
  });
}
