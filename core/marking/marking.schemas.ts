import { z } from 'zod';

/** A scanned mark code as the field sent it (a full code is at most about 90 characters). */
export const markCodeBody = z.object({ code: z.string().max(200) });

export const markCodeParams = z.object({
  number: z.coerce.number().int().positive().max(2_147_483_647),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
