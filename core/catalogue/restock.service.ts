import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productGroups, restockSubscriptions, variantProducts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Locale } from '../i18n.ts';

const messages: Record<Locale, string> = {
  ru: 'Спасибо! Мы напишем вам, как только товар появится.',
  en: 'Thank you! We will e-mail you as soon as it arrives.',
};

export function createRestockService({ db }: { db: Db }) {
  /**
   * Signs an e-mail up for a restock or pre-order notice of a variant or group. A repeated
   * sign-up changes nothing and gets the same answer.
   */
  async function signUp(email: string, productId: string, locale: Locale): Promise<{ message: string }> {
    const [target] = await db
      .select({ groupId: productGroups.id })
      .from(productGroups)
      .leftJoin(variantProducts, eq(variantProducts.groupId, productGroups.id))
      .where(or(eq(productGroups.id, productId), eq(variantProducts.id, productId)))
      .limit(1);
    if (!target) throw new AppError('not_found', { key: 'product.not_found' });
    await db
      .insert(restockSubscriptions)
      .values({ email, productId, groupId: target.groupId, locale })
      .onConflictDoNothing();
    return { message: messages[locale] };
  }

  return { signUp };
}
