import { eq, isNotNull, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import type { Tx } from '../../db/client.ts';
import { productGroups, variantProducts } from '../../db/schema/index.ts';
import type { ImportReport } from '../exchange.rules.ts';
import type { CmlContext, Run } from './import-run.ts';

/** What the storefront shows of 1C's products: a full catalogue hides the ones it no longer lists. */
export function createCmlVisibility({ clock }: CmlContext) {
  /** A full catalogue (not only changes) hides the published groups 1C sent before and not now. */
  async function hideMissing(tx: Tx, run: Run, report: ImportReport, tags: Set<string>) {
    const now = clock();
    const fromExchange = await tx
      .selectDistinct({ groupId: variantProducts.groupId })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .where(sql`${isNotNull(variantProducts.exchangeId)} and ${productGroups.published}`);
    for (const { groupId } of fromExchange) {
      if (run.touchedGroups.has(groupId)) continue;
      await tx
        .update(productGroups)
        .set({ published: false, version: sql`${productGroups.version} + 1`, updatedAt: now })
        .where(eq(productGroups.id, groupId));
      report.hidden += 1;
      tags.add(cacheTags.group(groupId));
      tags.add(cacheTags.catalogue);
      tags.add(cacheTags.listings);
    }
  }

  return { hideMissing };
}
