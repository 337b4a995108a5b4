import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const userRoles = ['customer', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** catalogue.md §3 User; the cabinet issue adds sessions, codes and addresses. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    secondName: text('second_name').notNull().default(''),
    /** Stored lower-cased. */
    email: text('email'),
    /** Digits only with the country code: `79001234567`. */
    phone: text('phone'),
    birthDate: text('birth_date'),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_phone_idx').on(t.phone),
    check('users_role', sql`${t.role} in ('customer', 'admin')`),
    check('users_contact', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);
