import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productGroups, restockSubscriptions, variantProducts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { readSignedLinkToken, signedLinkToken } from '../messages/unsubscribe.ts';
import { shopperMessage } from '../shopper-messages.ts';

/** The job that mails a sign-up its confirmation link (core/messages/messages.service.ts). */
export const RESTOCK_CONFIRM_JOB = 'restock-confirm';
const PURPOSE = 'restock-confirm';

/** The signed link key that confirms one sign-up, and only that (docs/product/marketing-consent.md). */
export function restockConfirmToken(sub: { id: number; email: string }, secret: string): string {
  return signedLinkToken(PURPOSE, `${sub.id}:${sub.email}`, secret);
}

function readRestockConfirmToken(token: string, secret: string): { id: number; email: string } | null {
  const value = readSignedLinkToken(PURPOSE, token, secret);
  const match = value?.match(/^(\d{1,9}):(.+@.+)$/);
  return match ? { id: Number(match[1]), email: String(match[2]) } : null;
}

export function createRestockService({
  db,
  clock,
  secret,
}: {
  db: Db;
  clock: () => Date;
  /** Signs the confirmation links. */
  secret: string;
}) {
  /**
   * Signs an e-mail up for a restock or pre-order notice of a variant or group, double opt-in
   * (DECISIONS 37): the sign-up is stored unconfirmed and the confirmation mail queued in the same
   * transaction; a repeat mails the link again (once a day) in the language of the latest request.
   * Only a confirmed sign-up is told of the arrival.
   */
  async function signUp(email: string, productId: string, locale: Locale): Promise<{ message: string }> {
    const [target] = await db
      .select({ groupId: productGroups.id })
      .from(productGroups)
      .leftJoin(variantProducts, eq(variantProducts.groupId, productGroups.id))
      .where(or(eq(productGroups.id, productId), eq(variantProducts.id, productId)))
      .limit(1);
    if (!target) throw new AppError('not_found', { key: 'product.not_found' });
    const now = clock();
    return db.transaction(async (tx) => {
      await tx
        .insert(restockSubscriptions)
        .values({ email, productId, groupId: target.groupId, locale, createdAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(restockSubscriptions)
        .where(and(eq(restockSubscriptions.email, email), eq(restockSubscriptions.productId, productId)))
        .for('update');
      if (!row) throw new AppError('not_found', { key: 'product.not_found' });
      if (row.confirmedAt) return { message: shopperMessage('restock.signed_up', locale) };
      if (row.locale !== locale)
        await tx.update(restockSubscriptions).set({ locale }).where(eq(restockSubscriptions.id, row.id));
      await enqueueJob(tx, {
        kind: RESTOCK_CONFIRM_JOB,
        key: `${RESTOCK_CONFIRM_JOB}:${row.id}:${now.toISOString().slice(0, 10)}`,
        payload: { subscriptionId: row.id },
        runAt: now,
      });
      return { message: shopperMessage('restock.confirm_sent', locale) };
    });
  }

  /**
   * The confirmation link (one press on `/restock-confirm`): the sign-up it names now gets the
   * arrival mail. A token of another purpose, a changed one, or one of a sign-up since removed
   * (unsubscribed) is refused naming the field; following the link again changes nothing.
   */
  async function confirm(token: string, locale: Locale): Promise<{ result: true; message: string }> {
    const named = readRestockConfirmToken(token, secret);
    const refused = () => new AppError('invalid_data', { key: 'restock.bad_link' }, { field: 'token' });
    if (!named) throw refused();
    const [row] = await db
      .select({ id: restockSubscriptions.id })
      .from(restockSubscriptions)
      .where(and(eq(restockSubscriptions.id, named.id), eq(restockSubscriptions.email, named.email)));
    if (!row) throw refused();
    await db
      .update(restockSubscriptions)
      .set({ confirmedAt: clock() })
      .where(and(eq(restockSubscriptions.id, row.id), isNull(restockSubscriptions.confirmedAt)));
    return { result: true, message: shopperMessage('restock.confirmed', locale) };
  }

  return { signUp, confirm };
}
