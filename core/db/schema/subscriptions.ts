import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productGroups } from './catalogue.ts';

/**
 * Restock and pre-order sign-ups (catalogue.md §2): one per e-mail and product. Marketing mail, so a
 * sign-up counts only once its address confirmed it by the mailed link (docs/product/marketing-consent.md).
 */
export const restockSubscriptions = pgTable(
  'restock_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The variant (size) asked for, or the group when no size was chosen. */
    productId: text('product_id').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    locale: text('locale').notNull().default('ru'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** When the address followed the confirmation link; null: no arrival mail goes to it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('restock_subscriptions_email_product_idx').on(t.email, t.productId),
    index('restock_subscriptions_group_idx').on(t.groupId),
  ],
);
