import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderEvents,
  orderRefunds,
  sandboxPayments,
  staffSessions,
  variantProducts,
} from '../../../core/db/schema/index.ts';
import { periodicTasks } from '../../../core/services.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import { type InsertedStaff, insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(engines)('paid try-on orders not handed over on %s', (engine) => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:00:00Z');
  let manager: InsertedStaff;
  let editor: InsertedStaff;
  let category: string;

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db, buildSettings());
    category = (await insertCategory(t.database.db)).slug;
    manager = await insertStaff(t.database.db, { role: 'manager' });
    editor = await insertStaff(t.database.db, { role: 'editor' });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  /** One pass of the recurring job, as the worker runs it. */
  const runExpiry = async () => {
    await t.services.jobs.enqueuePeriodic(periodicTasks);
    await t.services.jobs.runDue({ kinds: ['orders.expire-try-on'] });
  };
  const api = async (staff: InsertedStaff, method: 'GET' | 'POST', url: string, payload?: object) => {
    // The clock moves days ahead: staff signed in again just now, so their session has not lapsed.
    await db().update(staffSessions).set({ createdAt: now, lastSeenAt: now, mfaAt: now });
    return t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });
  };
  const stock = async (id: string) =>
    (await db().select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  const causes = async (number: number) =>
    (await db().select().from(orderEvents).where(eq(orderEvents.orderNumber, number))).map((e) => e.cause);
  const overdueOnDashboard = async () =>
    (await api(manager, 'GET', '/api/admin/dashboard')).json().tryOnOverdue.orders as number[];
  const page = async (number: number) => (await api(manager, 'GET', `/api/admin/orders/${number}`)).json();

  /** A try-on order paid an hour ago: the delivery paid online, 2 units of a fresh size out of 10. */
  const paidTryOn = async (getWay = 'moscow-try') => {
    const g = await insertProductGroup(db(), { categorySlug: category, price: 5_000_00 }, [
      { size: 'S', stock: 10 },
    ]);
    const variantId = `${g.id}-S`;
    const { order } = await insertPlacedOrder(db(), {
      lines: [{ variantId, groupId: g.id, price: 5_000_00, count: 2 }],
      getWay,
      status: 'paid',
      createdAt: new Date(now.getTime() - HOUR),
      goodsTotal: 10_000_00,
      goodsPayable: 0,
      deliveryPrice: 700_00,
      total: 700_00,
    });
    expect(await stock(variantId)).toBe(8);
    return { order, variantId };
  };

  it('tells staff about a paid try-on order 3 days without hand-over and lists it on the dashboard', async () => {
    const { order } = await paidTryOn();
    later(2 * DAY);
    await runExpiry();
    expect((await causes(order.number)).filter((c) => c.startsWith('try-on not handed over'))).toEqual([]);
    expect(await overdueOnDashboard()).not.toContain(order.number);

    later(DAY);
    await runExpiry();
    const told = (await causes(order.number)).filter((c) => c.startsWith('try-on not handed over'));
    expect(told).toHaveLength(1);
    expect(await overdueOnDashboard()).toContain(order.number);
    const listed = (await api(manager, 'GET', '/api/admin/orders/try-on-overdue')).json().rows;
    expect(listed.find((r: { number: number }) => r.number === order.number)?.cancelAt).toBe(
      new Date(now.getTime() + DAY).toISOString(),
    );
    // Told once, however often the job runs.
    later(HOUR);
    await runExpiry();
    expect((await causes(order.number)).filter((c) => c.startsWith('try-on not handed over'))).toHaveLength(
      1,
    );
    expect((await page(order.number)).order.status).toBe('paid');
  });

  it('cancels an unconfirmed one after the grace day: its stock is back and its delivery refunded', async () => {
    const { order, variantId } = await paidTryOn();
    later(3 * DAY);
    await runExpiry();
    later(DAY - HOUR);
    await runExpiry();
    expect((await page(order.number)).order.status).toBe('paid');
    expect(await stock(variantId)).toBe(8);

    later(HOUR);
    await runExpiry();
    const after = await page(order.number);
    expect(after.order.status).toBe('cancelled');
    expect(after.events.at(-2)?.cause).toMatch(/^cancelled by the shop: try-on not handed over in 4 days/);
    expect(await stock(variantId)).toBe(10);
    const [refund] = await db().select().from(orderRefunds).where(eq(orderRefunds.orderNumber, order.number));
    expect(refund).toMatchObject({
      amount: 700_00,
      state: 'succeeded',
      source: 'cancellation',
      createdBy: null,
    });
    const [session] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderNumber, order.number));
    expect(session?.refunds.map((r) => r.amount)).toEqual([700_00]);
    expect(await overdueOnDashboard()).not.toContain(order.number);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(order.number))));
    expect(audit.map((a) => [a.action, a.actorLabel])).toEqual([
      ['order.cancelled', 'shop'],
      ['order.refund', 'shop'],
    ]);
  });

  it('keeps an order staff confirmed: never cancelled, off the dashboard, recorded as an event', async () => {
    const { order, variantId } = await paidTryOn();
    later(3 * DAY);
    await runExpiry();
    expect(await overdueOnDashboard()).toContain(order.number);
    const before = await page(order.number);
    expect(before.canKeepTryOn).toBe(true);
    const { version } = before.order;

    expect(
      (await api(editor, 'POST', `/api/admin/orders/${order.number}/keep-try-on`, { version })).statusCode,
    ).toBe(403);
    const stale = await api(manager, 'POST', `/api/admin/orders/${order.number}/keep-try-on`, {
      version: version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const kept = await api(manager, 'POST', `/api/admin/orders/${order.number}/keep-try-on`, { version });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().events.at(-1).cause).toBe(`try-on kept by staff (${manager.email})`);
    expect(kept.json().canKeepTryOn).toBe(false);
    expect(await overdueOnDashboard()).not.toContain(order.number);

    later(5 * DAY);
    await runExpiry();
    expect((await page(order.number)).order.status).toBe('paid');
    expect(await stock(variantId)).toBe(8);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderNumber, order.number))).toEqual(
      [],
    );
    const keeps = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.number)), like(auditLog.action, 'order.try_on_keep')));
    expect(keeps).toHaveLength(1);
  });

  it('refuses to keep an order that is not a paid try-on order waiting for the courier', async () => {
    const { order } = await paidTryOn('moscow');
    const { version } = (await page(order.number)).order;
    const res = await api(manager, 'POST', `/api/admin/orders/${order.number}/keep-try-on`, { version });
    expect(res.statusCode).toBe(409);
  });

  it('leaves alone an order handed to the courier in time, and orders of other delivery methods', async () => {
    const handed = await paidTryOn();
    const courier = await paidTryOn('moscow');
    later(2 * DAY);
    const { version } = (await page(handed.order.number)).order;
    const step = await api(manager, 'POST', `/api/admin/orders/${handed.order.number}/steps`, {
      version,
      from: 'paid',
      to: 'shipped',
    });
    expect(step.statusCode).toBe(200);

    later(10 * DAY);
    await runExpiry();
    later(2 * DAY);
    await runExpiry();
    for (const { order, variantId } of [handed, courier]) {
      expect((await causes(order.number)).some((c) => c.startsWith('try-on'))).toBe(false);
      expect(await stock(variantId)).toBe(8);
      expect(await overdueOnDashboard()).not.toContain(order.number);
    }
    expect((await page(handed.order.number)).order.status).toBe('shipped');
    expect((await page(courier.order.number)).order.status).toBe('paid');
  });
});
