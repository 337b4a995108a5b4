import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProductGroup } from '../../tests/factories/catalogue.ts';
import { insertOrder } from '../../tests/factories/customers.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { orderEvents, orderLines, returnLines, returns } from '../db/schema/index.ts';
import { percentChange, spanBounds } from './dashboard.rules.ts';

const DAY_MS = 86_400_000;
// Tuesday 24 November 2026, 23:30 in Moscow.
const NOW = new Date('2026-11-24T20:30:00Z');
/** Noon in Moscow (09:00 UTC), `daysAgo` Moscow days before today. */
const noonDaysAgo = (daysAgo: number) => new Date(Date.UTC(2026, 10, 24, 9) - daysAgo * DAY_MS);

describe('the spans of the sales pictures', () => {
  it('a span ends now and starts at Moscow midnight days − 1 before; the span before is as long', () => {
    const span = spanBounds(NOW, 7);
    expect(span.from.toISOString()).toBe('2026-11-17T21:00:00.000Z');
    expect(span.previousFrom.toISOString()).toBe('2026-11-10T21:00:00.000Z');
    expect(span.previousTo.toISOString()).toBe('2026-11-17T20:30:00.000Z');
    expect(span.days).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
  });
  it('a change from nothing has no percentage', () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(37, 30)).toBe(23);
  });
});

describe.each(engines)('the sales pictures of a shop with 180 days of orders on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, () => NOW);
    const db = t.database.db;
    const category = await insertCategory(db);
    // The coat's M sold out; its L is still on sale.
    await insertProductGroup(db, { id: 'coat', categorySlug: category.slug }, [
      { size: 'M', stock: 0 },
      { size: 'L', stock: 3 },
    ]);
    // Every day for 180 days a dress paid at noon: 2 000 ₽ in the last 90 days, 1 000 ₽ before them.
    for (let d = 0; d < 180; d += 1) {
      const paidAt = noonDaysAgo(d);
      const price = d < 90 ? 2_000_00 : 1_000_00;
      await insertOrder(db, {
        status: 'delivered',
        total: price,
        createdAt: new Date(paidAt.getTime() - 600_000),
        paidAt,
        lines: [{ price, size: 'S' }],
      });
    }
    // In the last 7 days, also a coat of 3 000 ₽ a day (size M), paid and not sent yet.
    const coats: number[] = [];
    for (let d = 0; d < 7; d += 1) {
      const paidAt = noonDaysAgo(d);
      const order = await insertOrder(db, {
        status: 'paid',
        total: 3_000_00,
        createdAt: new Date(paidAt.getTime() - 600_000),
        paidAt,
        lines: [{ variantId: 'coat-M', groupId: 'coat', name: 'Пальто', size: 'M', price: 3_000_00 }],
      });
      coats.push(order.number);
    }
    // Paid yesterday and cancelled since (refunded): not sold; and an order placed today, not paid.
    const cancelled = await insertOrder(db, {
      status: 'cancelled',
      total: 9_000_00,
      createdAt: noonDaysAgo(1),
      paidAt: new Date(noonDaysAgo(1).getTime() + 60_000),
    });
    await db.insert(orderEvents).values({
      orderNumber: cancelled.number,
      fromStatus: 'paid',
      toStatus: 'cancelled',
      cause: 'cancelled by staff',
      at: noonDaysAgo(0),
    });
    await insertOrder(db, { status: 'awaiting_payment', createdAt: noonDaysAgo(0) });

    // Returns of the coats: two asked back for money, one exchanged for another size, one refused
    // by staff, and one return the buyer withdrew.
    const lineOf = async (orderNumber: number | undefined) => {
      const [line] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(eq(orderLines.orderNumber, orderNumber ?? 0));
      if (!line) throw new Error('no line');
      return line.id;
    };
    const ask = async (
      orderNumber: number | undefined,
      status: 'requested' | 'cancelled',
      line: Partial<typeof returnLines.$inferInsert>,
    ) => {
      const [row] = await db
        .insert(returns)
        .values({ orderNumber: orderNumber ?? 0, status, method: 'courier', reason: 'size', locale: 'ru' })
        .returning();
      if (!row) throw new Error('no return');
      await db
        .insert(returnLines)
        .values({ returnNumber: row.number, orderLineId: await lineOf(orderNumber), quantity: 1, ...line });
    };
    await ask(coats[0], 'requested', {});
    await ask(coats[1], 'requested', { decision: 'accepted' });
    await ask(coats[2], 'requested', { exchangeSize: 'L' });
    await ask(coats[3], 'requested', { decision: 'refused' });
    await ask(coats[4], 'cancelled', {});
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums the last 7 days by Moscow day and compares them with the 7 days before', async () => {
    const s = await t.services.dashboard.sales({ days: 7, withRevenue: true });
    expect(s.series).toHaveLength(7);
    expect(s.series.at(-1)).toEqual({ day: '2026-11-24', orders: 2, revenue: 5_000_00 });
    expect(s.series[0]).toEqual({ day: '2026-11-18', orders: 2, revenue: 5_000_00 });
    expect(s.totals.orders).toEqual({ current: 14, previous: 7, change: 100 });
    expect(s.totals.revenue).toEqual({ current: 35_000_00, previous: 14_000_00, change: 150 });
    expect(s.totals.average).toEqual({ current: 2_500_00, previous: 2_000_00, change: 25 });
  });

  it('compares 30 and 90 days with the span of the same length before them', async () => {
    const month = await t.services.dashboard.sales({ days: 30, withRevenue: true });
    expect(month.series).toHaveLength(30);
    expect(month.totals.orders).toEqual({ current: 37, previous: 30, change: 23 });
    expect(month.totals.revenue).toEqual({ current: 81_000_00, previous: 60_000_00, change: 35 });
    const quarter = await t.services.dashboard.sales({ days: 90, withRevenue: true });
    expect(quarter.series).toHaveLength(90);
    expect(quarter.series.reduce((s, d) => s + (d.revenue ?? 0), 0)).toBe(201_000_00);
    expect(quarter.totals.orders).toEqual({ current: 97, previous: 90, change: 8 });
    expect(quarter.totals.revenue).toEqual({ current: 201_000_00, previous: 90_000_00, change: 123 });
  });

  it('ranks the products and sizes sold, and counts the returns rate of the units sold', async () => {
    const s = await t.services.dashboard.sales({ days: 7, withRevenue: true });
    expect(s.topProducts).toEqual([
      { groupId: 'coat', name: 'Пальто', units: 7, revenue: 21_000_00 },
      { groupId: 'group', name: 'Платье', units: 7, revenue: 14_000_00 },
    ]);
    expect(s.topSizes).toEqual([
      { size: 'M', units: 7 },
      { size: 'S', units: 7 },
    ]);
    // 14 units sold; 2 asked back for money (the refused line and the withdrawn return do not count).
    expect(s.returns).toEqual({ soldUnits: 14, returnedUnits: 2, exchangedUnits: 1, rate: 14.3 });
  });

  it('lists the sizes that sold out while selling, and the funnel of the orders placed', async () => {
    const s = await t.services.dashboard.sales({ days: 7, withRevenue: true });
    expect(s.soldOut).toEqual([
      { groupId: 'coat', name: expect.objectContaining({ ru: expect.any(String) }), size: 'M', units: 7 },
    ]);
    // 7 dresses, 7 coats, the cancelled one (paid first) and today's unpaid one.
    expect(s.funnel).toEqual({ placed: 16, paid: 15, sent: 7, delivered: 7 });
  });

  it('leaves every sum of money out for a viewer who may not see revenue', async () => {
    const s = await t.services.dashboard.sales({ days: 30, withRevenue: false });
    expect(s.totals.revenue).toBeUndefined();
    expect(s.totals.average).toBeUndefined();
    expect(s.series.every((d) => d.revenue === undefined)).toBe(true);
    expect(s.topProducts.every((p) => p.revenue === undefined)).toBe(true);
    expect(s.totals.orders.current).toBe(37);
  });
});
