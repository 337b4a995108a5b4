import { z } from 'zod';

/** `/api/unsubscribe?token=`: the signed link of marketing mail (core/messages/unsubscribe.ts). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(400) });
