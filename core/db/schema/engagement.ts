import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Callback and question forms (catalogue.md §2), kept before they are passed to the CRM. */
export const crmRequests = pgTable(
  'crm_requests',
  {
    id: serial('id').primaryKey(),
    formSubject: text('form_subject').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    question: text('question').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    page: text('page').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the CRM accepted it; a null here is a request still to deliver. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    crmRef: text('crm_ref'),
    lastError: text('last_error'),
    /** Delivery attempts made so far, the first one included. */
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may try an undelivered request again; null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_requests_undelivered_idx').on(t.deliveredAt, t.createdAt),
    index('crm_requests_retry_idx').on(t.nextAttemptAt),
  ],
);

/** Newsletter sign-ups from the global menu (`GET /api/sendpulse/signup`). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('ru'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Double opt-in (DECISIONS 37, docs/decisions/0021-durable-jobs-and-messages.md): the random key
     * of the mailed confirmation link, the moment the link was followed (null: not confirmed, no
     * marketing mail), and the single-use promo code made for the address then.
     */
    confirmToken: text('confirm_token'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    promoCode: text('promo_code'),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_token_idx').on(t.confirmToken),
  ],
);

/** What sandbox providers "sent": an inspectable outbox (STYLE: providers). */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_channel_idx').on(t.channel, t.createdAt)],
);

/** Fixed-window counters shared by every instance (public forms now; sign-in codes later). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Sliding-window limits (sign-in failures and sends, DECISIONS 17): one row per counted attempt, so a
 * cap holds over any 24 hours or 30 days, not per calendar window.
 */
export const limitEvents = pgTable(
  'limit_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_events_key_idx').on(t.key, t.at), index('limit_events_at_idx').on(t.at)],
);
