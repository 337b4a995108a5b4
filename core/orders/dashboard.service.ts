import {
  and,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  notExists,
  sql,
} from 'drizzle-orm';
import type { SettingsService } from '../content/settings.service.ts';
import type { Db } from '../db/client.ts';
import {
  crmRequests,
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  productGroups,
  returnLines,
  returns,
  variantProducts,
} from '../db/schema/index.ts';
import {
  averageOrder,
  MOSCOW_OFFSET_HOURS,
  percentChange,
  type SalesSpan,
  sharePercent,
  spanBounds,
} from './dashboard.rules.ts';
import type { Compared, SalesAnswer } from './dashboard.wire.ts';
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

/** States of an order whose money the shop keeps: paid and every step after it. */
const PAID_STATUSES = orderStatuses.filter(isPaidStatus);

/** One Moscow day of a sales chart: paid orders and their total in kopecks. */
export interface SalesDay {
  day: string;
  orders: number;
  revenue: number;
}

const compared = (current: number, previous: number): Compared => ({
  current,
  previous,
  change: percentChange(current, previous),
});

/** States past the hand-over: the order has left the shop. */
const SENT_STATUSES = ['shipped', 'ready_for_pickup', 'delivered'] as const;

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
  /** Each order's first `paid` event: an order's money counts once, on the day it arrived. */
  const firstPaidEvents = () =>
    db
      .select({ orderNumber: orderEvents.orderNumber, at: sql<Date>`min(${orderEvents.at})`.as('paid_at') })
      .from(orderEvents)
      .where(eq(orderEvents.toStatus, 'paid'))
      .groupBy(orderEvents.orderNumber)
      .as('first_paid');

  /**
   * Orders whose payment was confirmed in [from, now) and not cancelled since (a cancelled paid order
   * is refunded): counted once, at their first `paid` event.
   */
  async function paidBetween(from: Date, to: Date): Promise<PaidFigures> {
    const firstPaid = firstPaidEvents();
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

    // Refunds owed and never sent (money that came after the order closed), by order (core/refunds/).
    const [refundDue] = await db
      .select({ n: sql<number>`count(distinct ${orderRefunds.orderNumber})::int` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.state, 'needed'), eq(orderRefunds.attempts, 0)));

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

  /**
   * Paid orders by Moscow day in [from, to): the same orders `paidBetween` counts, grouped in SQL by
   * the day their money arrived in the shop's time zone.
   */
  async function paidByDay(from: Date, to: Date): Promise<Map<string, { orders: number; revenue: number }>> {
    const firstPaid = firstPaidEvents();
    const day = sql<string>`to_char((${firstPaid.at} at time zone 'UTC') + ${sql.raw(`interval '${MOSCOW_OFFSET_HOURS} hours'`)}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        day,
        n: sql<number>`count(*)::int`,
        revenue: sql<string>`coalesce(sum(${orders.total}), 0)::text`,
      })
      .from(firstPaid)
      .innerJoin(orders, eq(orders.number, firstPaid.orderNumber))
      .where(and(gte(firstPaid.at, from), lt(firstPaid.at, to), inArray(orders.status, PAID_STATUSES)))
      .groupBy(day);
    return new Map(rows.map((r) => [r.day, { orders: Number(r.n), revenue: Number(r.revenue) }]));
  }

  /**
   * The dashboard's pictures for the last `days` Moscow days (today included), each figure compared
   * with the span of the same length just before: revenue, paid orders and the average order by day,
   * the best-selling products and sizes, the returns rate of the span's paid orders, the sizes that
   * sold out while selling, and the funnel of the orders placed. `withRevenue` false leaves every sum
   * of money out (editors see counts only).
   */
  async function sales({
    days,
    withRevenue,
  }: {
    days: SalesSpan;
    withRevenue: boolean;
  }): Promise<SalesAnswer> {
    const now = clock();
    const span = spanBounds(now, days);
    const [current, previous] = await Promise.all([
      paidByDay(span.from, span.to),
      paidByDay(span.previousFrom, span.previousTo),
    ]);
    const series: SalesDay[] = span.days.map((day) => ({
      day,
      orders: current.get(day)?.orders ?? 0,
      revenue: current.get(day)?.revenue ?? 0,
    }));
    const total = (m: Map<string, { orders: number; revenue: number }>) =>
      [...m.values()].reduce((s, d) => ({ orders: s.orders + d.orders, revenue: s.revenue + d.revenue }), {
        orders: 0,
        revenue: 0,
      });
    const spanTotal = total(current);
    const beforeTotal = total(previous);

    // The span's paid orders, still paid: the lines they sold.
    const firstPaid = firstPaidEvents();
    const paidInSpan = db
      .select({ number: orders.number })
      .from(firstPaid)
      .innerJoin(orders, eq(orders.number, firstPaid.orderNumber))
      .where(
        and(gte(firstPaid.at, span.from), lt(firstPaid.at, span.to), inArray(orders.status, PAID_STATUSES)),
      );
    const soldLines = inArray(orderLines.orderNumber, paidInSpan);

    const units = sql<number>`coalesce(sum(${orderLines.count}), 0)::int`;
    const lineRevenue = sql<string>`coalesce(sum(${orderLines.price} * ${orderLines.count}), 0)::text`;
    const topProducts = await db
      .select({
        groupId: orderLines.groupId,
        name: sql<string>`max(${orderLines.name})`,
        units,
        revenue: lineRevenue,
      })
      .from(orderLines)
      .where(soldLines)
      .groupBy(orderLines.groupId)
      .orderBy(desc(units), desc(lineRevenue), orderLines.groupId)
      .limit(5);
    const topSizes = await db
      .select({ size: orderLines.size, units })
      .from(orderLines)
      .where(soldLines)
      .groupBy(orderLines.size)
      .orderBy(desc(units), orderLines.size)
      .limit(8);
    const [sold] = await db.select({ units }).from(orderLines).where(soldLines);

    // Units of those orders asked back (the return not withdrawn, the line not refused): for money, or
    // for another size.
    const [back] = await db
      .select({
        returned: sql<number>`coalesce(sum(${returnLines.quantity}) filter (where ${returnLines.exchangeSize} is null), 0)::int`,
        exchanged: sql<number>`coalesce(sum(${returnLines.quantity}) filter (where ${returnLines.exchangeSize} is not null), 0)::int`,
      })
      .from(returnLines)
      .innerJoin(returns, eq(returns.number, returnLines.returnNumber))
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(and(soldLines, ne(returns.status, 'cancelled'), ne(returnLines.decision, 'refused')));
    const soldUnits = Number(sold?.units ?? 0);
    const returnedUnits = Number(back?.returned ?? 0);

    // Sizes of published products with nothing left to sell (no stock, no pre-order) that sold in the span.
    const soldOut = await db
      .select({
        groupId: variantProducts.groupId,
        name: productGroups.name,
        size: variantProducts.size,
        units,
      })
      .from(variantProducts)
      .innerJoin(productGroups, eq(productGroups.id, variantProducts.groupId))
      .innerJoin(orderLines, and(eq(orderLines.variantId, variantProducts.id), soldLines))
      .where(
        and(
          eq(variantProducts.stock, 0),
          eq(variantProducts.preorder, false),
          eq(productGroups.published, true),
        ),
      )
      .groupBy(variantProducts.groupId, productGroups.name, variantProducts.size, variantProducts.id)
      .orderBy(desc(units), variantProducts.id)
      .limit(10);

    // The funnel of the orders placed in the span: how many were paid, and how many have left the shop.
    const paidEver = db
      .select({ one: sql`1` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderNumber, orders.number), eq(orderEvents.toStatus, 'paid')));
    const [funnel] = await db
      .select({
        placed: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) filter (where exists (${paidEver})))::int`,
        sent: sql<number>`(count(*) filter (where ${inArray(orders.status, [...SENT_STATUSES])}))::int`,
        delivered: sql<number>`(count(*) filter (where ${eq(orders.status, 'delivered')}))::int`,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, span.from), lt(orders.createdAt, span.to)));

    const money = <T>(value: T) => (withRevenue ? value : undefined);
    return {
      days,
      from: span.from.toISOString(),
      to: span.to.toISOString(),
      previousFrom: span.previousFrom.toISOString(),
      series: series.map((d) => ({ day: d.day, orders: d.orders, revenue: money(d.revenue) })),
      totals: {
        orders: compared(spanTotal.orders, beforeTotal.orders),
        revenue: money(compared(spanTotal.revenue, beforeTotal.revenue)),
        average: money(
          compared(
            averageOrder(spanTotal.revenue, spanTotal.orders),
            averageOrder(beforeTotal.revenue, beforeTotal.orders),
          ),
        ),
      },
      topProducts: topProducts.map((p) => ({
        groupId: p.groupId,
        name: p.name,
        units: Number(p.units),
        revenue: money(Number(p.revenue)),
      })),
      topSizes: topSizes.map((s) => ({ size: s.size, units: Number(s.units) })),
      returns: {
        soldUnits,
        returnedUnits,
        exchangedUnits: Number(back?.exchanged ?? 0),
        /** Units returned for money of every unit sold, in percent. */
        rate: sharePercent(returnedUnits, soldUnits),
      },
      soldOut: soldOut.map((v) => ({
        groupId: v.groupId,
        name: v.name,
        size: v.size,
        units: Number(v.units),
      })),
      funnel: {
        placed: Number(funnel?.placed ?? 0),
        paid: Number(funnel?.paid ?? 0),
        sent: Number(funnel?.sent ?? 0),
        delivered: Number(funnel?.delivered ?? 0),
      },
    };
  }

  return { get, sales };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
