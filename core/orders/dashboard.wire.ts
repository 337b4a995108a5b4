import type { SalesSpan } from './dashboard.rules.ts';

/** A figure of the span, the span before, and the change in percent (null when the span before had none). */
export interface Compared {
  current: number;
  previous: number;
  change: number | null;
}

/**
 * `GET /api/admin/dashboard/sales?days=7|30|90` (core/orders/dashboard.service.ts `sales`). Money in
 * kopecks, present only for the roles that see revenue (admins and managers).
 */
export interface SalesAnswer {
  days: SalesSpan;
  /** The span: from the first Moscow midnight to now, and the start of the span before. */
  from: string;
  to: string;
  previousFrom: string;
  /** One entry per Moscow day of the span, oldest first. */
  series: { day: string; orders: number; revenue?: number }[];
  totals: { orders: Compared; revenue?: Compared; average?: Compared };
  topProducts: { groupId: string; name: string; units: number; revenue?: number }[];
  topSizes: { size: string; units: number }[];
  /** Units of the span's paid orders asked back for money or exchanged; `rate` in percent of those sold. */
  returns: { soldUnits: number; returnedUnits: number; exchangedUnits: number; rate: number };
  /** Sizes with nothing left to sell that sold in the span. */
  soldOut: { groupId: string; name: { ru: string; en: string }; size: string; units: number }[];
  /** The orders placed in the span: how many were paid, left the shop, were delivered. */
  funnel: { placed: number; paid: number; sent: number; delivered: number };
}
