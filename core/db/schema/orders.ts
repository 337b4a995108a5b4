import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { OrderStatus } from '../../orders/order.rules.ts';
import type { PromoKind, PromoScope } from '../../orders/promo.rules.ts';
import type { PaymentKind } from '../../providers/payments/payment-provider.ts';
import { users } from './accounts.ts';

/** A campaign's batch of single-use promo codes, made at once with shared settings. */
export const promoBatches = pgTable('promo_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** What every code of the batch starts with (upper case). */
  prefix: text('prefix').notNull(),
  /** Codes made. */
  count: integer('count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Promo codes (checkout.md §9; docs/product/promo-codes.md): a percent off, a fixed amount off or
 * free delivery, on the cart's eligible lines, from a minimum order.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    /** Upper case, no spaces. */
    code: text('code').primaryKey(),
    kind: text('kind').$type<PromoKind>().notNull().default('percent'),
    /** The percent of a `percent` code; 0 for the other kinds. */
    percent: integer('percent').notNull(),
    /** Kopecks off of an `amount` code; null for the other kinds. */
    amount: bigint('amount', { mode: 'number' }),
    /** The goods' total (kopecks, before the discount) an order needs; null = any. */
    minOrder: bigint('min_order', { mode: 'number' }),
    /** The categories, collections and products it applies to; all empty = the whole cart. */
    limitTo: jsonb('limit_to')
      .$type<PromoScope>()
      .notNull()
      .default({ categories: [], collections: [], products: [] }),
    /** The campaign batch it was made in; null for a code made alone. */
    batchId: uuid('batch_id').references(() => promoBatches.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Orders that may use it; null = unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Bound to one phone (digits); null = anyone. */
    phone: text('phone'),
    /** Orders one customer (phone) may place with it; null = unlimited. */
    perCustomerLimit: integer('per_customer_limit'),
    /** Only for a customer (phone or account) without earlier orders. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency of back-office edits (DECISIONS 31). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_kind', sql`${t.kind} in ('percent', 'amount', 'free_delivery')`),
    check(
      'promo_codes_percent_of_kind',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100) or (${t.kind} <> 'percent' and ${t.percent} = 0)`,
    ),
    check(
      'promo_codes_amount_of_kind',
      sql`(${t.kind} = 'amount' and ${t.amount} > 0) or (${t.kind} <> 'amount' and ${t.amount} is null)`,
    ),
    check('promo_codes_min_order_positive', sql`${t.minOrder} is null or ${t.minOrder} > 0`),
    index('promo_codes_batch_idx').on(t.batchId),
    check(
      'promo_codes_per_customer_positive',
      sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`,
    ),
    check('promo_codes_used_within_limit', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/**
 * Orders (DECISIONS 6, 13, 14). Every figure is the server's own, in kopecks. `number` is the
 * human-readable sequential `orderID`.
 */
export const orders = pgTable(
  'orders',
  {
    number: integer('number').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    status: text('status').$type<OrderStatus>().notNull(),
    locale: text('locale').notNull(),
    /** The currency the shopper saw; the payment is in roubles. */
    displayCurrency: text('display_currency').notNull().default('RUB'),
    getWay: text('get_way').notNull(),
    payment: text('payment').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    comment: text('comment').notNull().default(''),
    /** The delivery address as entered and resolved: city, ids, street, room, pickup point. */
    delivery: jsonb('delivery')
      .$type<{
        city: string;
        cityID: number | null;
        country: string;
        countryId: number;
        countryCode: string;
        address: string;
        room: string;
        postal: string;
        pvzID: string | null;
        pvz: string | null;
        deliveryDate: string | null;
        deliveryTime: string | null;
        deliveryMaxDate: string | null;
        outMKAD: boolean | null;
      }>()
      .notNull(),
    goodsTotal: bigint('goods_total', { mode: 'number' }).notNull(),
    /** Goods paid now: zero with fitting (`moscow-try`). */
    goodsPayable: bigint('goods_payable', { mode: 'number' }).notNull(),
    deliveryPrice: bigint('delivery_price', { mode: 'number' }).notNull(),
    promoCode: text('promo_code'),
    promoPercent: integer('promo_percent').notNull().default(0),
    promoDiscount: bigint('promo_discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /**
     * The total as the shopper saw it, in minor units of `displayCurrency` (DECISIONS 7: each price
     * converted, the total the sum of the shown parts; core/orders/display-totals.rules.ts), and the
     * rate used (roubles per unit, ten-thousandths; null for roubles). Null on orders made before
     * they were recorded.
     */
    displayTotal: bigint('display_total', { mode: 'number' }),
    displayRate4: integer('display_rate4'),
    /** The payer of a pay-by-another-person order, digits. */
    payerPhone: text('payer_phone'),
    instalmentMonths: integer('instalment_months'),
    /** The payment provider's session, and the page the shopper pays on. */
    paymentProvider: text('payment_provider'),
    paymentId: text('payment_id'),
    paymentUrl: text('payment_url'),
    /**
     * Two-stage card payment (docs/decisions/0036-sbp-and-two-stage-payments.md): the bank holds the
     * money when paid, and it is taken (`paymentCapturedAt`) when the goods leave the shop.
     */
    paymentTwoStage: boolean('payment_two_stage').notNull().default(false),
    /** When the held money was taken (claimed before the bank is asked, so it is asked once). */
    paymentCapturedAt: timestamp('payment_captured_at', { withTimezone: true }),
    /** 152-FZ consent (DECISIONS 20). */
    consentVersion: text('consent_version').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip').notNull(),
    /**
     * How the consent was given: `web`, the ticked box of the site's checkout; `app`, the order placed
     * from the brand's app, whose pay button carries the agreement text (docs/product/checkout-and-payments.md);
     * `phone`, the caller's spoken consent, confirmed by the staff member taking the order.
     */
    consentChannel: text('consent_channel', { enum: ['web', 'app', 'phone'] })
      .notNull()
      .default('web'),
    /**
     * Who placed it: `shop`, the buyer on the site or in the app; `phone`, staff for a caller in the
     * back office (docs/product/phone-orders.md), `takenBy` naming the staff member.
     */
    source: text('source', { enum: ['shop', 'phone'] })
      .notNull()
      .default('shop'),
    takenBy: uuid('taken_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The `shi-device` cookie of the browser that placed it (null when it came without one): with
     * `consentIp` and `phone`, the client whose unpaid orders are capped (docs/decisions/0018).
     */
    deviceId: text('device_id'),
    /**
     * The network of `consentIp` (its IPv4 /24 or IPv6 /64; null for loopback and private addresses),
     * whose unpaid orders are capped as a share of the stock (docs/decisions/0018).
     */
    holdNetwork: text('hold_network'),
    /** Random key kept in the shopper's `shi-orders` cookie: only that browser reads the order. */
    accessKey: text('access_key').notNull(),
    /** The signed-in shopper who placed it; null for a guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unpaid after this instant: the order fails and its stock returns. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The carrier's tracking number, given when staff hand the order over. */
    trackingNumber: text('tracking_number'),
    /** Staff's own note on the order (never shown to the shopper). */
    staffComment: text('staff_comment').notNull().default(''),
    /** Raised by every staff change: a save based on an older version is refused (DECISIONS 31). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The back office's order list: newest first, by state, and looked up by phone or e-mail.
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_phone_idx').on(t.phone),
    index('orders_email_idx').on(t.email),
    // The back office's search compares e-mails lower-cased (core/orders/orders-admin.service.ts).
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    // The caps on what one client's unpaid orders hold (docs/decisions/0018).
    index('orders_consent_ip_idx').on(t.consentIp),
    index('orders_device_idx').on(t.deviceId),
    index('orders_hold_network_idx').on(t.holdNetwork),
    uniqueIndex('orders_payment_id_idx').on(t.paymentId),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
    check('orders_consent_channel', sql`${t.consentChannel} in ('web', 'app', 'phone')`),
    check('orders_source', sql`${t.source} in ('shop', 'phone')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    barcode: text('barcode').notNull(),
    category: text('category').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    count: integer('count').notNull(),
    /** Units taken from stock at creation (pre-orders beyond stock take none); returned on failure. */
    reserved: integer('reserved').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderNumber),
    check('order_lines_count_range', sql`${t.count} between 1 and 100`),
    check('order_lines_reserved_range', sql`${t.reserved} between 0 and ${t.count}`),
  ],
);

/** Every status change with its time and cause (DECISIONS 14). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number')
      .notNull()
      .references(() => orders.number, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    cause: text('cause').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderNumber)],
);

/** `Idempotency-Key` answers (DECISIONS 19): a retry gets the first answer. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  /** SHA-256 of the first request's meaning: the same key with another request is refused. */
  requestHash: text('request_hash'),
  /**
   * Who sent the first request: its `shi-device` cookie (null without one) and address. A replay from
   * another client gets no access to the order (docs/decisions/0018).
   */
  clientDevice: text('client_device'),
  clientIp: text('client_ip'),
  status: integer('status').notNull(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider notifications already applied: the same one twice changes nothing (DECISIONS 12). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    orderNumber: integer('order_number').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The order page and the instalment orders read an order's notices.
  (t) => [index('payment_notifications_order_idx').on(t.orderNumber)],
);

/** The sandbox payment provider's sessions (DECISIONS 4), in the database so every instance sees them. */
export const sandboxPayments = pgTable('sandbox_payments', {
  token: text('token').primaryKey(),
  orderNumber: integer('order_number').notNull(),
  kind: text('kind').$type<PaymentKind>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  schedule: jsonb('schedule').$type<number[]>().notNull(),
  lines: jsonb('lines').$type<{ name: string; count: number; price: number }[]>().notNull(),
  status: text('status').$type<'pending' | 'paid' | 'declined' | 'expired'>().notNull().default('pending'),
  /** Refunds made of a paid session, each once per idempotency key. */
  refunds: jsonb('refunds')
    .$type<{ refundId: string; amount: number }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  successUrl: text('success_url').notNull(),
  failUrl: text('fail_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `POST /api/notification/add`: abandoned-cart reminders to send later (checkout.md §7). */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    variantIds: jsonb('variant_ids').$type<string[]>().notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What became of it once due: `sent`, or why not (`no-consent`, `ordered`, `daily-limit`, `no-channel`). */
    outcome: text('outcome'),
  },
  (t) => [
    index('cart_reminders_phone_idx').on(t.phone, t.createdAt),
    // One pending reminder per phone, whatever the number of instances and requests.
    uniqueIndex('cart_reminders_pending_phone_idx').on(t.phone).where(sql`${t.sentAt} is null`),
  ],
);
