import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderStatusBodySchema, orderStatusQuerySchema } from '../../core/orders/order-status.rules.ts';
import { orderStatusToWire } from '../../core/orders/order-status.wire.ts';
import type { Services } from '../../core/services.ts';
import { parseInput, requestClient, requestLocale } from '../request.ts';

/** The signed link's key, else one contact out of the fields given (core/orders/order-status.rules.ts). */
const bodySchema = orderStatusBodySchema.transform((b, ctx) => {
  if (b.key !== undefined) return { orderID: b.orderID, key: b.key };
  const contact = (b.contact || b.phone || b.email || '').trim();
  const parsed = orderStatusQuerySchema.shape.contact.safeParse(contact);
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['contact'],
      message: 'must be the phone or e-mail of the order',
    });
    return z.NEVER;
  }
  return { orderID: b.orderID, contact: parsed.data };
});

/** DECISIONS 29: the order-status lookup of `/status` and the mobile app. */
export function statusRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/api/order-status', async (request) => {
    const query = parseInput(bodySchema, request.body, request);
    const data = await services.orderStatus.lookup(query, requestLocale(request), {
      ip: request.ip,
      key: requestClient(request),
    });
    return { result: true, data: orderStatusToWire(data) };
  });
}
