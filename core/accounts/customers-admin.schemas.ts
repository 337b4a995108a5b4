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
