import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productGroups } from './catalogue.ts';
import { orders } from './orders.ts';

export const importKinds = ['commerceml-import', 'commerceml-offers', 'csv-products', 'csv-stock'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importStatuses = ['running', 'applied', 'refused', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/**
 * Every catalogue import (1C CommerceML, CSV): what it was, how it ended and its report (created,
 * changed, hidden, refused with line numbers). docs/decisions/0031-catalogue-exchange.md.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: importKinds }).notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('running'),
    /** The uploaded file's name, as 1C or the staff member sent it. */
    fileName: text('file_name').notNull().default(''),
    report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member who ran it; null for the 1C exchange and scheduled runs. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_started_idx').on(t.startedAt)],
);

/**
 * The orders exchange with 1C (`type=sale`): an order `mode=query` sent in a session, and when 1C
 * confirmed it took them (`mode=success`). A sent but unconfirmed order is sent again next time.
 */
export const exchangeOrders = pgTable('exchange_orders', {
  orderNumber: integer('order_number')
    .primaryKey()
    .references(() => orders.number, { onDelete: 'cascade' }),
  session: text('session').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }),
});

/**
 * The groups the 1C exchange hid because a full catalogue no longer listed them: only these come
 * back when a later catalogue lists them again. A staff member showing or hiding the group by hand
 * removes its row (their choice stands). docs/decisions/0031-catalogue-exchange.md.
 */
export const exchangeHiddenGroups = pgTable('exchange_hidden_groups', {
  groupId: text('group_id')
    .primaryKey()
    .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
});

/**
 * A 1C exchange session (one `checkauth`) that imported a full catalogue and whose hiding of what
 * it did not list is still to come: after its last file, at `mode=deactivate`/`complete` or an hour
 * after its first full file (docs/decisions/0031-catalogue-exchange.md).
 */
export const exchangeCatalogueSessions = pgTable('exchange_catalogue_sessions', {
  session: text('session').primaryKey(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
});

/** The groups the files of a pending session listed (they stay shown when it ends). */
export const exchangeSessionGroups = pgTable(
  'exchange_session_groups',
  {
    session: text('session')
      .notNull()
      .references(() => exchangeCatalogueSessions.session, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.session, t.groupId] })],
);
