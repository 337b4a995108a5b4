import { z } from 'zod';

/** `POST /api/admin/orders/:number/hand-over`: the version the screen showed (DECISIONS 31). */
export const handOverBody = z.object({ version: z.number().int().min(0).max(2_147_483_647) });
export type HandOverInput = z.output<typeof handOverBody>;
