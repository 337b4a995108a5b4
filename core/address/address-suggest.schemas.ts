import { z } from 'zod';

/** `GET /api/address/suggest?q=&city=`: what the shopper typed in the courier address field, and the chosen city. */
export const addressSuggestQuerySchema = z.object({
  q: z.string().trim().max(300, 'must be at most 300 characters').default(''),
  city: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  lang: z.enum(['ru', 'en']).optional(),
});
