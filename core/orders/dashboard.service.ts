import { and, eq, exists, gte, inArray, isNotNull, isNull, like, lt, notExists, sql } from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import { crmRequests, orderEvents, orderLines, orders, refunds } from '../db/schema/index.ts';
import { isPaidStatus, orderStatuses } from './order.rules.ts';
import { TRY_ON_KEPT_CAUSE, TRY_ON_OVERDUE_CAUSE, TRY_ON_WAITING_STATUSES } from './try-on-hold.rules.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Moscow keeps UTC+3 all year (no summer time since 2014): the shop's days (DECISIONS 15). */
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;

/** The start of the Moscow day holding `now`, and of its ISO week (Monday), as instants. */
export function moscowPeriods(now: Date): { dayStart: Date; weekStart: Date } {
  const local = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return {
    dayStart: new Date(midnight - MOSCOW_OFFSET_MS),
    weekStart: new Date(midnight - daysSinceMonday * DAY_MS - MOSCOW_OFFSET_MS),
  };
}

/** The order event orders.service writes when money arrives for an expired or cancelled order. */
export const REFUND_NEEDED_PATTERN = 'paid after %: refund needed%';

/** States of an order whose money the shop keeps: paid and every step after it. */
const PAID_STATUSES = orderStatuses.filter(isPaidStatus);

export interface PaidFigures {
  /** Edition (`ru`, `en`): orders paid in the period and their total in kopecks (the payment is in roubles). */
  byEdition: Record<string, { orders: number; revenue: number }>;
  orders: number;
  revenue: number;
}

/**
 * The back office's front page: what needs doing now and how today and this week went. Revenue
 * figures are for admins and managers only (the route leaves them out for editors).
 */
export function createDashboardService({
  db,
  clock,
  settings,
}: {
  db: Db;
  clock: () => Date;
  settings: Pick<SettingsService, 'getShopSettings'>;
}) {
  /**
   * Orders whose payment was confirmed in [from, now) and not cancelled since (a cancelled paid order
   * is refunded): counted once, at their first `paid` event.
   */
  async function paidBetween(from: Date, to: Date): Promise<PaidFigures> {
    const firstPaid = db
      .select({ orderNumber: orderEvents.orderNumber, at: sql<Date>`min(${orderEvents.at})`.as('paid_at') })
      .from(orderEvents)
      .where(eq(orderEvents.toStatus, 'paid'))
      .groupBy(orderEvents.orderNumber)
      .as('first_paid');
    const rows = await db
      .select({
        locale: orders.locale,
        n: sql<number>`count(*)::int`,
        revenue: sql<string>`coalesce(sum(${orders.total}), 0)::text`,
      })
      .from(firstPaid)
      .innerJoin(orders, eq(orders.number, firstPaid.orderNumber))
      .where(and(gte(firstPaid.at, from), lt(firstPaid.at, to), inArray(orders.status, PAID_STATUSES)))
      .groupBy(orders.locale);
    const byEdition: PaidFigures['byEdition'] = {
      ru: { orders: 0, revenue: 0 },
      en: { orders: 0, revenue: 0 },
    };
    for (const r of rows) byEdition[r.locale] = { orders: Number(r.n), revenue: Number(r.revenue) };
    const all = Object.values(byEdition);
    return {
      byEdition,
      orders: all.reduce((s, e) => s + e.orders, 0),
      revenue: all.reduce((s, e) => s + e.revenue, 0),
    };
  }

  /**
   * `publicShop`: the shop serves the public (core/config/env.ts), so what 54-FZ asks of it must be
   * set: a public shop with no receipt settings (taxation system and VAT, DECISIONS 36) is warned of.
   */
  async function get({ withRevenue, publicShop = false }: { withRevenue: boolean; publicShop?: boolean }) {
    const now = clock();
    const { dayStart, weekStart } = moscowPeriods(now);
    const [today, week] = await Promise.all([paidBetween(dayStart, now), paidBetween(weekStart, now)]);

    const [toShip] = await db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${orders.createdAt})` })
      .from(orders)
      .where(inArray(orders.status, ['paid', 'confirmed']));

    const [holding] = await db
      .select({
        orders: sql<number>`count(distinct ${orders.number})::int`,
        units: sql<number>`coalesce(sum(${orderLines.reserved}), 0)::int`,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderNumber, orders.number))
      .where(and(inArray(orders.status, ['new', 'awaiting_payment']), sql`${orderLines.reserved} > 0`));

    // Failed provider calls: the CRM delivery queue is the one provider call the shop retries and
    // keeps; pending ones wait for another try, failed ones were given up.
    const [crm] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${crmRequests.nextAttemptAt} is not null)::int`,
        failed: sql<number>`count(*) filter (where ${crmRequests.nextAttemptAt} is null)::int`,
      })
      .from(crmRequests)
      .where(isNull(crmRequests.deliveredAt));
    const [crmErrors] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmRequests)
      .where(and(isNull(crmRequests.deliveredAt), isNotNull(crmRequests.lastError)));

    const [refundDue] = await db
      .select({ n: sql<number>`count(distinct ${orderEvents.orderNumber})::int` })
      .from(orderEvents)
      .where(
        and(
          like(orderEvents.cause, REFUND_NEEDED_PATTERN),
          notExists(
            db.select({ one: sql`1` }).from(refunds).where(eq(refunds.orderNumber, orderEvents.orderNumber)),
          ),
        ),
      );

    // Paid try-on orders the expiry told staff about, not kept and not with the courier yet: they are
    // cancelled at the end of their grace period (docs/decisions/0035-try-on-buyout.md).
    const causeOf = (prefix: string) =>
      db
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderNumber, orders.number), like(orderEvents.cause, `${prefix}%`)));
    const tryOnOverdue = await db
      .select({ number: orders.number })
      .from(orders)
      .where(
        and(
          eq(orders.getWay, 'moscow-try'),
          inArray(orders.status, [...TRY_ON_WAITING_STATUSES]),
          exists(causeOf(TRY_ON_OVERDUE_CAUSE)),
          notExists(causeOf(TRY_ON_KEPT_CAUSE)),
        ),
      )
      .orderBy(orders.number)
      .limit(50);

    const strip = (p: PaidFigures) =>
      withRevenue
        ? p
        : {
            orders: p.orders,
            byEdition: Object.fromEntries(
              Object.entries(p.byEdition).map(([k, v]) => [k, { orders: v.orders }]),
            ),
          };
    const oldest = toShip?.oldest ? new Date(toShip.oldest) : null;
    return {
      now: now.toISOString(),
      periods: { dayStart: dayStart.toISOString(), weekStart: weekStart.toISOString() },
      today: strip(today),
      week: strip(week),
      awaitingShipment: { orders: Number(toShip?.n ?? 0), oldestAt: oldest?.toISOString() ?? null },
      unpaidHolding: { orders: Number(holding?.orders ?? 0), units: Number(holding?.units ?? 0) },
      providerFailures: {
        crm: {
          pending: Number(crm?.pending ?? 0),
          failed: Number(crm?.failed ?? 0),
          withError: Number(crmErrors?.n ?? 0),
        },
      },
      refundsDue: Number(refundDue?.n ?? 0),
      /** Paid try-on orders past their days without hand-over (the first 50 numbers). */
      tryOnOverdue: { orders: tryOnOverdue.map((r) => r.number) },
      /** A public shop whose receipts would go with the defaults nobody chose (docs/product/receipts.md). */
      receiptSettingsMissing: publicShop && (await settings.getShopSettings()).main.receipt === undefined,
    };
  }

  return { get };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
