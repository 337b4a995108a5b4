import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `customer` is every shopper; the others are staff roles (DECISIONS 30). */
export const userRoles = ['customer', 'admin', 'manager', 'editor'] as const;
/** catalogue.md §3 notification channels. */
export const notificationChannels = ['sms', 'email', 'sms-email', 'none'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type UserRole = (typeof userRoles)[number];

/** catalogue.md §3 User. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    secondName: text('second_name').notNull().default(''),
    /** Stored lower-cased. */
    email: text('email'),
    /**
     * The e-mail was proven: a password was mailed to it at registration. Only a proven e-mail signs in
     * with a password or gets a reset; one typed into a profile is a contact and gives way to its owner.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Digits only with the country code: `79001234567`. */
    phone: text('phone'),
    /** The phone was attached with a sign-in code sent to it (docs/decisions/0013-sign-in-lock-outs.md). */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    birthDate: text('birth_date'),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    /** scrypt, `scrypt$N$r$p$salt$hash` (DECISIONS 17); null until an e-mail password is issued. */
    passwordHash: text('password_hash'),
    /** A reset's mailed password: replaces `passwordHash` on its first use (DECISIONS 35). */
    pendingPasswordHash: text('pending_password_hash'),
    notificationChannel: text('notification_channel', { enum: notificationChannels })
      .notNull()
      .default('sms'),
    /** 152-FZ consent at registration (DECISIONS 20). */
    consentVersion: text('consent_version'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentIp: text('consent_ip'),
    /**
     * Consent to marketing messages (Russian law 38-FZ, DECISIONS 37): given in the cabinet by the
     * owner of a proven contact, with its moment, address and wording version; null = none or withdrawn.
     */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    marketingConsentIp: text('marketing_consent_ip'),
    marketingConsentVersion: text('marketing_consent_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_phone_idx').on(t.phone),
    check('users_role', sql`${t.role} in ('customer', 'admin', 'manager', 'editor')`),
    check('users_contact', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/** Server-side sessions (DECISIONS 16): only the token's SHA-256 is stored, so a leak of the table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Sign-in codes (DECISIONS 17): single use, bound to the phone, 5 minutes, at most 5 tries. */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: serial('id').primaryKey(),
    /** Digits with the country code. */
    phone: text('phone').notNull(),
    /** The client that asked for it (address and device id): only that client may use it. */
    client: text('client').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['call', 'sms'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sign_in_codes_phone_idx').on(t.phone, t.createdAt),
    check('sign_in_codes_attempts', sql`${t.attempts} between 0 and 5`),
  ],
);

/** Saved delivery addresses (catalogue.md §3 Saved address), each owned by one user. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull().default('Россия'),
    countryId: integer('country_id').notNull().default(1),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull(),
    cityId: integer('city_id').notNull(),
    street: text('street').notNull(),
    house: text('house').notNull(),
    entrance: text('entrance').notNull().default(''),
    floor: text('floor').notNull().default(''),
    room: text('room').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
);

/** A signed-in shopper's cart (DECISIONS 8): the cookie's lines, kept so it follows them across devices. */
export const userCarts = pgTable('user_carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<{ _id: string; count: number }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
