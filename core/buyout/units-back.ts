import { and, eq, gte, sql } from 'drizzle-orm';
import { cacheTags } from '../cache/read-cache.ts';
import type { Tx } from '../db/client.ts';
import { orderLines, variantProducts } from '../db/schema/index.ts';
import { enqueueRestockCheck } from '../messages/order-messages.service.ts';
import type { LineRow } from './buyout.context.ts';

/** Lowers the lines' reservations and puts the units back on the shelf, once (the order is locked). */
export async function returnUnits(
  tx: Tx,
  lines: LineRow[],
  back: Map<number, number>,
  changed: Set<string>,
  now: Date,
) {
  for (const line of lines) {
    const units = back.get(line.id) ?? 0;
    if (units === 0) continue;
    if (units > 0) {
      const [lowered] = await tx
        .update(orderLines)
        .set({ reserved: sql`${orderLines.reserved} - ${units}` })
        .where(and(eq(orderLines.id, line.id), gte(orderLines.reserved, units)))
        .returning({ id: orderLines.id });
      if (!lowered) throw new Error(`order line ${line.id} holds fewer than ${units} units`);
      const [shelf] = await tx
        .update(variantProducts)
        .set({ stock: sql`${variantProducts.stock} + ${units}` })
        .where(eq(variantProducts.id, line.variantId))
        .returning({ stock: variantProducts.stock });
      changed.add(cacheTags.group(line.groupId));
      if (shelf?.stock === units) {
        changed.add(cacheTags.listings);
        await enqueueRestockCheck(tx, line.variantId, now);
      }
    } else {
      // Kept after all (a recording corrected): the units leave the shelf again, if still there.
      const take = -units;
      const [taken] = await tx
        .update(variantProducts)
        .set({ stock: sql`${variantProducts.stock} - ${take}` })
        .where(and(eq(variantProducts.id, line.variantId), gte(variantProducts.stock, take)))
        .returning({ stock: variantProducts.stock });
      if (!taken) return line;
      await tx
        .update(orderLines)
        .set({ reserved: sql`${orderLines.reserved} + ${take}` })
        .where(eq(orderLines.id, line.id));
      changed.add(cacheTags.group(line.groupId));
      if (taken.stock === 0) changed.add(cacheTags.listings);
    }
  }
  return null;
}
