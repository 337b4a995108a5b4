import { z } from 'zod';

/** `GET /api/admin/customers`: a name, phone digits or e-mail fragment, paged on the server. */
export const customersQuerySchema = z.object({
  q: z.string().trim().max(100, 'at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type CustomersQuery = z.output<typeof customersQuerySchema>;

export const customerParamsSchema = z.object({
  id: z.uuid({ error: 'must be a customer id' }),
});

/**
 * Deletion on request (DECISIONS 20): the staff member types the customer's e-mail or phone, so a
 * slip of the mouse cannot erase someone; the server compares it with the stored contact.
 */
export const customerDeleteSchema = z.object({
  confirm: z.string().trim().min(1, 'type the e-mail or phone of the customer').max(254),
});

/** The columns the customers list sorts by. */
export const customerSortColumns = ['name', 'orders', 'amount', 'lastOrder', 'since'] as const;

/**
 * `GET /api/admin/customers` (issue 34): every buyer (accounts and guest buyers by their contact),
 * searched by name, phone digits or e-mail fragment, sorted by a whitelisted column, paged.
 */
export const customersListQuery = customersQuerySchema.extend({
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(customerSortColumns).optional()),
  dir: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc']).optional()),
});
export type CustomersListQuery = z.output<typeof customersListQuery>;

/** A guest buyer's page: the phone their orders were placed with, digits. */
export const guestCustomerParams = z.object({
  phone: z.string().regex(/^\d{5,15}$/, 'must be a phone number'),
});
