import type { OrderStatus } from './order.rules.ts';

/** One row of the back office's orders list (`GET /api/admin/orders/list`). */
export interface OrdersListRow {
  number: number;
  createdAt: string;
  status: OrderStatus;
  /** The version the row shows (DECISIONS 31): a step taken from the list names it. */
  version: number;
  fullName: string;
  phone: string;
  email: string;
  getWay: string;
  payment: string;
  /** Kopecks. */
  total: number;
  tags: string[];
  notes: number;
}

export interface OrdersListAnswer {
  rows: OrdersListRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tag in use, for the filter. */
  tags: string[];
}

/** A row as core/ makes it: the delivery method under its own name, `getWay` on the wire. */
export type OrdersListEntry = Omit<OrdersListRow, 'getWay'> & { deliveryMethod: string };
export type OrdersListPage = Omit<OrdersListAnswer, 'rows'> & { rows: OrdersListEntry[] };

export function ordersListToWire(list: OrdersListPage): OrdersListAnswer {
  return {
    ...list,
    rows: list.rows.map((r) => ({
      number: r.number,
      createdAt: r.createdAt,
      status: r.status,
      version: r.version,
      fullName: r.fullName,
      phone: r.phone,
      email: r.email,
      getWay: r.deliveryMethod,
      payment: r.payment,
      total: r.total,
      notes: r.notes,
      tags: r.tags,
    })),
  };
}

export interface OrderNote {
  id: number;
  text: string;
  author: string;
  createdAt: string;
}

export interface OrderNotesAnswer {
  notes: OrderNote[];
  tags: string[];
}

/** What became of each selected order: done, or refused with the reason (a conflict says so). */
export interface OrdersBulkAnswer {
  results: { number: number; ok: boolean; conflict?: boolean; message?: string }[];
}
