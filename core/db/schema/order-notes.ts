import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * Staff's internal notes on an order (issue 34), newest last: each kept with who wrote it and when,
 * never shown to the shopper. Notes are added, not edited, so two managers never overwrite each other.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The staff member who wrote it (null once their account is gone), and their name then. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorLabel: text('author_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderNumber, t.id)],
);

/** Staff's tags on an order (issue 34): short words the orders list shows and filters by. */
export const orderTags = pgTable(
  'order_tags',
  {
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderNumber, t.tag] }), index('order_tags_tag_idx').on(t.tag)],
);
