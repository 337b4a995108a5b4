import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orderEvents,
  orders,
  outbox,
  promoCodes,
  sandboxPayments,
  variantProducts,
} from '../../../core/db/schema/index.ts';
import { eventCauseText } from '../../../core/staff-messages.ts';
import { insertCategory, insertProductGroup, insertSettings } from '../../../tests/factories/catalogue.ts';
import { type InsertedStaff, insertStaff } from '../../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { engines } from '../../../tests/setup/test-database.ts';

describe.each(engines)('orders taken by phone on %s', (engine) => {
  let t: TestApp;
  let manager: InsertedStaff;
  let editor: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    category = (await insertCategory(t.database.db)).slug;
    manager = await insertStaff(t.database.db, { role: 'manager' });
    editor = await insertStaff(t.database.db, { role: 'editor' });
    await t.database.db.insert(promoCodes).values([{ code: 'PHONE10', percent: 10 }]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh product of its own with `stock` units of size M, so tests never share stock. */
  const product = async (price = 5_000_00, stock = 3) => {
    const g = await insertProductGroup(t.database.db, { categorySlug: category, price }, [
      { size: 'M', stock },
    ]);
    return { variantId: `${g.id}-M`, group: g };
  };
  const stockOf = async (id: string) =>
    (await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  const api = (method: 'GET' | 'POST', url: string, payload?: object, staff = manager) =>
    t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });
  const buyer = {
    fullName: 'Анна Петрова',
    phone: '+7 (999) 765-43-21',
    email: 'anna.phone@example.com',
    consent: true,
  };
  /** The buyer's order of `count` units of `variantId`, picked up at the showroom, as the manager takes it. */
  const placeForPickup = async (variantId: string, count: number) =>
    (
      await api('POST', '/api/admin/phone-orders', {
        ...buyer,
        lines: [{ variantId, count }],
        getWay: 'self',
      })
    ).json().order;

  it('finds products by name with each size’s live stock', async () => {
    const { variantId, group } = await product(4_200_00, 2);
    const res = await api('GET', `/api/admin/phone-orders/products?q=${encodeURIComponent(group.art)}`);
    expect(res.statusCode).toBe(200);
    const found = res.json().products.find((p: { id: string }) => p.id === group.id);
    expect(found).toMatchObject({ price: 4_200_00, sizes: [{ variantId, size: 'M', stock: 2 }] });
  });

  it('prices on the server: a tampered price and total are ignored, the promo code and showroom pickup counted', async () => {
    const { variantId } = await product(5_000_00, 3);
    const res = await api('POST', '/api/admin/phone-orders', {
      ...buyer,
      lines: [{ variantId, count: 2, price: 1 }],
      getWay: 'self',
      promocode: 'phone10',
      total: 100,
      summ: 100,
      deliveryPrice: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.quote).toMatchObject({
      goods: 10_000_00,
      delivery: 0,
      promoDiscount: 1_000_00,
      total: 9_000_00,
      lines: [{ variantId, price: 5_000_00, count: 2 }],
    });
    expect(body.order).toMatchObject({
      status: 'awaiting_payment',
      source: 'phone',
      total: 9_000_00,
      phone: '79997654321',
      sends: [],
    });
    expect(body.order.payUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/pay\//);
    // Stock is reserved as a storefront order reserves it.
    expect(await stockOf(variantId)).toBe(1);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.number, body.order.number));
    expect(stored).toMatchObject({
      source: 'phone',
      takenBy: manager.userId,
      consentChannel: 'phone',
      payment: 'online',
      promoCode: 'PHONE10',
      total: 9_000_00,
    });
    // The card session is for the server's total.
    const [session] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderNumber, body.order.number));
    expect(session?.amount).toBe(9_000_00);
    // Audited as the manager's, and the history reads in Russian.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.order.number)));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['order.phone', manager.userId]]);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderNumber, body.order.number));
    expect(events.map((e) => eventCauseText(e.cause, 'ru'))).toContain(
      `Заказ принят по телефону: сотрудник ${manager.email}`,
    );
  });

  it('quotes a pickup point with the carrier’s price, storing nothing', async () => {
    const { variantId } = await product(3_000_00, 3);
    const points = await api('GET', '/api/admin/phone-orders/pickup-points?way=self-sdek&cityID=44');
    expect(points.statusCode).toBe(200);
    const point = points.json().points[0];
    expect(point?.code).toBeTruthy();
    const before = await t.database.db.select().from(orders);
    const res = await api('POST', '/api/admin/phone-orders/quote', {
      lines: [{ variantId, count: 1 }],
      getWay: 'self-sdek',
      cityID: 44,
      pvzID: point.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = res.json();
    expect(quote.goods).toBe(3_000_00);
    expect(quote.delivery).toBeGreaterThan(0);
    expect(quote.total).toBe(quote.goods + quote.delivery);
    expect(quote.place.pvz).toContain(point.code);
    expect(await t.database.db.select().from(orders)).toHaveLength(before.length);
    expect(await stockOf(variantId)).toBe(3);
  });

  it('refuses more than the stock in Russian and changes nothing', async () => {
    const { variantId, group } = await product(2_000_00, 1);
    const before = await t.database.db.select().from(orders);
    const res = await api('POST', '/api/admin/phone-orders', {
      ...buyer,
      lines: [{ variantId, count: 2 }],
      getWay: 'self',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`«${group.name.ru}», размер M: осталось 1 шт.`);
    expect(await stockOf(variantId)).toBe(1);
    expect(await t.database.db.select().from(orders)).toHaveLength(before.length);
  });

  it('refuses an editor, and an order without the buyer’s consent', async () => {
    const { variantId } = await product();
    const order = { ...buyer, lines: [{ variantId, count: 1 }], getWay: 'self' };
    expect((await api('POST', '/api/admin/phone-orders', order, editor)).statusCode).toBe(403);
    expect((await api('POST', '/api/admin/phone-orders', { ...order, consent: false })).statusCode).toBe(400);
    expect(await stockOf(variantId)).toBe(3);
  });

  it('sends the link by SMS and e-mail through the sandbox, again on request, each sending in the history', async () => {
    const { variantId } = await product(7_500_00, 3);
    const created = await placeForPickup(variantId, 1);
    const first = await api('POST', `/api/admin/phone-orders/${created.number}/link`, { channels: 'both' });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first.json().order.sends.map((s: { channel: string; state: string }) => [s.channel, s.state]),
    ).toEqual([
      ['sms', 'queued'],
      ['email', 'queued'],
    ]);
    await t.services.jobs.runDue({ kinds: ['phone-order-payment-link'] });
    const sent = (await t.database.db.select().from(outbox)).filter((m) =>
      JSON.stringify(m.payload).includes(created.payUrl),
    );
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'anna.phone@example.com'],
      ['sms', '79997654321'],
    ]);
    const sms = sent.find((m) => m.channel === 'sms');
    expect(JSON.stringify(sms?.payload)).toContain(`№${created.number}`);

    // Again, by SMS only: a second message goes out.
    const again = await api('POST', `/api/admin/phone-orders/${created.number}/link`, { channels: 'sms' });
    expect(again.statusCode).toBe(200);
    await t.services.jobs.runDue({ kinds: ['phone-order-payment-link'] });
    const view = (await api('GET', `/api/admin/phone-orders/${created.number}`)).json().order;
    expect(view.sends.map((s: { channel: string; state: string }) => [s.channel, s.state])).toEqual([
      ['sms', 'sent'],
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderNumber, created.number));
    const read = events.map((e) => eventCauseText(e.cause, 'ru'));
    expect(read).toContain(`Ссылка на оплату отправлена по SMS и e-mail: сотрудник ${manager.email}`);
    expect(read).toContain(`Ссылка на оплату отправлена по SMS: сотрудник ${manager.email}`);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.number)));
    expect(audit.filter((a) => a.action === 'order.payment_link')).toHaveLength(2);
  });

  it('follows the unpaid-order rule: past its hold it fails, the stock returns and no link can be sent', async () => {
    const { variantId } = await product(1_500_00, 2);
    const created = await placeForPickup(variantId, 2);
    expect(await stockOf(variantId)).toBe(0);
    // The shop's online hold (20 minutes by default) passes unpaid.
    now = new Date(new Date(created.expiresAt).getTime() + 60_000);
    expect(await t.services.orders.expireOverdue()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(variantId)).toBe(2);
    const res = await api('POST', `/api/admin/phone-orders/${created.number}/link`, { channels: 'sms' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Заказ не ждёт оплаты: ссылку отправить нельзя');
    now = new Date('2026-11-20T09:00:00Z');
  });

  it('lets the buyer pay the order on the link’s page', async () => {
    const { variantId } = await product(2_500_00, 3);
    const created = await placeForPickup(variantId, 1);
    const token = String(created.payUrl).split('/').pop();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${token}`,
      payload: { decision: 'pay' },
    });
    expect(paid.statusCode).toBe(200);
    const view = (await api('GET', `/api/admin/phone-orders/${created.number}`)).json().order;
    expect(view).toMatchObject({ status: 'paid', payUrl: null });
  });
});
