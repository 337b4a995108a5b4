import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, promoCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import type { Tx } from '../order-access.ts';
import { checkPromoCode, type PromoCustomerHistory } from '../promo.rules.ts';
import { type PricedLine, promoOnCart } from './promo-cart.ts';

/**
 * Placement step 3: consume the promo code. Undo: `returnPromo`, when the order fails or is
 * cancelled (inside the placing transaction a refusal rolls the use back with everything else).
 */

/**
 * Takes one use of the code for an order. The code's row lock serialises every order using it, so
 * the count, the per-customer limits (once per customer) and first order only are judged on the
 * orders committed before this one: two orders of one customer placed at once cannot both pass. The
 * cart is judged again under the lock (a code changed since the order was priced is refused). One
 * neutral refusal (docs/decisions/0018), but a cart refusal says why.
 */
export async function consumePromo(
  tx: Tx,
  code: string,
  customer: PromoCustomerKeys & { provenPhone: string | null },
  now: Date,
  cart?: { lines: PricedLine[]; priced: { discount: number; freeDelivery: boolean }; locale: Locale },
): Promise<void> {
  const refused = () => new AppError('conflict', { key: 'promo.refused' }, { field: 'promocode' });
  const [rule] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  const history = rule ? await promoHistory(tx, rule.code, customer) : undefined;
  if (checkPromoCode(rule ?? null, customer, now, history) || !rule) throw refused();
  if (cart) {
    const applied = await promoOnCart(tx, rule, cart.lines, cart.locale);
    if (!applied.ok) throw new AppError('conflict', applied.message, { field: 'promocode' });
    if (applied.discount !== cart.priced.discount || applied.freeDelivery !== cart.priced.freeDelivery) {
      throw refused();
    }
  }
  const [used] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        sql`(${promoCodes.usageLimit} is null or ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
      ),
    )
    .returning({ code: promoCodes.code });
  if (!used) throw refused();
}

/** The undo of `consumePromo`: the order's use of the code goes back. */
export async function returnPromo(tx: Tx, code: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.code, code));
}

/** Who places an order, as the per-customer rules match them. */
export interface PromoCustomerKeys {
  /** The order's phone (digits). */
  phone: string;
  /** The order's e-mail; empty when none was given. */
  email?: string;
  /** The signed-in shopper's account. */
  userId: string | null;
}

/**
 * The customer's counting orders (not cancelled, not failed): those with the same phone or e-mail
 * (case aside), or placed from the same account (docs/product/promo-codes.md).
 */
export async function promoHistory(
  runner: Pick<Db, 'select'>,
  code: string,
  customer: PromoCustomerKeys,
): Promise<PromoCustomerHistory> {
  const email = customer.email?.trim().toLowerCase() ?? '';
  const same = [
    eq(orders.phone, customer.phone),
    email ? eq(sql`lower(${orders.email})`, email) : undefined,
    customer.userId ? eq(orders.userId, customer.userId) : undefined,
  ].filter((c) => c !== undefined);
  const [row] = await runner
    .select({
      orders: sql<number>`count(*)::int`,
      withCode: sql<number>`(count(*) filter (where ${orders.promoCode} = ${code}))::int`,
    })
    .from(orders)
    .where(and(or(...same), notInArray(orders.status, ['cancelled', 'payment_failed'])));
  return { orders: row?.orders ?? 0, ordersWithCode: row?.withCode ?? 0 };
}
