import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { orders } from '../db/schema/index.ts';

/** What the rule needs of a shopper's account. */
export interface ContactOwner {
  id: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}

/**
 * The contacts a shopper has proven: a phone attached by a sign-in code sent to it, an e-mail a
 * password or code was mailed to. A contact merely typed into a profile proves nothing.
 */
export function provenContacts(user: ContactOwner): { phone: string | null; email: string | null } {
  return {
    phone: user.phoneVerified && user.phone ? user.phone : null,
    email: user.emailVerified && user.email ? user.email.toLowerCase() : null,
  };
}

/**
 * The orders that are a shopper's (docs/product/accounts-and-security.md): those placed while signed
 * in, and the guest orders placed with a phone or e-mail the shopper has proven. Another account's
 * order is never theirs, whatever its contact.
 */
export function shopperOrders(user: ContactOwner): SQL {
  const proven = provenContacts(user);
  const byContact = [
    proven.phone ? eq(orders.phone, proven.phone) : undefined,
    proven.email ? eq(sql`lower(${orders.email})`, proven.email) : undefined,
  ].filter((c) => c !== undefined);
  const own = eq(orders.userId, user.id);
  if (byContact.length === 0) return own;
  return or(own, and(isNull(orders.userId), or(...byContact))) as SQL;
}

/** The same rule for an order already read. */
export function isShopperOrder(
  user: ContactOwner,
  order: { userId: string | null; phone: string; email: string },
): boolean {
  if (order.userId !== null) return order.userId === user.id;
  const proven = provenContacts(user);
  return (
    (proven.phone !== null && order.phone === proven.phone) ||
    (proven.email !== null && order.email.toLowerCase() === proven.email)
  );
}
