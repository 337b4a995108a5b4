import { z } from 'zod';

/** The version the screen showed (DECISIONS 31): a change over a newer version is refused. */
const version = z.number().int().min(0).max(2_147_483_647);

const kept = z
  .array(
    z.object({
      lineId: z.number().int().positive().max(2_147_483_647),
      count: z.number().int().min(0).max(100),
    }),
  )
  .max(100);

/** Recording what the buyer kept: over the order's version the screen showed. */
export const buyoutRecordBody = z.object({ orderVersion: version, kept });
export type BuyoutRecordInput = z.output<typeof buyoutRecordBody>;

/** Changing a recorded buyout whose payment is still open: over the buyout's version. */
export const buyoutChangeBody = z.object({ version, kept });
export type BuyoutChangeInput = z.output<typeof buyoutChangeBody>;

/** A new payment link, or a refund tried again: over the buyout's version. */
export const buyoutRetryBody = z.object({ version });
