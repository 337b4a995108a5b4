import type { z } from 'zod';
import type { customersListQuery } from '../../../core/accounts/customers-admin.schemas.ts';
import type { CustomersListAnswer, GuestCustomerAnswer } from '../../../core/accounts/customers-list.wire.ts';
import { endpoint } from '../ui/api-client.ts';

/** The customers list's endpoints (server/routes/admin/customers.routes.ts), typed from their schemas. */
export const customersApi = {
  list: endpoint<CustomersListAnswer, z.input<typeof customersListQuery>>(
    'GET',
    () => '/api/admin/customers',
  ),
  guest: endpoint<GuestCustomerAnswer, undefined, { phone: string }>(
    'GET',
    (p) => `/api/admin/customers/guest/${encodeURIComponent(p.phone)}`,
  ),
};
