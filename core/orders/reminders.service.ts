import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartReminders } from '../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `POST /api/notification/add`: abandoned-cart reminders, at most one per phone a day. */
export function createRemindersService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async add(phone: string, variantIds: string[], locale: string): Promise<boolean> {
      const since = new Date(clock().getTime() - DAY_MS);
      const [recent] = await db
        .select({ id: cartReminders.id })
        .from(cartReminders)
        .where(and(eq(cartReminders.phone, phone), gt(cartReminders.createdAt, since)))
        .limit(1);
      if (recent) return false;
      await db.insert(cartReminders).values({ phone, variantIds, locale, createdAt: clock() });
      return true;
    },
  };
}
