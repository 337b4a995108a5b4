import type { z } from 'zod';
import type {
  buyoutChangeBody,
  buyoutRecordBody,
  buyoutRetryBody,
} from '../../../core/buyout/buyout.schemas.ts';
import { endpoint } from '../ui/api-client.ts';

/** A try-on order's buyout as its page reads it (server/routes/admin/buyout.routes.ts). */
export interface AdminBuyoutPage {
  order: {
    number: number;
    status: string;
    version: number;
    getWay: string;
    fullName: string;
    phone: string;
    goodsTotal: number;
    goodsPayable: number;
    promoDiscount: number;
    deliveryPrice: number;
    prepaid: boolean;
  };
  lines: {
    id: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    oldPrice: number | null;
    count: number;
  }[];
  canRecord: boolean;
  refusal: string | null;
  buyout: {
    mode: 'pay' | 'refund' | 'none';
    status: 'awaiting_payment' | 'paid' | 'refund_started' | 'refunded' | 'refund_failed' | 'closed';
    kept: { lineId: number; count: number }[];
    keptAmount: number;
    returnedAmount: number;
    amount: number;
    paymentState: 'none' | 'pending' | 'declined' | 'paid';
    paymentUrl: string | null;
    qrSvg: string | null;
    version: number;
    createdAt: string;
    paidAt: string | null;
  } | null;
}

type ByNumber = { number: number };

/** The buyout's endpoints: each answers with the page as it is now. */
export const buyoutApi = {
  get: endpoint<AdminBuyoutPage, undefined, { number: string }>(
    'GET',
    (p) => `/api/admin/orders/${encodeURIComponent(p.number)}/buyout`,
  ),
  record: endpoint<AdminBuyoutPage, z.input<typeof buyoutRecordBody>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/buyout`,
  ),
  change: endpoint<AdminBuyoutPage, z.input<typeof buyoutChangeBody>, ByNumber>(
    'PUT',
    (p) => `/api/admin/orders/${p.number}/buyout`,
  ),
  /** A new payment link, the refund sent again, or the payment's state asked of the provider. */
  step: endpoint<
    AdminBuyoutPage,
    z.input<typeof buyoutRetryBody> | Record<string, never>,
    ByNumber & { what: 'link' | 'refund' | 'check' }
  >('POST', (p) => `/api/admin/orders/${p.number}/buyout/${p.what}`),
};
