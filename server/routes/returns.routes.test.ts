import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MainSettings } from '../../core/content/settings.schemas.ts';
import {
  auditLog,
  jobs,
  orderEvents,
  orderLines,
  type orders,
  outbox,
  returnLines,
  returns,
  sandboxPayments,
  settings,
  variantProducts,
} from '../../core/db/schema/index.ts';
import { returnNumberFromSearch } from '../../core/returns/returns.schemas.ts';
import {
  buildSettings,
  insertCategory,
  insertProductGroup,
  insertSettings,
} from '../../tests/factories/catalogue.ts';
import { insertPlacedOrder } from '../../tests/factories/orders.ts';
import { type InsertedStaff, insertShopperSession, insertStaff } from '../../tests/factories/staff.ts';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { engines } from '../../tests/setup/test-database.ts';

describe.each(engines)('returns API on %s', (engine) => {
  let t: TestApp;
  let manager: InsertedStaff;
  let manager2: InsertedStaff;
  let editor: InsertedStaff;
  let category: string;
  let now = new Date('2026-11-20T09:00:00Z');
  let shopper = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, () => now);
    await insertSettings(t.database.db);
    category = (await insertCategory(t.database.db)).slug;
    manager = await insertStaff(t.database.db, { role: 'manager' });
    manager2 = await insertStaff(t.database.db, { role: 'manager' });
    editor = await insertStaff(t.database.db, { role: 'editor' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    now = new Date('2026-11-20T09:00:00Z');
    shopper += 1;
  });

  /** The `main.returns` settings; undefined = the defaults. */
  const setReturns = async (value: MainSettings['returns']) => {
    const { _id, ...main } = buildSettings().main;
    await t.database.db
      .update(settings)
      .set({ data: { ...main, ...(value ? { returns: value } : {}) } })
      .where(eq(settings.id, 'main'));
  };
  const phone = () => `7996${String(shopper).padStart(7, '0')}`;
  /** A fresh product with sizes S (10 left) and M (2 left) at `price`. */
  const product = async (price = 5_000_00, oldPrice?: number) => {
    const g = await insertProductGroup(t.database.db, { categorySlug: category, price, oldPrice }, [
      { size: 'S', stock: 10 },
      { size: 'M', stock: 2 },
    ]);
    return { variantId: `${g.id}-S`, groupId: g.id, price, other: `${g.id}-M` };
  };
  const stock = async (id: string) =>
    (await t.database.db.select().from(variantProducts).where(eq(variantProducts.id, id)))[0]?.stock;
  /** A delivered order of the lines, received at `deliveredAt`, by the current shopper's phone. */
  const delivered = async (
    lines: { variantId: string; groupId: string; price: number; count?: number }[],
    overrides: Partial<typeof orders.$inferInsert> = {},
  ) => {
    const { order } = await insertPlacedOrder(t.database.db, {
      lines,
      status: 'delivered',
      phone: phone(),
      email: `buyer${shopper}@example.ru`,
      createdAt: new Date('2026-11-18T09:00:00Z'),
      ...overrides,
    });
    const rows = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderNumber, order.number))
      .orderBy(orderLines.id);
    return { order, lines: rows };
  };
  const shopperCall = (url: string, payload: object, extra: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: extra.ip ?? `10.77.0.${shopper % 250}`,
      headers: extra.cookie ? { cookie: extra.cookie } : {},
      payload,
    });
  const ask = (body: object, extra?: { cookie?: string; ip?: string }) =>
    shopperCall('/api/returns', { reason: 'size', method: 'pickup_point', ...body }, extra);
  const staff = (who: InsertedStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const decide = (number: number, version: number, lines: object[], who = manager) =>
    staff(who, 'POST', `/api/admin/returns/${number}/decide`, { version, lines });

  it('a manager opens a return for a buyer who phones: the buyer’s rules hold, the audit names the manager, editors may not', async () => {
    const a = await product(3_000_00);
    const { order, lines } = await delivered([{ ...a, count: 2 }], {});
    const open = (body: object, who = manager) =>
      staff(who, 'POST', `/api/admin/orders/${order.number}/returns`, {
        reason: 'size',
        method: 'showroom',
        ...body,
      });
    const made = await open({
      lines: [{ lineId: lines[0]?.id, quantity: 1 }],
      comment: 'Позвонила в магазин',
    });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json().return;
    expect(ret).toMatchObject({ status: 'requested', label: expect.stringMatching(/^R\d+$/) });
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'return.request'), eq(auditLog.entityId, String(ret.number))));
    expect(log?.actorId).toBe(manager.userId);
    expect(log?.after).toMatchObject({ by: 'staff', method: 'showroom' });
    // The units left hold for staff too: one more may go back, not two.
    const tooMany = await open({ lines: [{ lineId: lines[0]?.id, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect((await open({ lines: [{ lineId: lines[0]?.id, quantity: 1 }] }, editor)).statusCode).toBe(403);
    // The window holds too: an order delivered weeks ago is refused with the buyer's reason.
    const old = await delivered([a]);
    await t.database.db
      .update(orderEvents)
      .set({ at: new Date('2026-09-02T09:00:00Z') })
      .where(eq(orderEvents.orderNumber, old.order.number));
    await t.database.db.insert(orderEvents).values({
      orderNumber: old.order.number,
      fromStatus: 'shipped',
      toStatus: 'delivered',
      cause: 'carrier',
      at: new Date('2026-09-02T09:00:00Z'),
    });
    const late = await staff(manager, 'POST', `/api/admin/orders/${old.order.number}/returns`, {
      reason: 'size',
      method: 'showroom',
      lines: [{ lineId: old.lines[0]?.id, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(
      (
        await staff(manager, 'POST', '/api/admin/orders/99999/returns', {
          reason: 'size',
          method: 'showroom',
          lines: [{ lineId: 1, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a shopper returns one of two lines from /status; staff receive it; the refund and the stock follow', async () => {
    const a = await product(3_000_00);
    const b = await product(2_000_00);
    const { order, lines } = await delivered([a, b], {});
    const options = await shopperCall('/api/returns/options', { orderID: order.number, contact: phone() });
    expect(options.statusCode).toBe(200);
    const data = options.json().data;
    expect(data).toMatchObject({ canReturn: true, windowDays: 14, carrier: 'sdek' });
    expect(data.lines.map((l: { returnable: number }) => l.returnable)).toEqual([1, 1]);
    expect(data.lines[0].exchangeSizes).toEqual([{ size: 'M', available: 2 }]);

    const res = await ask({
      orderID: order.number,
      contact: `+${phone()}`,
      lines: [{ lineId: lines[0]?.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const ret = res.json().data;
    expect(ret.label).toMatch(/^R\d+$/);
    expect(ret.status).toBe('requested');
    // The sandbox CDEK's return code, named in the instructions.
    expect(ret.code).toBe(`19${String(ret.number).padStart(8, '0')}`);
    expect(ret.instructions).toContain(ret.code);
    expect(ret.instructions).toContain(ret.label);

    // The buyer is told by e-mail (a guest gets no SMS).
    await t.services.jobs.runDue({ kinds: ['return-message'] });
    const mail = (await t.database.db.select().from(outbox)).filter((m) =>
      JSON.stringify(m.payload).includes(ret.label),
    );
    expect(mail.map((m) => m.channel)).toEqual(['email']);

    const queue = await staff(manager, 'GET', '/api/admin/returns?status=requested');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().rows.some((r: { number: number }) => r.number === ret.number)).toBe(true);
    // Staff find a return by its label (issue 34): the back office's search sends its number.
    const label = ret.label as string;
    const found = await staff(
      manager,
      'GET',
      `/api/admin/returns?number=${returnNumberFromSearch(` ${label.toLowerCase()} `)}`,
    );
    expect(found.json().rows.map((r: { label: string }) => r.label)).toEqual([label]);
    expect(returnNumberFromSearch('5001')).toBeNull();

    const received = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 });
    expect(received.statusCode).toBe(200);
    expect(received.json().return.status).toBe('received');
    const lineId = received.json().lines[0].id;
    const before = await stock(a.variantId);
    const closed = await decide(ret.number, 1, [{ id: lineId, decision: 'accepted' }]);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().return).toMatchObject({
      status: 'closed',
      refundGoods: 3_000_00,
      refundStatus: 'succeeded',
    });
    expect(closed.json().order.refunded).toBe(3_000_00);
    expect(await stock(a.variantId)).toBe((before ?? 0) + 1);
    expect(await stock(b.variantId)).toBe(9);
    // The sandbox payment shows exactly the partial refund.
    const token = order.paymentId?.replace(/^sandbox-/, '') ?? '';
    const [session] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.token, token));
    expect(session?.refunds.map((r) => r.amount)).toEqual([3_000_00]);
    // Messages: received and refunded.
    await t.services.jobs.runDue({ kinds: ['return-message'] });
    const keys = (await t.database.db.select().from(jobs))
      .filter((j) => j.key.startsWith(`return-message:${ret.number}:`) && j.key.endsWith(':email'))
      .map((j) => j.key.split(':')[2])
      .sort();
    expect(keys).toEqual(['received', 'refunded', 'requested']);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(ret.number)))
    )
      .filter((r) => r.entityType === 'return')
      .map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['return.request', 'return.receive', 'return.decide', 'return.refund']),
    );
    // Refunding again is refused and sends nothing.
    const again = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/refund-retry`, {
      version: closed.json().return.version,
    });
    expect(again.statusCode).toBe(409);
    const redecide = await decide(ret.number, closed.json().return.version, [
      { id: lineId, decision: 'accepted' },
    ]);
    expect(redecide.statusCode).toBe(409);
    const [after] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.token, token));
    expect(after?.refunds).toHaveLength(1);
    expect(await stock(a.variantId)).toBe((before ?? 0) + 1);
    // The returned line cannot be asked again; the other one still can.
    const opts = (
      await shopperCall('/api/returns/options', { orderID: order.number, contact: phone() })
    ).json().data;
    expect(opts.lines.map((l: { returnable: number }) => l.returnable)).toEqual([0, 1]);
    expect(opts.returns[0]).toMatchObject({
      number: ret.number,
      status: 'closed',
      refund: { amount: 3_000_00 },
    });
  });

  it('refuses outside the window, before delivery, and a try-on order; the window is a setting', async () => {
    const a = await product();
    const { order, lines } = await delivered([a]);
    now = new Date('2026-12-05T21:00:00Z'); // 6 December in Moscow: past 14 days after 18 November
    const late = await ask({
      orderID: order.number,
      contact: phone(),
      lines: [{ lineId: lines[0]?.id, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/14/);
    await setReturns({ windowDays: 30, deliveryPaidBy: 'buyer', exchangeShips: 'on_receipt' });
    try {
      const ok = await ask({
        orderID: order.number,
        contact: phone(),
        lines: [{ lineId: lines[0]?.id, quantity: 1 }],
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await setReturns(undefined);
    }
    const shipped = await delivered([await product()], { status: 'shipped' });
    const early = await ask({
      orderID: shipped.order.number,
      contact: phone(),
      lines: [{ lineId: shipped.lines[0]?.id, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);
    const tryOn = await delivered([await product()], { getWay: 'moscow-try', goodsPayable: 0, total: 0 });
    const fitting = await ask({
      orderID: tryOn.order.number,
      contact: phone(),
      lines: [{ lineId: tryOn.lines[0]?.id, quantity: 1 }],
    });
    expect(fitting.statusCode).toBe(409);
    expect(
      await t.database.db.select().from(returns).where(eq(returns.orderNumber, tryOn.order.number)),
    ).toEqual([]);
  });

  it('nobody returns someone else’s order: a wrong contact, another account, a guest without a contact', async () => {
    const a = await product();
    const owner = await insertShopperSession(t.database.db, now);
    const { order, lines } = await delivered([a], { userId: owner.userId });
    const body = { orderID: order.number, lines: [{ lineId: lines[0]?.id, quantity: 1 }] };
    const wrong = await ask({ ...body, contact: '79990009999' });
    const other = await insertShopperSession(t.database.db, now);
    const stranger = await ask(body, { cookie: other.cookie });
    const guest = await ask(body);
    const missing = await ask({ ...body, orderID: 1_999_999, contact: phone() });
    for (const r of [wrong, stranger, guest, missing]) expect(r.statusCode).toBe(404);
    // One answer for a missing order and a wrong contact.
    expect(wrong.json().message).toBe(missing.json().message);
    // Another order's line is not this order's.
    const foreign = await delivered([await product()]);
    const mixed = await ask({
      orderID: order.number,
      contact: phone(),
      lines: [{ lineId: foreign.lines[0]?.id, quantity: 1 }],
    });
    expect(mixed.statusCode).toBe(400);
    expect(await t.database.db.select().from(returns).where(eq(returns.orderNumber, order.number))).toEqual(
      [],
    );
    // The owner, signed in, needs no contact.
    const mine = await ask({ ...body, method: 'showroom' }, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ method: 'showroom', code: null });
  });

  it('stops the guesser of an order’s phone or e-mail, never the order’s customer on another address', async () => {
    const { order } = await delivered([await product()]);
    const guesser = `10.78.${shopper % 250}.1`;
    const options = (contact: string, ip: string) =>
      shopperCall('/api/returns/options', { orderID: order.number, contact }, { ip });
    for (let i = 0; i < 10; i++) {
      expect((await options(`7990000${String(i).padStart(4, '0')}`, guesser)).statusCode).toBe(404);
    }
    // The guesser waits, the right contact included.
    expect((await options(phone(), guesser)).statusCode).toBe(429);
    // Guesses from many addresses never hold the order itself.
    for (let i = 0; i < 12; i++) {
      expect((await options(`7990001${String(i).padStart(4, '0')}`, `10.78.200.${i}`)).statusCode).toBe(404);
    }
    expect((await options(phone(), '10.78.201.1')).statusCode).toBe(200);
  });

  it('the same units are never asked twice, also by two requests at once', async () => {
    const a = await product();
    const { order, lines } = await delivered([{ ...a, count: 2 }]);
    const body = { orderID: order.number, contact: phone(), lines: [{ lineId: lines[0]?.id, quantity: 2 }] };
    const [r1, r2] = await Promise.all([ask(body, { ip: '10.79.0.1' }), ask(body, { ip: '10.79.0.2' })]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const more = await ask({ ...body, lines: [{ lineId: lines[0]?.id, quantity: 1 }] }, { ip: '10.79.0.3' });
    expect(more.statusCode).toBe(409);
    const rows = await t.database.db.select().from(returns).where(eq(returns.orderNumber, order.number));
    expect(rows).toHaveLength(1);
  });

  it('two staff receiving at once: one receives, the other is refused', async () => {
    const { order, lines } = await delivered([await product()]);
    const ret = (
      await ask({ orderID: order.number, contact: phone(), lines: [{ lineId: lines[0]?.id, quantity: 1 }] })
    ).json().data;
    const [r1, r2] = await Promise.all([
      staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 }),
      staff(manager2, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const receipts = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(ret.number)))
    ).filter((a) => a.action === 'return.receive');
    expect(receipts).toHaveLength(1);
  });

  it('two staff deciding at once: stock comes back and money goes out once', async () => {
    const a = await product();
    const { order, lines } = await delivered([a]);
    const ret = (
      await ask({ orderID: order.number, contact: phone(), lines: [{ lineId: lines[0]?.id, quantity: 1 }] })
    ).json().data;
    const got = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 });
    const id = got.json().lines[0].id;
    const before = await stock(a.variantId);
    const [d1, d2] = await Promise.all([
      decide(ret.number, 1, [{ id, decision: 'accepted' }]),
      decide(ret.number, 1, [{ id, decision: 'accepted' }], manager2),
    ]);
    expect([d1.statusCode, d2.statusCode].sort()).toEqual([200, 409]);
    expect(await stock(a.variantId)).toBe((before ?? 0) + 1);
    const token = order.paymentId?.replace(/^sandbox-/, '') ?? '';
    const [session] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.token, token));
    expect(session?.refunds.map((r) => r.amount)).toEqual([5_000_00]);
  });

  it('refunds to the kopeck with the promo spread as the receipt showed it; defective units are not sold; a refusal needs its reason', async () => {
    const shirt = await product(1_000_00);
    const coat = await product(2_000_00, 2_500_00);
    // Three shirts and a sale coat; 10% promo on the shirts only (300 ₽); delivery 500 ₽.
    const { order, lines } = await delivered([{ ...shirt, count: 3 }, coat], {
      goodsTotal: 5_000_00,
      goodsPayable: 5_000_00,
      promoCode: 'WELCOME10',
      promoPercent: 10,
      promoDiscount: 300_00,
      deliveryPrice: 500_00,
      total: 5_200_00,
    });
    // The coat's line carries its own old price, as checkout records a sale item.
    await t.database.db
      .update(orderLines)
      .set({ oldPrice: 2_500_00 })
      .where(eq(orderLines.id, lines[1]?.id ?? 0));
    const ret = (
      await ask({
        orderID: order.number,
        contact: phone(),
        lines: [
          { lineId: lines[0]?.id, quantity: 2 },
          { lineId: lines[1]?.id, quantity: 1 },
        ],
      })
    ).json().data;
    const got = (
      await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 })
    ).json();
    const [shirtLine, coatLine] = got.lines as { id: number }[];
    const noReason = await decide(ret.number, 1, [
      { id: shirtLine?.id, decision: 'defective' },
      { id: coatLine?.id, decision: 'refused' },
    ]);
    expect(noReason.statusCode).toBe(400);
    const partial = await decide(ret.number, 1, [{ id: shirtLine?.id, decision: 'defective' }]);
    expect(partial.statusCode).toBe(400);
    const shirtStock = await stock(shirt.variantId);
    const res = await decide(ret.number, 1, [
      { id: shirtLine?.id, decision: 'defective' },
      { id: coatLine?.id, decision: 'refused', reason: 'Следы носки' },
    ]);
    expect(res.statusCode).toBe(200);
    // 2 of 3 shirts at 900 ₽ (their share of the promo); the coat refused: nothing for it.
    expect(res.json().return).toMatchObject({
      refundGoods: 1_800_00,
      refundDelivery: 0,
      refundStatus: 'succeeded',
    });
    expect(res.json().return.refundReceipt.items).toEqual([
      expect.objectContaining({ name: 'Платье', price: 900_00, quantity: 2, amount: 1_800_00 }),
    ]);
    expect(await stock(shirt.variantId)).toBe(shirtStock);
    expect(await t.services.returns.defectiveCount(shirt.variantId)).toBe(2);
    const decided = res.json().lines.find((l: { id: number }) => l.id === coatLine?.id);
    expect(decided).toMatchObject({ decision: 'refused', decisionReason: 'Следы носки', refundAmount: 0 });
  });

  it('an exchange reserves the new size at once, sends it once accepted, and gives it back when refused', async () => {
    const a = await product();
    const b = await product();
    const { order, lines } = await delivered([a, b]);
    const tooMany = await ask({
      orderID: order.number,
      contact: phone(),
      lines: [{ lineId: lines[0]?.id, quantity: 1, exchangeSize: 'XL' }],
    });
    expect(tooMany.statusCode).toBe(400);
    const res = await ask({
      orderID: order.number,
      contact: phone(),
      method: 'courier',
      lines: [
        { lineId: lines[0]?.id, quantity: 1, exchangeSize: 'M' },
        { lineId: lines[1]?.id, quantity: 1, exchangeSize: 'M' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(await stock(a.other)).toBe(1);
    expect(await stock(b.other)).toBe(1);
    const ret = res.json().data;
    const got = (
      await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 })
    ).json();
    const [la, lb] = got.lines as { id: number }[];
    const done = await decide(ret.number, 1, [
      { id: la?.id, decision: 'accepted' },
      { id: lb?.id, decision: 'refused', reason: 'Не наша вещь' },
    ]);
    expect(done.statusCode).toBe(200);
    // An exchange is not refunded; the refused line's reserved size is back on the shelf.
    expect(done.json().return).toMatchObject({ refundGoods: 0, refundStatus: 'nothing' });
    expect(await stock(b.other)).toBe(2);
    expect(await stock(a.other)).toBe(1);
    const rows = await t.database.db
      .select()
      .from(returnLines)
      .where(eq(returnLines.returnNumber, ret.number));
    expect(rows.map((r) => r.exchangeStatus).sort()).toEqual(['released', 'to_ship']);
    const sent = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/exchange-shipped`, {
      version: done.json().return.version,
      lineId: la?.id,
      tracking: '1000123456',
    });
    expect(sent.statusCode).toBe(200);
    const twice = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/exchange-shipped`, {
      version: sent.json().return.version,
      lineId: la?.id,
      tracking: '1000123456',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('with exchanges sent at once, the new size may go out before the return arrives', async () => {
    await setReturns({ windowDays: 14, deliveryPaidBy: 'buyer', exchangeShips: 'at_once' });
    try {
      const a = await product();
      const { order, lines } = await delivered([a]);
      const res = await ask({
        orderID: order.number,
        contact: phone(),
        method: 'showroom',
        lines: [{ lineId: lines[0]?.id, quantity: 1, exchangeSize: 'M' }],
      });
      expect(res.statusCode).toBe(200);
      const number = res.json().data.number as number;
      const [line] = await t.database.db
        .select()
        .from(returnLines)
        .where(eq(returnLines.returnNumber, number));
      expect(line).toMatchObject({ exchangeStatus: 'to_ship', exchangeReserved: 1 });
      const sent = await staff(manager, 'POST', `/api/admin/returns/${number}/exchange-shipped`, {
        version: 0,
        lineId: line?.id,
        tracking: '1000999999',
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().return.status).toBe('requested');
      // The e-mail of the request names the return and what to do with it.
      await t.services.jobs.runDue({ kinds: ['return-message'] });
      const mail = (await t.database.db.select().from(outbox)).find((m) =>
        JSON.stringify(m.payload).includes(`R${number}`),
      );
      expect(JSON.stringify(mail?.payload)).toContain('шоурум');
    } finally {
      await setReturns(undefined);
    }
  });

  it('admins set the window (never below the law’s 7 days), who pays the way back and when exchanges ship', async () => {
    const admin = await insertStaff(t.database.db, { role: 'admin' });
    const stamp = async () =>
      (await staff(admin, 'GET', '/api/admin/settings'))
        .json()
        .documents.find((d: { id: string }) => d.id === 'main').updatedAt as string;
    const put = async (returns: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/main',
        headers: admin.headers,
        payload: { updatedAt: await stamp(), values: { returns } },
      });
    const short = await put({ windowDays: 5, deliveryPaidBy: 'shop', exchangeShips: 'at_once' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toMatch(/windowDays/);
    try {
      const ok = await put({ windowDays: 21, deliveryPaidBy: 'shop', exchangeShips: 'at_once' });
      expect(ok.statusCode).toBe(200);
      const { order } = await delivered([await product()]);
      const opts = (
        await shopperCall('/api/returns/options', { orderID: order.number, contact: phone() })
      ).json().data;
      expect(opts).toMatchObject({ windowDays: 21, deliveryPaidBy: 'shop', exchangeShips: 'at_once' });
    } finally {
      await setReturns(undefined);
    }
  });

  it('a return whose carrier did not answer: the message waits for the code, staff register it again, the buyer gets the code', async () => {
    const { order, lines } = await delivered([await product()]);
    const ret = (
      await ask({ orderID: order.number, contact: phone(), lines: [{ lineId: lines[0]?.id, quantity: 1 }] })
    ).json().data;
    // As if the carrier had failed at the request: no parcel, no code.
    await t.database.db
      .update(returns)
      .set({ carrierId: null, carrierCode: null })
      .where(eq(returns.number, ret.number));
    await t.services.jobs.runDue({ kinds: ['return-message'] });
    const waiting = (await t.database.db.select().from(jobs)).find(
      (j) => j.key === `return-message:${ret.number}:requested:email`,
    );
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'waiting for the carrier’s return code' });
    const page = (await staff(manager, 'GET', `/api/admin/returns/${ret.number}`)).json();
    expect(page.canRegisterParcel).toBe(true);
    const again = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/parcel-retry`, {
      version: page.return.version,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().return.carrierCode).toBe(`19${String(ret.number).padStart(8, '0')}`);
    expect(again.json().canRegisterParcel).toBe(false);
    const twice = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/parcel-retry`, {
      version: again.json().return.version,
    });
    expect(twice.statusCode).toBe(409);
    const keys = (await t.database.db.select().from(jobs)).map((j) => j.key);
    expect(keys).toContain(`return-message:${ret.number}:code:email`);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(ret.number)))
    )
      .filter((a) => a.entityType === 'return')
      .map((a) => a.action);
    expect(actions.filter((a) => a === 'return.parcel')).toHaveLength(2);
  });

  it('staff cancel a return whose parcel never came: its units may be asked again, the reserved size is back', async () => {
    const a = await product();
    const { order, lines } = await delivered([a]);
    const body = {
      orderID: order.number,
      contact: phone(),
      lines: [{ lineId: lines[0]?.id, quantity: 1, exchangeSize: 'M' }],
    };
    const ret = (await ask(body)).json().data;
    expect(await stock(a.other)).toBe(1);
    const noReason = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/cancel`, { version: 0 });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/cancel`, {
      version: 0,
      reason: 'Покупатель передумал',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ return: { status: 'cancelled' }, canCancel: false });
    expect(await stock(a.other)).toBe(2);
    const again = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/cancel`, {
      version: cancelled.json().return.version,
      reason: 'ещё раз',
    });
    expect(again.statusCode).toBe(409);
    expect(await stock(a.other)).toBe(2);
    const receive = await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, {
      version: cancelled.json().return.version,
    });
    expect(receive.statusCode).toBe(409);
    // The units are free to be asked again.
    expect((await ask(body)).statusCode).toBe(200);
  });

  it('an exchange-only return is told as an exchange: its received message promises the new size, not money', async () => {
    const a = await product();
    const { order, lines } = await delivered([a]);
    const ret = (
      await ask({
        orderID: order.number,
        contact: phone(),
        lines: [{ lineId: lines[0]?.id, quantity: 1, exchangeSize: 'M' }],
      })
    ).json().data;
    expect(
      (await staff(manager, 'POST', `/api/admin/returns/${ret.number}/receive`, { version: 0 })).statusCode,
    ).toBe(200);
    await t.services.jobs.runDue({ kinds: ['return-message'] });
    const mails = (await t.database.db.select().from(outbox))
      .map((m) => JSON.stringify(m.payload))
      .filter((p) => p.includes(`Возврат R${ret.number} получен`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Сообщим, когда отправим новый размер');
    expect(mails[0]).not.toContain('вернём деньги');
  });

  it('staff endpoints are for managers and admins', async () => {
    expect((await staff(editor, 'GET', '/api/admin/returns')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/returns' })).statusCode).toBe(401);
  });
});
