import type { z } from 'zod';
import type {
  partialRefundInput,
  refundManualInput,
  removeLineInput,
} from '../../../core/refunds/refunds.schemas.ts';
import { endpoint } from '../ui/api-client.ts';

/** An order paid after it closed (server/routes/admin/orders.routes.ts `refunds-due`). */
export interface RefundDueRow {
  number: number;
  status: string;
  fullName: string;
  phone: string;
  total: number;
  payment: string;
  paymentId: string | null;
  paidAt: string | null;
}

/** An order handed over whose provider sends no settlement receipt (server/routes/admin/receipts). */
export interface SettlementByHandRow {
  orderNumber: number;
  amount: number;
  provider: string;
  createdAt: string;
}

/** A refund the bank refused or that waits too long (server/routes/admin/refunds.routes.ts). */
export interface RefundAttentionRow {
  id: number;
  orderNumber: number;
  state: string;
  source: string;
  amount: number;
  reason: string;
  lastError: string | null;
  attempts: number;
  updatedAt: string;
  fullName: string;
  phone: string;
}

/** One refund of the order as GET /api/admin/orders/:number/refunds gives it (core/refunds/). */
export interface OrderRefund {
  id: number;
  state: string;
  source: string;
  amount: number;
  deliveryAmount: number;
  reason: string;
  providerRefundId: string | null;
  receipt: {
    items: { name: string; price: number; quantity: number; amount: number; markCode?: string }[];
  } | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lines: { orderLineId: number; quantity: number; amount: number; name: string; size: string }[];
}

/** An order paid by instalment, BNPL or split (GET /api/admin/orders/instalments). */
export interface InstalmentRow {
  number: number;
  createdAt: string;
  status: string;
  payment: string;
  instalmentMonths: number | null;
  fullName: string;
  phone: string;
  total: number;
  paymentProvider: string | null;
  paymentId: string | null;
  lastNoticeAt: string | null;
  decision: 'approved' | 'declined' | 'awaiting' | 'not_started' | 'expired';
}
export interface InstalmentPage {
  rows: InstalmentRow[];
  next: number | null;
}

/** GET/POST /api/admin/orders/:number/marking (server/routes/admin/marking.routes.ts). */
export interface MarkingAnswer {
  marking: {
    lines: {
      id: number;
      name: string;
      size: string;
      count: number;
      codes: { id: number; code: string; form: string }[];
    }[];
    total: number;
    done: number;
    /** Codes may be scanned or removed now (paid, not yet handed over). */
    open: boolean;
  };
  settlement: {
    status: 'pending' | 'sent' | 'failed' | 'unsupported';
    amount: number;
    sentAt: string | null;
    receipt: { items: { name: string; amount: number; quantity: number; markCode?: string }[] } | null;
  } | null;
}

type Refunds = { refunds: OrderRefund[] };
type RefundRef = { number: number; id: number; what: 'retry' | 'manual' };
type ByNumber = { number: number };

/** The order desk's money: refunds due, receipts by hand, refunds needing a hand, an order's refunds. */
export const deskApi = {
  refundsDue: endpoint<{ rows: RefundDueRow[] }>('GET', () => '/api/admin/orders/refunds-due'),
  settlementByHand: endpoint<{ rows: SettlementByHandRow[] }>(
    'GET',
    () => '/api/admin/receipts/settlement-by-hand',
  ),
  refundsAttention: endpoint<{ rows: RefundAttentionRow[] }>('GET', () => '/api/admin/refunds/attention'),
  /** A refund sent to the bank again, or recorded as done by hand (`note`: how). */
  refundAct: endpoint<Refunds, z.input<typeof refundManualInput>, RefundRef>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/refunds/${p.id}/${p.what}`,
  ),
  /** Instalment orders, newest first; `before` is the cursor of the next page. */
  instalments: endpoint<InstalmentPage, { status?: string; before?: number }>(
    'GET',
    () => '/api/admin/orders/instalments',
  ),
  /** The order's marked units and settlement receipt; a code scanned at packing; a code taken off. */
  marking: endpoint<MarkingAnswer, undefined, ByNumber>(
    'GET',
    (p) => `/api/admin/orders/${p.number}/marking`,
  ),
  markingAdd: endpoint<MarkingAnswer, { code: string }, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/marking`,
  ),
  markingRemove: endpoint<MarkingAnswer, undefined, ByNumber & { id: number }>(
    'DELETE',
    (p) => `/api/admin/orders/${p.number}/marking/${p.id}`,
  ),
  /** The order's refunds; `v` is its version, so a changed order is read afresh. */
  orderRefunds: endpoint<Refunds, { v: number }, ByNumber>(
    'GET',
    (p) => `/api/admin/orders/${p.number}/refunds`,
  ),
  partialRefund: endpoint<Refunds, z.input<typeof partialRefundInput>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/refunds`,
  ),
  removeLine: endpoint<Refunds, z.input<typeof removeLineInput>, ByNumber>(
    'POST',
    (p) => `/api/admin/orders/${p.number}/remove-line`,
  ),
};
