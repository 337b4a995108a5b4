import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { handOverMany } from '../../../core/orders/hand-over-many.ts';
import { orderNumberParams } from '../../../core/orders/orders-admin.schemas.ts';
import { courierPickupBody, handOverManyBody } from '../../../core/orders/shipments.schemas.ts';
import { PACKING_SLIPS_MAX } from '../../../core/orders/shipping-documents.service.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { packingSlipsPage } from '../../packing-slips.html.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const documentParams = orderNumberParams.extend({ kind: z.enum(['label', 'invoice', 'waybill']) });
/** `?numbers=10001,10002`: the orders to print, at most a hundred. */
const slipsQuery = z.object({
  numbers: z
    .string()
    .max(1_200)
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(PACKING_SLIPS_MAX)),
});

/** The shipping desk (docs/product/shipping-desk.md): bulk hand-over and printouts; managers and admins. */
export function adminShippingDeskRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  // Hands a selection to the carriers, one after another; each order's result comes back.
  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/orders/hand-over',
    roles: roles.manager,
    body: handOverManyBody,
    act: async (_p, { orders }, actor, locale) => ({
      results: await handOverMany(services.ordersAdmin, orders, actor, locale),
    }),
  });

  // A CDEK courier to collect the day's parcels from the shop.
  staffAction(app, deps, {
    method: 'POST',
    url: '/api/admin/carriers/sdek/pickup',
    roles: roles.manager,
    body: courierPickupBody,
    act: async (_p, input, actor, locale) => {
      const booked = await services.courierPickup.book(input, actor, locale);
      return { pickup: { number: booked.number, date: input.date, from: input.from, to: input.to } };
    },
  });

  // Which documents the carrier made for the parcel, for the order page's links.
  staffRead(app, deps, {
    url: '/api/admin/orders/:number/documents',
    roles: roles.manager,
    params: orderNumberParams,
    get: async ({ number }) => ({ kinds: await services.shippingDocuments.documentKinds(number) }),
  });

  // A document the carrier made for the parcel (DHL's label, its customs invoice), as PDF.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/:number/documents/:kind',
    roles: roles.manager,
    async handler(request, reply) {
      const { number, kind } = parseInput(documentParams, request.params, request);
      const { document, carrier } = await services.shippingDocuments.carrierDocument(
        number,
        kind,
        requestLocale(request),
      );
      reply
        .header('content-type', document.contentType)
        .header('content-disposition', `inline; filename="${carrier}-${kind}-${number}.pdf"`)
        .header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(document.base64, 'base64'));
    },
  });

  // The shop's packing slips for one order or a selection, one printable page.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/orders/packing-slips',
    roles: roles.manager,
    async handler(request, reply) {
      const { numbers } = parseInput(slipsQuery, request.query, request);
      const locale = requestLocale(request);
      const slips = await services.shippingDocuments.packingSlips(numbers);
      if (slips.length === 0) throw new AppError('not_found', staffMessage('shipping.slips_none', locale));
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-store');
      return reply.send(packingSlipsPage(slips, locale, reply.cspNonce?.style ?? ''));
    },
  });
}
