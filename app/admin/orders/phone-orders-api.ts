import type { z } from 'zod';
import type {
  citySearchQuery,
  paymentLinkBody,
  phoneOrderBody,
  phoneOrderQuoteBody,
  pickupPointsQuery,
  productSearchQuery,
} from '../../../core/orders/phone-order.schemas.ts';
import type {
  PhoneOrderCities,
  PhoneOrderOptions,
  PhoneOrderPickupPoints,
  PhoneOrderProducts,
  PhoneOrderQuote,
  PhoneOrderView,
} from '../../../core/orders/phone-order.wire.ts';
import { endpoint } from '../ui/api-client.ts';

type ByNumber = { number: number };

/** The phone-order endpoints (server/routes/admin/phone-orders.routes.ts), typed from their schemas. */
export const phoneOrdersApi = {
  options: endpoint<PhoneOrderOptions>('GET', () => '/api/admin/phone-orders/options'),
  products: endpoint<PhoneOrderProducts, z.input<typeof productSearchQuery>>(
    'GET',
    () => '/api/admin/phone-orders/products',
  ),
  cities: endpoint<PhoneOrderCities, z.input<typeof citySearchQuery>>(
    'GET',
    () => '/api/admin/phone-orders/cities',
  ),
  pickupPoints: endpoint<PhoneOrderPickupPoints, z.input<typeof pickupPointsQuery>>(
    'GET',
    () => '/api/admin/phone-orders/pickup-points',
  ),
  quote: endpoint<{ quote: PhoneOrderQuote }, z.input<typeof phoneOrderQuoteBody>>(
    'POST',
    () => '/api/admin/phone-orders/quote',
  ),
  create: endpoint<{ order: PhoneOrderView; quote: PhoneOrderQuote }, z.input<typeof phoneOrderBody>>(
    'POST',
    () => '/api/admin/phone-orders',
  ),
  get: endpoint<{ order: PhoneOrderView }, undefined, ByNumber>(
    'GET',
    (p) => `/api/admin/phone-orders/${p.number}`,
  ),
  sendLink: endpoint<{ order: PhoneOrderView }, z.input<typeof paymentLinkBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/phone-orders/${p.number}/link`,
  ),
};
