import type { z } from 'zod';
import type {
  orderCommentBody,
  orderKeepTryOnBody,
  orderRefundBody,
  orderStepBody,
} from '../../../core/orders/orders-admin.schemas.ts';
import type { handOverBody } from '../../../core/orders/shipments.schemas.ts';
import { endpoint } from '../ui/api-client.ts';

/** One order as the order page reads it (GET /api/admin/orders/:number, server/routes/admin/orders.routes.ts). */
export interface AdminOrderPage {
  order: {
    number: number;
    status: string;
    version: number;
    createdAt: string;
    locale: string;
    displayCurrency: string;
    displayTotal: number | null;
    getWay: string;
    payment: string;
    fullName: string;
    phone: string;
    email: string;
    comment: string;
    staffComment: string;
    trackingNumber: string | null;
    delivery: {
      city: string;
      countryCode?: string;
      address: string;
      room: string;
      postal: string;
      pvzID: string | null;
      pvz: string | null;
      deliveryDate: string | null;
      deliveryTime: string | null;
      outMKAD: boolean | null;
    };
    goodsTotal: number;
    goodsPayable: number;
    deliveryPrice: number;
    promoCode: string | null;
    promoDiscount: number;
    total: number;
    instalmentMonths: number | null;
    paymentProvider: string | null;
    paymentId: string | null;
    payerPhone: string | null;
    /** Where the order was taken: the storefront or staff on the phone (docs/product/phone-orders.md). */
    source: 'shop' | 'phone';
  };
  lines: {
    id: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    count: number;
    variantId: string;
  }[];
  events: { id: number; fromStatus: string | null; toStatus: string; cause: string; at: string }[];
  notices: { id: string; provider: string; outcome: string; receivedAt: string }[];
  audit: { id: number; at: string; actorLabel: string; action: string }[];
  steps: string[];
  canRefund: boolean;
  /** A paid try-on order not handed over in time: cancelled after its grace period unless kept. */
  canKeepTryOn: boolean;
}

type ByNumber = { number: number };
type Done = { result: true };

/** The order page's endpoints (server/routes/admin/orders.routes.ts), inputs typed from their schemas. */
export const orderApi = {
  get: endpoint<AdminOrderPage, undefined, { number: string }>(
    'GET',
    (p) => `/api/admin/orders/${encodeURIComponent(p.number)}`,
  ),
  step: endpoint<Done, z.input<typeof orderStepBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/steps`,
  ),
  handOver: endpoint<Done, z.input<typeof handOverBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/hand-over`,
  ),
  keepTryOn: endpoint<Done, z.input<typeof orderKeepTryOnBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/keep-try-on`,
  ),
  refund: endpoint<Done, z.input<typeof orderRefundBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/refund`,
  ),
  comment: endpoint<Done, z.input<typeof orderCommentBody>, ByNumber>(
    'PUT',
    (p) => `/api/admin/orders/${p.number}/comment`,
  ),
};
