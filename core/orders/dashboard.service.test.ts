import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertOrder } from '../../tests/factories/customers.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { crmRequests, orderEvents, orderRefunds } from '../db/schema/index.ts';
import { moscowPeriods } from './dashboard.service.ts';

describe('Moscow days and ISO weeks', () => {
  it('a day starts at midnight in Moscow (21:00 UTC the day before)', () => {
    expect(moscowPeriods(new Date('2026-11-24T20:59:59Z')).dayStart.toISOString()).toBe(
      '2026-11-23T21:00:00.000Z',
    );
    expect(moscowPeriods(new Date('2026-11-24T21:00:00Z')).dayStart.toISOString()).toBe(
      '2026-11-24T21:00:00.000Z',
    );
  });
  it('a week starts on Monday at midnight in Moscow', () => {
    // Tuesday 24 Nov, 23:30 in Moscow; Sunday 29 Nov, 23:59; Monday 30 Nov, 00:00.
    expect(moscowPeriods(new Date('2026-11-24T20:30:00Z')).weekStart.toISOString()).toBe(
      '2026-11-22T21:00:00.000Z',
    );
    expect(moscowPeriods(new Date('2026-11-29T20:59:00Z')).weekStart.toISOString()).toBe(
      '2026-11-22T21:00:00.000Z',
    );
    expect(moscowPeriods(new Date('2026-11-29T21:00:00Z')).weekStart.toISOString()).toBe(
      '2026-11-29T21:00:00.000Z',
    );
  });
});

describe.each(engines)('dashboard figures on %s', (engine) => {
  let t: TestApp;
  // Tuesday 24 November 2026, 23:30 in Moscow.
  let now = new Date('2026-11-24T20:30:00Z');

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    const db = t.database.db;
    // Paid half an hour after Moscow midnight on Tuesday: today and this week.
    await insertOrder(db, { status: 'paid', total: 10_000_00, paidAt: new Date('2026-11-23T21:30:00Z') });
    // Paid on Monday 23:30 in Moscow (still the 23rd in UTC too): this week, not today; confirmed since.
    await insertOrder(db, {
      status: 'confirmed',
      locale: 'en',
      displayCurrency: 'EUR',
      total: 5_000_00,
      paidAt: new Date('2026-11-23T20:30:00Z'),
    });
    // Paid on Sunday 23:59 in Moscow: the week before; shipped since.
    await insertOrder(db, { status: 'shipped', total: 7_000_00, paidAt: new Date('2026-11-22T20:59:00Z') });
    // Paid today and cancelled since (refunded): not revenue.
    await insertOrder(db, { status: 'cancelled', total: 3_000_00, paidAt: new Date('2026-11-24T10:00:00Z') });
    // Unpaid, holding 3 units on two lines; and a draft holding none.
    await insertOrder(db, {
      status: 'awaiting_payment',
      lines: [
        { count: 2, reserved: 2 },
        { count: 1, reserved: 1 },
      ],
    });
    await insertOrder(db, { status: 'new', lines: [{ count: 1, reserved: 0 }] });
    // Paid after expiry: one waiting for a refund, one refunded already.
    for (const refunded of [false, true]) {
      const late = await insertOrder(db, { status: 'payment_failed' });
      await db.insert(orderEvents).values({
        orderNumber: late.number,
        fromStatus: 'payment_failed',
        toStatus: 'payment_failed',
        cause: `paid after expiry: refund needed (${late.total} kopecks, pay-1)`,
      });
      // The refund owed is recorded with the event (core/orders/payment-notices.service.ts).
      await db.insert(orderRefunds).values({
        orderNumber: late.number,
        amount: late.total,
        state: refunded ? 'succeeded' : 'needed',
        attempts: refunded ? 1 : 0,
        source: 'cancellation',
        reason: 'paid after expiry',
        providerKey: `order-${late.number}-refund-late`,
      });
    }
    await db.insert(crmRequests).values([
      { formSubject: 'callback', deliveredAt: new Date('2026-11-24T10:00:00Z'), attempts: 1 },
      {
        formSubject: 'callback',
        attempts: 2,
        lastError: 'timeout',
        nextAttemptAt: new Date('2026-11-24T21:00:00Z'),
      },
      { formSubject: 'question', attempts: 5, lastError: '500' },
    ]);
    await insertCustomer(db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts paid orders and revenue by edition for the Moscow day and the ISO week', async () => {
    now = new Date('2026-11-24T20:30:00Z');
    const d = await t.services.dashboard.get({ withRevenue: true });
    expect(d.today).toEqual({
      orders: 1,
      revenue: 10_000_00,
      byEdition: { ru: { orders: 1, revenue: 10_000_00 }, en: { orders: 0, revenue: 0 } },
    });
    expect(d.week).toEqual({
      orders: 2,
      revenue: 15_000_00,
      byEdition: { ru: { orders: 1, revenue: 10_000_00 }, en: { orders: 1, revenue: 5_000_00 } },
    });
  });

  it('a new Moscow day starts at 21:00 UTC: today is empty, the week goes on', async () => {
    now = new Date('2026-11-24T21:00:00Z');
    const d = await t.services.dashboard.get({ withRevenue: true });
    expect(d.today.orders).toBe(0);
    expect(d.week.orders).toBe(2);
    now = new Date('2026-11-24T20:30:00Z');
  });

  it('shows what waits: paid orders to ship, unpaid orders holding stock, CRM calls failing, refunds due', async () => {
    const d = await t.services.dashboard.get({ withRevenue: true });
    expect(d.awaitingShipment.orders).toBe(2);
    expect(d.unpaidHolding).toEqual({ orders: 1, units: 3 });
    expect(d.providerFailures.crm).toEqual({ pending: 1, failed: 1, withError: 2 });
    expect(d.refundsDue).toBe(1);
  });

  it('leaves revenue out when the viewer may not see it', async () => {
    const d = await t.services.dashboard.get({ withRevenue: false });
    expect(JSON.stringify(d.today)).not.toContain('revenue');
    expect(d.week).toEqual({ orders: 2, byEdition: { ru: { orders: 1 }, en: { orders: 1 } } });
  });
});
