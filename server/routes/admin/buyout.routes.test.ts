import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  orderBuyouts,
  orderLines,
  type orders,
  outbox,
  sandboxPayments,
  variantProducts,
} from '../../../core/db/schema/index.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../../tests/factories/orders.ts';
import type { InsertedStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { type StaffMethod, useStaffApp } from '../../../tests/support/staff-app.ts';

describe.each(engines)('try-on buyout API on %s', (engine) => {
  let category: string;
  const t = useStaffApp(engine, ['manager', 'admin', 'editor'], {
    seed: async ({ database }) => {
      const docs = buildSettings();
      docs.main.payOnDeliveryGetWays = ['moscow'];
      await insertSettings(database.db, docs);
      category = (await insertCategory(database.db)).slug;
    },
  });

  /** A fresh variant with 10 units at `price`, so tests never share stock. */
  const variant = async (price = 5_000_00) => {
    const g = await insertProductGroup(t.database.db, { categorySlug: category, price }, [
      { size: 'S', stock: 10 },
    ]);
    return { variantId: `${g.id}-S`, groupId: g.id, price };
  };
  const stock = async (id: string) =>
    (await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  const call = (staff: InsertedStaff, method: StaffMethod, url: string, payload?: object) =>
    t.call(method, url, payload, staff);
  const api = (method: StaffMethod, url: string, payload?: object) => t.call(method, url, payload);

  /** A try-on order with the courier: delivery paid at checkout, goods to pay at the fitting. */
  const tryOnOrder = async (prices: number[], overrides: Partial<typeof orders.$inferInsert> = {}) => {
    const vs = await Promise.all(prices.map((p) => variant(p)));
    const goods = prices.reduce((a, b) => a + b, 0);
    const { order } = await insertPlacedOrder(t.database.db, {
      lines: vs,
      getWay: 'moscow-try',
      status: 'shipped',
      goodsTotal: goods,
      goodsPayable: 0,
      deliveryPrice: 700_00,
      total: 700_00,
      ...overrides,
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    return { order, lines, vs };
  };
  const pay = async (number: number) => {
    const [b] = await t.database.db.select().from(orderBuyouts).where(eq(orderBuyouts.orderNumber, number));
    const token = b?.paymentId?.replace(/^sandbox-/, '') ?? '';
    return t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${token}`,
      payload: { decision: 'pay' },
    });
  };

  it('records 2 of 4 kept: the 2 others are back in stock at once, the link and QR code show, the payment closes the order', async () => {
    const { order, lines, vs } = await tryOnOrder([12_990_00, 4_990_50, 7_000_00, 2_499_99]);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(9);
    const kept = [
      { lineId: lines[1]?.id ?? 0, count: 1 },
      { lineId: lines[3]?.id ?? 0, count: 1 },
    ];
    const res = await api('POST', `/api/admin/orders/${order.number}/buyout`, { orderVersion: 0, kept });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.buyout).toMatchObject({
      mode: 'pay',
      status: 'awaiting_payment',
      amount: 4_990_50 + 2_499_99,
      paymentState: 'pending',
    });
    expect(body.buyout.paymentUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/pay\//);
    expect(body.buyout.qrSvg).toMatch(/^<svg/);
    // Not kept: back at once. Kept: still out.
    expect(await stock(vs[0]?.variantId ?? '')).toBe(10);
    expect(await stock(vs[2]?.variantId ?? '')).toBe(10);
    expect(await stock(vs[1]?.variantId ?? '')).toBe(9);
    // The sandbox session takes exactly the kept goods.
    const sessions = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderNumber, order.number));
    const buyoutSession = sessions.find((x) => x.amount === 7_490_49);
    expect(buyoutSession?.lines.map((l) => l.price)).toEqual([4_990_50, 2_499_99]);

    // The buyer gets the link by e-mail and SMS.
    await t.services.jobs.runDue({ kinds: ['buyout-payment-message'] });
    const sent = await t.database.db.select().from(outbox);
    const mine = sent.filter((m) => JSON.stringify(m.payload).includes(body.buyout.paymentUrl));
    expect(mine.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    expect((await pay(order.number)).statusCode).toBe(200);
    const after = (await api('GET', `/api/admin/orders/${order.number}/buyout`)).json();
    expect(after.buyout).toMatchObject({ status: 'paid', paymentState: 'paid', qrSvg: null });
    expect(after.order.status).toBe('delivered');
    // Paying twice (the notice replayed) changes nothing; stock never comes back twice.
    expect((await pay(order.number)).statusCode).toBe(200);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(10);
    expect(await stock(vs[1]?.variantId ?? '')).toBe(9);

    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(order.number)))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['order.buyout', 'order.buyout.link', 'order.buyout.payment']),
    );
  });

  it('a declined payment leaves the buyout open for a new link, made once over its version', async () => {
    const { order, lines } = await tryOnOrder([2_000_00, 3_000_00]);
    await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [{ lineId: lines[0]?.id ?? 0, count: 1 }],
    });
    const [b] = await t.database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    const token = b?.paymentId?.replace(/^sandbox-/, '') ?? '';
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${token}`,
      payload: { decision: 'decline' },
    });
    expect(declined.statusCode).toBe(200);
    const seen = (await api('GET', `/api/admin/orders/${order.number}/buyout`)).json();
    expect(seen.buyout).toMatchObject({ status: 'awaiting_payment', paymentState: 'declined', qrSvg: null });
    expect(seen.order.status).toBe('shipped');
    const renewed = await api('POST', `/api/admin/orders/${order.number}/buyout/link`, {
      version: seen.buyout.version,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().buyout).toMatchObject({ paymentState: 'pending', amount: 2_000_00 });
    expect(renewed.json().buyout.paymentUrl).not.toContain(token);
    // The same tap again is stale: one new link only.
    const again = await api('POST', `/api/admin/orders/${order.number}/buyout/link`, {
      version: seen.buyout.version,
    });
    expect(again.statusCode).toBe(409);
    expect((await pay(order.number)).statusCode).toBe(200);
    const paid = (await api('GET', `/api/admin/orders/${order.number}/buyout`)).json();
    expect(paid.buyout.status).toBe('paid');
    expect(paid.order.status).toBe('delivered');
  });

  it('kept nothing: the order closes with everything back in stock and nothing to pay', async () => {
    const { order, vs } = await tryOnOrder([1_000_00, 2_000_00]);
    const res = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().buyout).toMatchObject({ mode: 'none', status: 'closed', amount: 0, paymentUrl: null });
    expect(res.json().order.status).toBe('delivered');
    for (const v of vs) expect(await stock(v.variantId)).toBe(10);
  });

  it('two staff recording at once: one records, the other is refused, stock comes back once', async () => {
    const { order, lines, vs } = await tryOnOrder([3_000_00, 3_000_00]);
    const a = { orderVersion: 0, kept: [{ lineId: lines[0]?.id ?? 0, count: 1 }] };
    const b = { orderVersion: 0, kept: [{ lineId: lines[1]?.id ?? 0, count: 1 }] };
    const [r1, r2] = await Promise.all([
      api('POST', `/api/admin/orders/${order.number}/buyout`, a),
      call(t.admin, 'POST', `/api/admin/orders/${order.number}/buyout`, b),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const refused = r1.statusCode === 409 ? r1 : r2;
    expect(refused.json().current).toMatchObject({ mode: 'pay' });
    // Exactly one line went back.
    const stocks = [await stock(vs[0]?.variantId ?? ''), await stock(vs[1]?.variantId ?? '')].sort(
      (x, y) => (x ?? 0) - (y ?? 0),
    );
    expect(stocks).toEqual([9, 10]);
    // A double tap of the same recording answers it again, changing nothing.
    const winner = r1.statusCode === 200 ? a : b;
    const again = await api('POST', `/api/admin/orders/${order.number}/buyout`, winner);
    expect(again.statusCode).toBe(200);
    expect(
      [await stock(vs[0]?.variantId ?? ''), await stock(vs[1]?.variantId ?? '')].sort(
        (x, y) => (x ?? 0) - (y ?? 0),
      ),
    ).toEqual([9, 10]);
  });

  it('changes a recorded buyout only over its version; a stale change is 409 and changes nothing', async () => {
    const { order, lines, vs } = await tryOnOrder([4_000_00, 1_000_00]);
    const first = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [
        { lineId: lines[0]?.id ?? 0, count: 1 },
        { lineId: lines[1]?.id ?? 0, count: 1 },
      ],
    });
    const version = first.json().buyout.version as number;
    const oldUrl = first.json().buyout.paymentUrl as string;
    const changed = await api('PUT', `/api/admin/orders/${order.number}/buyout`, {
      version,
      kept: [{ lineId: lines[1]?.id ?? 0, count: 1 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().buyout).toMatchObject({ amount: 1_000_00, paymentState: 'pending' });
    expect(changed.json().buyout.paymentUrl).not.toBe(oldUrl);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(10);
    // The old link can no longer pay.
    const oldToken = oldUrl.split('/').pop() ?? '';
    const [oldSession] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.token, oldToken));
    expect(oldSession?.status).toBe('expired');
    const stale = await api('PUT', `/api/admin/orders/${order.number}/buyout`, {
      version,
      kept: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ amount: 1_000_00 });
    expect(await stock(vs[1]?.variantId ?? '')).toBe(9);
    // Kept after all: the unit leaves the shelf again.
    const back = await api('PUT', `/api/admin/orders/${order.number}/buyout`, {
      version: changed.json().buyout.version,
      kept: [
        { lineId: lines[0]?.id ?? 0, count: 1 },
        { lineId: lines[1]?.id ?? 0, count: 1 },
      ],
    });
    expect(back.statusCode).toBe(200);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(9);
    expect(back.json().buyout.amount).toBe(5_000_00);
  });

  it('goods paid ahead: the handed-back lines are refunded in part through the provider', async () => {
    const vs = await Promise.all([variant(6_000_00), variant(4_000_00)]);
    const { order } = await insertPlacedOrder(t.database.db, {
      lines: vs,
      getWay: 'moscow',
      status: 'shipped',
      deliveryPrice: 500_00,
      total: 10_500_00,
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    const res = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [{ lineId: lines[0]?.id ?? 0, count: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().buyout).toMatchObject({ mode: 'refund', status: 'refunded', amount: 4_000_00 });
    expect(res.json().order.status).toBe('delivered');
    const token = order.paymentId?.replace(/^sandbox-/, '') ?? '';
    const [session] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.token, token));
    expect(session?.refunds.map((r) => r.amount)).toEqual([4_000_00]);
    expect(await stock(vs[1]?.variantId ?? '')).toBe(10);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(9);
  });

  it('refuses a method without payment on delivery, an order not with the courier, and bad lines', async () => {
    const v = await variant();
    const { order: courier } = await insertPlacedOrder(t.database.db, {
      lines: [v],
      getWay: 'delivery-sdek',
      status: 'shipped',
    });
    const wrong = await api('POST', `/api/admin/orders/${courier.number}/buyout`, {
      orderVersion: 0,
      kept: [],
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/примерк/);
    const { order: paid } = await tryOnOrder([1_000_00], { status: 'paid' });
    const early = await api('POST', `/api/admin/orders/${paid.number}/buyout`, {
      orderVersion: 0,
      kept: [],
    });
    expect(early.statusCode).toBe(409);
    const { order, lines, vs } = await tryOnOrder([1_000_00]);
    const tooMany = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [{ lineId: lines[0]?.id ?? 0, count: 2 }],
    });
    expect(tooMany.statusCode).toBe(400);
    const foreign = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [{ lineId: 999_999, count: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    for (const body of [
      { orderVersion: 0, kept: 'всё' },
      { orderVersion: 0, kept: [{ lineId: lines[0]?.id ?? 0, count: -1 }] },
      { orderVersion: -1, kept: [] },
      { kept: [] },
    ]) {
      const bad = await api('POST', `/api/admin/orders/${order.number}/buyout`, body);
      expect(bad.statusCode).toBe(400);
    }
    const staleOrder = await api('POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 5,
      kept: [],
    });
    expect(staleOrder.statusCode).toBe(409);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(9);
    const rows = await t.database.db
      .select()
      .from(orderBuyouts)
      .where(eq(orderBuyouts.orderNumber, order.number));
    expect(rows).toHaveLength(0);
  });

  it('lets managers and admins only', async () => {
    const { order, vs } = await tryOnOrder([1_000_00]);
    const byEditor = await call(t.editor, 'POST', `/api/admin/orders/${order.number}/buyout`, {
      orderVersion: 0,
      kept: [],
    });
    expect(byEditor.statusCode).toBe(403);
    expect((await call(t.editor, 'GET', `/api/admin/orders/${order.number}/buyout`)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.number}/buyout`,
      headers: { origin: t.manager.headers.origin },
      payload: { orderVersion: 0, kept: [] },
    });
    expect(guest.statusCode).toBe(401);
    expect(await stock(vs[0]?.variantId ?? '')).toBe(9);
    const byAdmin = await call(t.admin, 'GET', `/api/admin/orders/${order.number}/buyout`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ canRecord: true, buyout: null });
  });
});
