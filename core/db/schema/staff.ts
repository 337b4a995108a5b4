import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/** Roles a staff member can hold (DECISIONS 30); `customer` is every shopper. */
export const staffRoles = ['admin', 'manager', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * A staff member's own credentials, apart from the shopper's e-mail password: the password set when
 * accepting an invitation, and the second factor (TOTP, RFC 6238). The TOTP secret stays pending
 * (`totpEnabledAt` null) until the first code proves the authenticator has it. Recovery codes are
 * kept as SHA-256 hashes, each removed when used. `lastStep` refuses a code replayed in its window.
 */
export const staffCredentials = pgTable('staff_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** scrypt, as the shoppers' passwords. */
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  lastStep: bigint('last_step', { mode: 'number' }),
  /** Raised by every change of role or credentials: a stale admin screen's save is refused. */
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff sessions, apart from the shoppers' (`sessions`): a shopper's token never carries staff power.
 * Only the token's SHA-256 is stored; a session ends after 12 hours without a request and answers
 * staff endpoints only once its second factor was given (`mfaAt`).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    mfaAt: timestamp('mfa_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_idx').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.userId),
  ],
);

/** An admin's invitation: the mailed link proves the e-mail; accepting it sets the password. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invites_token_idx').on(t.tokenHash),
    index('staff_invites_email_idx').on(t.email),
  ],
);

/**
 * The first admin's setup links (docs/decisions/0011-back-office.md, README "The back office"): while
 * the shop has no admin, every start prints one; only its SHA-256 is kept. It lasts 24 hours, is used
 * once, and a newer one replaces it. The contact a code was sent to and the code's hash wait here until
 * the code is given back: only then is the admin made.
 */
export const adminSetupLinks = pgTable(
  'admin_setup_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Lower-cased: the future admin's e-mail, the back office's sign-in name. */
    email: text('email'),
    /** Digits only: set when the code went to this phone rather than to the e-mail. */
    phone: text('phone'),
    /** SHA-256 of the code mailed to `email` (a phone's code lives in `sign_in_codes`). */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
  },
  (t) => [uniqueIndex('admin_setup_links_token_idx').on(t.tokenHash)],
);

/**
 * Every staff change (DECISIONS 31): who, when, what, the value before and after. Rows are only ever
 * added. `actorId` is null for the shop's own work (expiry, provider notices) recorded here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail and role at the time: kept when the staff member is removed. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/** Refunds started by staff through the payment provider (a cancelled paid order, a late payment). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    /** Kopecks. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['started', 'succeeded', 'failed'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One refund per order: a second cancel or a double click never refunds twice.
  (t) => [uniqueIndex('refunds_order_idx').on(t.orderNumber)],
);
