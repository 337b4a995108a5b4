import { z } from 'zod';
import { salesSpans } from './dashboard.rules.ts';

/** `GET /api/admin/dashboard/sales?days=30`: one of the dashboard's spans, 30 days when not given. */
export const salesQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is (typeof salesSpans)[number] => (salesSpans as readonly number[]).includes(d))
    .default(30),
});
