import { and, eq, gt, sql } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { cartReminders } from '../db/schema/index.ts';
import type { Locale } from '../i18n.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { RateLimitService } from '../limits/rate-limit.service.ts';
import { CART_REMINDER_JOB, DEFAULT_CART_REMINDER_DELAY_MINUTES } from '../messages/marketing.rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-ups one client may send (docs/decisions/0018): the storefront sends one a day per browser
 * and one per session for a signed-in shopper, so an address (shared by many shoppers) gets 20 an
 * hour and a phone 5 a day; counted in the database, so every instance shares them.
 */
export const REMINDER_LIMITS = {
  perAddress: { limit: 20, windowSeconds: 3600 },
  perPhone: { limit: 5, windowSeconds: 86_400 },
};

const tooMany = {
  ru: 'Слишком много запросов на напоминание. Попробуйте позже',
  en: 'Too many reminder requests. Please try later',
};

/**
 * `POST /api/notification/add`: abandoned-cart reminders, at most one per phone a day. Each is stored
 * with its job, due after the settings' delay; the job sends it only with a marketing consent on
 * record (core/messages/marketing.rules.ts).
 */
export function createRemindersService({
  db,
  limits,
  settings,
  clock,
}: {
  db: Db;
  limits: RateLimitService;
  settings: Pick<SettingsService, 'getShopSettings'>;
  clock: () => Date;
}) {
  return {
    async add(phone: string, variantIds: string[], locale: Locale, client: { ip: string }): Promise<boolean> {
      await limits.hit(`reminder-ip:${client.ip}`, REMINDER_LIMITS.perAddress, tooMany[locale]);
      await limits.hit(`reminder-phone:${phone}`, REMINDER_LIMITS.perPhone, tooMany[locale]);
      const since = new Date(clock().getTime() - DAY_MS);
      const [recent] = await db
        .select({ id: cartReminders.id })
        .from(cartReminders)
        .where(and(eq(cartReminders.phone, phone), gt(cartReminders.createdAt, since)))
        .limit(1);
      if (recent) return false;
      const delay =
        (await settings.getShopSettings()).main.cartReminderDelayMinutes ??
        DEFAULT_CART_REMINDER_DELAY_MINUTES;
      const now = clock();
      return db.transaction(async (tx) => {
        // One pending reminder per phone, also under concurrent requests (the partial unique index).
        const [inserted] = await tx
          .insert(cartReminders)
          .values({ phone, variantIds, locale, createdAt: now })
          .onConflictDoNothing({ target: cartReminders.phone, where: sql`${cartReminders.sentAt} is null` })
          .returning({ id: cartReminders.id });
        if (!inserted) return false;
        await enqueueJob(tx, {
          kind: CART_REMINDER_JOB,
          key: `cart-reminder:${inserted.id}`,
          payload: { reminderId: inserted.id },
          runAt: new Date(now.getTime() + delay * 60_000),
        });
        return true;
      });
    },
  };
}
