import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, promoCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Tx } from '../order-access.ts';
import { checkPromoCode, type PromoCustomerHistory } from '../promo.rules.ts';

/**
 * Placement step 3: consume the promo code. Undo: `returnPromo`, when the order fails or is
 * cancelled (inside the placing transaction a refusal rolls the use back with everything else).
 */

/**
 * Takes one use of the code for an order. Per customer and first order only: judged under the
 * customer's phone lock (taken by the stock step's hold check), so two orders of one customer cannot
 * both pass; the code's row lock serialises the count. One neutral refusal (docs/decisions/0018).
 */
export async function consumePromo(
  tx: Tx,
  code: string,
  customer: { phone: string; provenPhone: string | null; userId: string | null },
  now: Date,
): Promise<void> {
  const refused = () => new AppError('conflict', { key: 'promo.refused' }, { field: 'promocode' });
  const [rule] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  const history = rule ? await promoHistory(tx, rule.code, customer.phone, customer.userId) : undefined;
  if (checkPromoCode(rule ?? null, customer, now, history)) throw refused();
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

/** The customer's counting orders (not cancelled, not failed), by phone or by their account. */
export async function promoHistory(
  runner: Pick<Db, 'select'>,
  code: string,
  phone: string,
  userId: string | null,
): Promise<PromoCustomerHistory> {
  const [row] = await runner
    .select({
      orders: sql<number>`count(*)::int`,
      withCode: sql<number>`(count(*) filter (where ${orders.promoCode} = ${code}))::int`,
    })
    .from(orders)
    .where(
      and(
        userId ? or(eq(orders.phone, phone), eq(orders.userId, userId)) : eq(orders.phone, phone),
        notInArray(orders.status, ['cancelled', 'payment_failed']),
      ),
    );
  return { orders: row?.orders ?? 0, ordersWithCode: row?.withCode ?? 0 };
}
