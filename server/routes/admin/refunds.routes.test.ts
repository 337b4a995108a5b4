import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orderRefunds, variantProducts } from '../../../core/db/schema/index.ts';
import { REFUND_SEND_JOB } from '../../../core/refunds/refunds.service.ts';
import { insertStaff } from '../../../tests/factories/staff.ts';
import { engines } from '../../../tests/setup/test-database.ts';
import { useTbankShop } from '../../../tests/support/payment-shop.ts';

interface CancelBody {
  PaymentId: string;
  Amount: number;
  ExternalRequestId: string;
  Receipt: {
    Items: { Name: string; Price: number; Quantity: number; Amount: number; PaymentMethod: string }[];
  };
}

interface RefundView {
  id: number;
  state: string;
  source: string;
  amount: number;
  deliveryAmount: number;
  attempts: number;
  lines: { orderLineId: number; quantity: number; amount: number }[];
  receipt: { items: { name: string; amount: number; paymentMethod: string }[] } | null;
}

/**
 * The one refund model through the back office and T-Bank's fake (docs/product/refunds.md): a partial
 * refund of lines and the delivery, a line taken off a paid order, concurrent refunds never beyond
 * what was paid, a refund the bank refused sent again, a refund made in the bank's cabinet recorded.
 */
describe.each(engines)('refunds on %s', (engine) => {
  const shop = useTbankShop(engine, {});

  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: shop.manager.headers, ...(payload ? { payload } : {}) });
  const cancels = () =>
    shop.fake.calls.filter((c) => c.method === 'Cancel').map((c) => c.body as unknown as CancelBody);
  const refundsOf = async (number: number) =>
    (await staff('GET', `/api/admin/orders/${number}/refunds`)).json().refunds as RefundView[];

  /** Two shirts at 1 000 ₽ and a coat at 2 000 ₽ with CDEK's delivery, paid by card. */
  const paidOrder = async () => {
    const shirt = await shop.variant(1_000_00);
    const coat = await shop.variant(2_000_00);
    const { number, bankId } = await shop.placedInBank({
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
      products: [
        { _id: shirt, count: 2 },
        { _id: coat, count: 1 },
      ],
    });
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    expect((await shop.notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    const page = (await staff('GET', `/api/admin/orders/${number}`)).json();
    expect(page.order.status).toBe('paid');
    const lines = page.lines as { id: number; variantId: string; count: number; price: number }[];
    return { number, bankId, order: page.order, lines, shirt, coat };
  };
  /** Staff refund one of the paid order's shirts (its first line), not the delivery, as faulty. */
  const refundOneShirt = (paid: Awaited<ReturnType<typeof paidOrder>>) =>
    staff('POST', `/api/admin/orders/${paid.number}/refunds`, {
      version: paid.order.version,
      lines: [{ orderLineId: paid.lines[0]?.id, quantity: 1 }],
      delivery: false,
      reason: 'брак',
    });

  it('refunds chosen units and the delivery at the server’s amounts, with their receipt; a browser’s amount is refused', async () => {
    const { number, bankId, order, lines } = await paidOrder();
    const [shirts] = lines;
    const forged = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version,
      lines: [{ orderLineId: shirts?.id, quantity: 1, amount: 1 }],
      delivery: true,
      reason: 'брак',
    });
    expect(forged.statusCode).toBe(400);
    const editor = await insertStaff(shop.db, { role: 'editor' });
    const notAllowed = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds`,
      headers: editor.headers,
      payload: {
        version: order.version,
        lines: [{ orderLineId: shirts?.id, quantity: 1 }],
        delivery: false,
        reason: 'x',
      },
    });
    expect(notAllowed.statusCode).toBe(403);
    expect(cancels()).toHaveLength(0);

    const res = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version,
      lines: [{ orderLineId: shirts?.id, quantity: 1 }],
      delivery: true,
      reason: 'брак шва',
    });
    expect(res.statusCode).toBe(200);
    const [refund] = res.json().refunds as RefundView[];
    expect(refund).toMatchObject({
      state: 'succeeded',
      source: 'staff',
      amount: 1_000_00 + order.deliveryPrice,
      deliveryAmount: order.deliveryPrice,
      lines: [{ orderLineId: shirts?.id, quantity: 1, amount: 1_000_00 }],
    });
    const [cancel] = cancels();
    expect(cancel).toMatchObject({ PaymentId: bankId, Amount: 1_000_00 + order.deliveryPrice });
    expect(cancel?.ExternalRequestId).toBe(`order-${number}-refund-${refund?.id}`);
    // The goods have not left: the refund undoes a prepayment, item by item.
    expect(cancel?.Receipt.Items.map((i) => [i.Name === 'Доставка', i.Amount, i.PaymentMethod])).toEqual([
      [false, 1_000_00, 'full_prepayment'],
      [true, order.deliveryPrice, 'full_prepayment'],
    ]);
    expect(refund?.receipt?.items.reduce((a, i) => a + i.amount, 0)).toBe(refund?.amount);

    // The same shirt units and the delivery cannot be refunded twice; a stale screen is refused.
    const again = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version + 1,
      lines: [{ orderLineId: shirts?.id, quantity: 2 }],
      delivery: false,
      reason: 'ещё',
    });
    expect(again.statusCode).toBe(400);
    const stale = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version,
      amount: 100_00,
      reason: 'компенсация',
    });
    expect(stale.statusCode).toBe(409);
    // An amount beyond what is left of the payment is refused, nothing sent.
    const tooMuch = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version + 1,
      amount: order.total,
      reason: 'компенсация',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(cancels()).toHaveLength(1);
    const audit = await shop.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(number)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['order.refund_partial', 'order.refund']),
    );
  });

  it('takes a line off a paid order not yet shipped: its units back to stock and their money refunded; refused once shipped', async () => {
    const { number, order, lines, coat } = await paidOrder();
    const coatLine = lines.find((l) => l.variantId === coat);
    const stock = async () =>
      (await shop.db.select().from(variantProducts).where(eq(variantProducts.id, coat)))[0]?.stock;
    expect(await stock()).toBe(9);
    const res = await staff('POST', `/api/admin/orders/${number}/remove-line`, {
      version: order.version,
      orderLineId: coatLine?.id,
      quantity: 1,
      reason: 'нет в наличии',
    });
    expect(res.statusCode).toBe(200);
    expect(await stock()).toBe(10);
    expect((res.json().refunds as RefundView[])[0]).toMatchObject({
      state: 'succeeded',
      amount: 2_000_00,
      lines: [{ orderLineId: coatLine?.id, quantity: 1, amount: 2_000_00 }],
    });
    expect(cancels().at(-1)?.Amount).toBe(2_000_00);
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.map((e) => e.cause).join('\n')).toMatch(/^line removed by staff/m);
    // The coat is gone: asking again is refused, and a cancel refunds only what is left.
    const twice = await staff('POST', `/api/admin/orders/${number}/remove-line`, {
      version: order.version + 1,
      orderLineId: coatLine?.id,
      quantity: 1,
    });
    expect(twice.statusCode).toBe(400);
    expect(await stock()).toBe(10);

    const shipped = await shop.step(number, { from: 'paid', to: 'shipped', trackingNumber: '1234567890' });
    expect(shipped.statusCode).toBe(200);
    const shirts = lines.find((l) => l.variantId !== coat);
    const late = await staff('POST', `/api/admin/orders/${number}/remove-line`, {
      version: shipped.json().order.version,
      orderLineId: shirts?.id,
      quantity: 1,
    });
    expect(late.statusCode).toBe(409);
  });

  it('never refunds more than was paid, however many refunds start at once', async () => {
    const { number, order } = await paidOrder();
    const third = Math.floor(order.total / 3) + 1;
    const attempts = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() =>
        shop.db.transaction((tx) =>
          shop.services.refunds.create(
            tx,
            number,
            { source: 'staff', amount: third, reason: 'concurrent' },
            null,
          ),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    const rows = await shop.db.select().from(orderRefunds).where(eq(orderRefunds.orderNumber, number));
    expect(rows).toHaveLength(2);
    expect(rows.reduce((a, r) => a + r.amount, 0)).toBeLessThanOrEqual(order.total);
    // Through the API too: five partial refunds over one screen's version, one goes through.
    const api = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        staff('POST', `/api/admin/orders/${number}/refunds`, {
          version: order.version,
          amount: 100_00,
          reason: 'скидка',
        }),
      ),
    );
    expect(api.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await shop.db.select().from(orderRefunds).where(eq(orderRefunds.orderNumber, number));
    expect(after.reduce((a, r) => a + r.amount, 0)).toBeLessThanOrEqual(order.total);
  });

  it('leaves a refund the bank refused failed and retryable; staff send it again once, under the same key', async () => {
    const paid = await paidOrder();
    const { number } = paid;
    shop.fake.failNext = ['Cancel'];
    const res = await refundOneShirt(paid);
    expect(res.statusCode).toBe(200);
    const [failed] = res.json().refunds as RefundView[];
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    const attention = (await staff('GET', '/api/admin/refunds/attention')).json().rows as { id: number }[];
    expect(attention.map((r) => r.id)).toContain(failed?.id);
    // The refused refund counts for nothing until sent again: the page offers it.
    expect((await staff('GET', `/api/admin/orders/${number}`)).json().canRefund).toBe(true);

    const retried = await staff('POST', `/api/admin/orders/${number}/refunds/${failed?.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect((retried.json().refunds as RefundView[])[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
    const keys = cancels()
      .map((c) => c.ExternalRequestId)
      .filter((k) => k.startsWith(`order-${number}-`));
    expect(keys).toEqual([`order-${number}-refund-${failed?.id}`, `order-${number}-refund-${failed?.id}`]);
    const done = await staff('POST', `/api/admin/orders/${number}/refunds/${failed?.id}/retry`, {});
    expect(done.statusCode).toBe(409);
    const manual = await staff('POST', `/api/admin/orders/${number}/refunds/${failed?.id}/manual`, {
      note: '',
    });
    expect(manual.statusCode).toBe(409);
    expect(
      (await staff('GET', '/api/admin/refunds/attention')).json().rows.map((r: { id: number }) => r.id),
    ).not.toContain(failed?.id);
  });

  it('sends a refund the bank did not answer again by the job, and records one done by hand', async () => {
    const paid = await paidOrder();
    const { number, order } = paid;
    shop.fake.failure = 'http500';
    const res = await refundOneShirt(paid);
    expect(res.statusCode).toBe(200);
    const [waiting] = res.json().refunds as RefundView[];
    expect(waiting).toMatchObject({ state: 'started', attempts: 1 });
    shop.fake.failure = null;
    shop.now = new Date(shop.now.getTime() + 2 * 60_000);
    await shop.services.jobs.runDue({ kinds: [REFUND_SEND_JOB] });
    expect((await refundsOf(number))[0]).toMatchObject({ state: 'succeeded', attempts: 2 });

    // A refused one returned to the buyer in cash at the showroom: done by hand, never sent again.
    shop.fake.failNext = ['Cancel'];
    const second = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: order.version + 1,
      amount: 300_00,
      reason: 'компенсация за задержку',
    });
    const refused = (second.json().refunds as RefundView[]).find((r) => r.state === 'failed');
    expect(refused?.amount).toBe(300_00);
    const manual = await staff('POST', `/api/admin/orders/${number}/refunds/${refused?.id}/manual`, {
      note: 'наличными в шоуруме',
    });
    expect(manual.statusCode).toBe(200);
    expect((manual.json().refunds as RefundView[]).find((r) => r.id === refused?.id)?.state).toBe('manual');
    const calls = cancels().length;
    await shop.services.jobs.runDue({ kinds: [REFUND_SEND_JOB] });
    expect(cancels()).toHaveLength(calls);
  });

  it('records a refund made in the bank’s cabinet on the order, once; the shop’s own refund notice is not one', async () => {
    const paid = await paidOrder();
    const { number, bankId, order } = paid;
    // The shop's own partial refund: the bank's PARTIAL_REFUNDED notice of it records nothing more.
    const own = await refundOneShirt(paid);
    expect(own.statusCode).toBe(200);
    const ownNotice = shop.fake.notification(bankId, 'PARTIAL_REFUNDED', { Amount: 1_000_00 });
    expect((await shop.notify(ownNotice)).body).toBe('OK');
    expect(await refundsOf(number)).toHaveLength(1);

    // The rest refunded by an operator in the bank's cabinet: the REFUNDED notice records it.
    const cabinet = shop.fake.notification(bankId, 'REFUNDED');
    expect((await shop.notify(cabinet)).body).toBe('OK');
    expect((await shop.notify(cabinet)).body).toBe('OK');
    const all = await refundsOf(number);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({
      source: 'provider-cabinet',
      state: 'succeeded',
      amount: order.total - 1_000_00,
    });
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(
      events.filter((e) => e.cause.startsWith('refund made in the payment provider’s cabinet')),
    ).toHaveLength(1);
    // Nothing is left to refund: staff cannot refund the order again.
    const more = await staff('POST', `/api/admin/orders/${number}/refunds`, {
      version: (await shop.orderOf(number))?.version,
      amount: 100,
      reason: 'ещё',
    });
    expect(more.statusCode).toBe(409);
  });
});
