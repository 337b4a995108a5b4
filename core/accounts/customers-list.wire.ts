/** One buyer of the back office's customers list (`GET /api/admin/customers`). */
export interface CustomerListRow {
  /** `account`: a shopper's account; `guest`: orders placed without one, kept together by their phone. */
  kind: 'account' | 'guest';
  /** The account's id, or the guest's phone digits. */
  key: string;
  name: string;
  phone: string | null;
  phoneVerified: boolean;
  email: string | null;
  emailVerified: boolean;
  /** The account's registration, or the guest's first order. */
  since: string;
  orders: number;
  /** Paid orders' totals, kopecks. */
  amount: number;
  returns: number;
  lastOrder: string | null;
}

export interface CustomersListAnswer {
  customers: CustomerListRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** A consent recorded with an order (152-FZ): on the site's checkout (`web`) or from the app (`app`). */
export interface CustomerConsent {
  source: string;
  version: string | null;
  at: string;
  ip: string | null;
  channel?: 'web' | 'app';
}

/** A guest buyer's page (`GET /api/admin/customers/guest/:phone`). */
export interface GuestCustomerAnswer {
  customer: { phone: string; names: string[]; emails: string[]; since: string };
  totals: { orders: number; amount: number; returns: number; lastOrder: string | null };
  orders: {
    number: number;
    status: string;
    createdAt: string;
    total: number;
    returns: number[];
  }[];
  consents: CustomerConsent[];
}
