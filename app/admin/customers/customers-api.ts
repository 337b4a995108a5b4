import type { z } from 'zod';
import type {
  customerDeleteSchema,
  customersListQuery,
} from '../../../core/accounts/customers-admin.schemas.ts';
import type {
  CustomerConsent,
  CustomersListAnswer,
  GuestCustomerAnswer,
} from '../../../core/accounts/customers-list.wire.ts';
import { endpoint } from '../ui/api-client.ts';

export interface CustomerProfile {
  id: string;
  name: string;
  secondName: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  birthDate: string | null;
  role: string;
  notificationChannel: string;
  createdAt: string;
}
export interface CustomerAddress {
  id: number;
  country: string;
  postcode: string;
  city: string;
  street: string;
  house: string;
  entrance: string;
  floor: string;
  room: string;
}
export interface CustomerOrderRow {
  number: number;
  status: string;
  locale: string;
  createdAt: string;
  total: number;
  displayCurrency: string;
  displayTotal: number | null;
  byAccount: boolean;
}
/** A customer's page as GET /api/admin/customers/:id gives it (server/routes/admin/customers.routes.ts). */
export interface CustomerPage {
  customer: CustomerProfile;
  addresses: CustomerAddress[];
  orders: CustomerOrderRow[];
  consents: CustomerConsent[];
}

type ById = { id: string };

/** The customers' endpoints (server/routes/admin/customers.routes.ts), typed from their schemas. */
export const customersApi = {
  list: endpoint<CustomersListAnswer, z.input<typeof customersListQuery>>(
    'GET',
    () => '/api/admin/customers',
  ),
  guest: endpoint<GuestCustomerAnswer, undefined, { phone: string }>(
    'GET',
    (p) => `/api/admin/customers/guest/${encodeURIComponent(p.phone)}`,
  ),
  get: endpoint<CustomerPage, undefined, ById>(
    'GET',
    (p) => `/api/admin/customers/${encodeURIComponent(p.id)}`,
  ),
  /** Everything the shop keeps about the customer, as one JSON document (152-FZ). */
  export: endpoint<unknown, undefined, ById>('POST', (p) => `/api/admin/customers/${p.id}/export`),
  /** Deletion on request: `confirm` is the customer's e-mail or phone typed in. */
  remove: endpoint<{ orders: number[] }, z.input<typeof customerDeleteSchema>, ById>(
    'DELETE',
    (p) => `/api/admin/customers/${p.id}`,
  ),
};
