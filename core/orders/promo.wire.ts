import type { PromoKind, PromoScope } from './promo.rules.ts';

/** A promo code as the staff API answers (server/routes/admin/promo.routes.ts); sums in kopecks. */
export interface PromoView {
  code: string;
  kind: PromoKind;
  percent: number;
  /** Kopecks off of an amount code. */
  amount: number | null;
  /** Kopecks of goods an order needs. */
  minOrder: number | null;
  limitTo: PromoScope;
  batchId: string | null;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  phone: string | null;
  firstOrderOnly: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A campaign's batch as the list shows it: its shared offer (from its first code) and uses. */
export interface PromoBatchView {
  id: string;
  prefix: string;
  count: number;
  /** Codes used. */
  used: number;
  createdAt: string;
  offer: PromoView | null;
}
