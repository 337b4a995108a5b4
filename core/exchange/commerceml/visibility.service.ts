import { eq, inArray, sql } from 'drizzle-orm';
import { cacheTags } from '../../cache/read-cache.ts';
import type { Tx } from '../../db/client.ts';
import {
  exchangeCatalogueSessions,
  exchangeHiddenGroups,
  exchangeSessionGroups,
  productGroups,
  variantProducts,
} from '../../db/schema/index.ts';
import type { ImportReport } from '../exchange.rules.ts';
import { type CmlContext, INSERT_BATCH, type Run } from './import-run.ts';

/**
 * What the storefront shows of 1C's products (docs/decisions/0031-catalogue-exchange.md):
 *
 * - A full catalogue (`СодержитТолькоИзменения="false"`) hides the published groups 1C sent before
 *   and no file of its exchange session listed. 1C may send several catalogues in one session (each
 *   import.xml + offers.xml), so the groups each file lists are noted under the session and the
 *   hiding happens once, when the session ends (`finishSession`); a file imported outside a session
 *   is a session of its own, ended with its transaction.
 * - A group the exchange hid comes back when a later catalogue lists it (`bringBack`); one staff hid
 *   by hand never does (showing or hiding it by hand forgets the exchange's hiding).
 */
export function createCmlVisibility({ clock }: CmlContext) {
  /**
   * Notes the groups this file listed under its session. A full catalogue opens the session's
   * hiding (returns true when it is pending); the other files of the session are noted only once it
   * is open, so an offers-only session writes nothing here.
   */
  async function noteListed(tx: Tx, session: string, run: Run, full: boolean): Promise<boolean> {
    if (full) {
      await tx
        .insert(exchangeCatalogueSessions)
        .values({ session, openedAt: clock() })
        .onConflictDoNothing({ target: exchangeCatalogueSessions.session });
    } else {
      const [open] = await tx
        .select({ session: exchangeCatalogueSessions.session })
        .from(exchangeCatalogueSessions)
        .where(eq(exchangeCatalogueSessions.session, session));
      if (!open) return false;
    }
    const ids = [...run.touchedGroups];
    for (let i = 0; i < ids.length; i += INSERT_BATCH) {
      await tx
        .insert(exchangeSessionGroups)
        .values(ids.slice(i, i + INSERT_BATCH).map((groupId) => ({ session, groupId })))
        .onConflictDoNothing();
    }
    return true;
  }

  /**
   * Ends a session's hiding: the published groups with 1C's variants that none of its files listed
   * are hidden and remembered as hidden by the exchange. Nothing pending: null.
   */
  async function hideNotListed(tx: Tx, session: string, tags: Set<string>): Promise<number | null> {
    const [open] = await tx
      .select({ session: exchangeCatalogueSessions.session })
      .from(exchangeCatalogueSessions)
      .where(eq(exchangeCatalogueSessions.session, session))
      .for('update');
    if (!open) return null;
    const now = clock();
    const hidden = await tx
      .update(productGroups)
      .set({ published: false, version: sql`${productGroups.version} + 1`, updatedAt: now })
      .where(
        sql`${productGroups.published} and exists (select 1 from ${variantProducts} where ${variantProducts.groupId} = ${productGroups.id} and ${variantProducts.exchangeId} is not null) and not exists (select 1 from ${exchangeSessionGroups} where ${exchangeSessionGroups.session} = ${session} and ${exchangeSessionGroups.groupId} = ${productGroups.id})`,
      )
      .returning({ id: productGroups.id });
    // Its notes go with it (on delete cascade).
    await tx.delete(exchangeCatalogueSessions).where(eq(exchangeCatalogueSessions.session, session));
    for (let i = 0; i < hidden.length; i += INSERT_BATCH) {
      await tx
        .insert(exchangeHiddenGroups)
        .values(hidden.slice(i, i + INSERT_BATCH).map((g) => ({ groupId: g.id, hiddenAt: now })))
        .onConflictDoUpdate({ target: exchangeHiddenGroups.groupId, set: { hiddenAt: now } });
    }
    for (const g of hidden) tags.add(cacheTags.group(g.id));
    if (hidden.length > 0) {
      tags.add(cacheTags.catalogue);
      tags.add(cacheTags.listings);
    }
    return hidden.length;
  }

  /** A file outside an exchange session: a full catalogue hides at once what it did not list. */
  async function hideMissing(tx: Tx, importId: number, run: Run, report: ImportReport, tags: Set<string>) {
    const session = `file:${importId}`;
    await noteListed(tx, session, run, true);
    report.hidden += (await hideNotListed(tx, session, tags)) ?? 0;
  }

  /** Of these groups, the ones the exchange hid (and staff have not shown or hidden since). */
  async function hiddenByExchange(tx: Tx, groupIds: string[]): Promise<Set<string>> {
    if (groupIds.length === 0) return new Set();
    const rows = await tx
      .select({ groupId: exchangeHiddenGroups.groupId })
      .from(exchangeHiddenGroups)
      .where(inArray(exchangeHiddenGroups.groupId, groupIds));
    return new Set(rows.map((r) => r.groupId));
  }

  /** A group the exchange hid, listed again: no longer remembered as hidden (the caller shows it). */
  async function forgetHidden(tx: Tx, groupId: string) {
    await tx.delete(exchangeHiddenGroups).where(eq(exchangeHiddenGroups.groupId, groupId));
  }

  return { noteListed, hideNotListed, hideMissing, hiddenByExchange, forgetHidden };
}
