import { endpoint } from '../ui/api-client.ts';

/** A row of the returns queue (GET /api/admin/returns, server/routes/admin/returns.routes.ts). */
export interface ReturnRow {
  number: number;
  label: string;
  orderNumber: number;
  status: string;
  method: string;
  reason: string;
  carrier: string | null;
  carrierCode: string | null;
  createdAt: string;
  refundStatus: string;
  refund: number;
  fullName: string;
  phone: string;
  units: number;
  exchanges: number;
}

/** One return as its page reads it (GET /api/admin/returns/:number). */
export interface ReturnPage {
  return: {
    number: number;
    label: string;
    orderNumber: number;
    status: string;
    method: string;
    reason: string;
    comment: string;
    carrier: string | null;
    carrierCode: string | null;
    /** The carrier's point the buyer chose to bring the parcel to; null: the order's own. */
    pickupPoint: string | null;
    createdAt: string;
    receivedAt: string | null;
    decidedAt: string | null;
    refundGoods: number;
    refundDelivery: number;
    refundStatus: string;
    providerRefundId: string | null;
    version: number;
  };
  lines: {
    id: number;
    quantity: number;
    name: string;
    size: string;
    barcode: string;
    price: number;
    count: number;
    exchangeSize: string | null;
    exchangeStatus: string;
    exchangeTracking: string | null;
    exchangeCarrierId: string | null;
    decision: string;
    decisionReason: string;
    refundAmount: number;
  }[];
  order: {
    number: number;
    status: string;
    fullName: string;
    phone: string;
    email: string;
    goodsTotal: number;
    promoDiscount: number;
    deliveryPrice: number;
    total: number;
    refunded: number;
  };
  orderReturns: { number: number; label: string; status: string; refund: number; refundStatus: string }[];
  audit: { id: number; at: string; actorLabel: string; action: string }[];
  canRetryRefund: boolean;
  canRegisterParcel: boolean;
  canCancel: boolean;
  canHandOverExchange: boolean;
  exchangeCarrierName: string | null;
}

/** A staff step on a return (POST /api/admin/returns/:number/<step>). */
export type ReturnStep =
  | 'receive'
  | 'parcel-retry'
  | 'cancel'
  | 'refund-retry'
  | 'decide'
  | 'exchange-hand-over'
  | 'exchange-shipped';

/** The returns' endpoints; a step carries the version the screen showed (DECISIONS 31). */
export const returnsApi = {
  list: endpoint<
    { rows: ReturnRow[]; next: number | null },
    { status?: string; order?: string; number?: string }
  >('GET', () => '/api/admin/returns'),
  get: endpoint<ReturnPage, undefined, { number: string }>(
    'GET',
    (p) => `/api/admin/returns/${encodeURIComponent(p.number)}`,
  ),
  step: endpoint<
    unknown,
    { version: number } & Record<string, unknown>,
    { number: number; step: ReturnStep }
  >('POST', (p) => `/api/admin/returns/${p.number}/${p.step}`),
};
