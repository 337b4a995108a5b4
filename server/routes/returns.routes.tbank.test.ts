import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, promoCodes } from '../../core/db/schema/index.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { useTbankShop } from '../../tests/support/payment-shop.ts';

interface CancelBody {
  PaymentId: string;
  Amount: number;
  ExternalRequestId: string;
  Receipt: {
    Taxation: string;
    Items: { Name: string; Price: number; Quantity: number; Amount: number; PaymentObject: string }[];
  };
}

/**
 * A return's refund reaching T-Bank (integrations.md §3): Cancel with the partial amount and the
 * refund receipt of the returned lines, priced as the payment's receipt showed them.
 */
describe.each(engines)('return refunds through T-Bank on %s', (engine) => {
  const shop = useTbankShop(engine, {
    timeoutMs: 2_000,
    // The shop pays the way back: the delivery is refunded once everything has come back.
    settings: (docs) => {
      docs.main.returns = { windowDays: 14, deliveryPaidBy: 'shop', exchangeShips: 'on_receipt' };
    },
  });
  beforeAll(async () => {
    await shop.db.insert(promoCodes).values({ code: 'WELCOME10', percent: 10 });
  });

  const variant = (price: number, oldPrice?: number) => shop.variant(price, oldPrice);
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: shop.manager.headers, ...(payload ? { payload } : {}) });
  const cancels = () =>
    shop.fake.calls.filter((c) => c.method === 'Cancel').map((c) => c.body as unknown as CancelBody);

  /** Paid by card through the bank, then received by the buyer (the carrier's step, recorded here). */
  const deliveredOrder = async () => {
    const shirt = await variant(1_000_00);
    const coat = await variant(2_000_00, 2_500_00);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/payment',
      remoteAddress: '10.66.0.1',
      payload: {
        getWay: 'delivery-sdek',
        payment: 'online',
        fullName: 'Иванова Анна',
        phone: '79970000001',
        email: 'anna@example.ru',
        consent: true,
        products: [
          { _id: shirt, count: 3 },
          { _id: coat, count: 1 },
        ],
        promocode: 'WELCOME10',
        cityID: 137,
        city: 'Санкт-Петербург',
        address: 'Невский проспект, 10',
      },
    });
    expect(res.statusCode).toBe(200);
    const number = res.json().order.orderID as number;
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.number, number));
    const bankId = String(order?.paymentId).replace('tbank-', '');
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    const notice = await shop.app.inject({
      method: 'POST',
      url: '/api/payment/notify/tbank',
      payload: shop.fake.notification(bankId, 'CONFIRMED'),
    });
    expect(notice.body).toBe('OK');
    await shop.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.number, number));
    await shop.database.db.insert(orderEvents).values({
      orderNumber: number,
      fromStatus: 'paid',
      toStatus: 'delivered',
      cause: 'delivered (test)',
      at: shop.now,
    });
    const options = await shop.app.inject({
      method: 'POST',
      url: '/api/returns/options',
      remoteAddress: '10.66.0.2',
      payload: { orderID: number, contact: 'anna@example.ru' },
    });
    expect(options.statusCode).toBe(200);
    return { number, bankId, order, lines: options.json().data.lines as { lineId: number; name: string }[] };
  };
  const returnOf = async (orderID: number, lines: { lineId: number; quantity: number }[]) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/returns',
      remoteAddress: '10.66.0.3',
      payload: { orderID, contact: '79970000001', reason: 'changed_mind', method: 'pickup_point', lines },
    });
    expect(res.statusCode).toBe(200);
    const number = res.json().data.number as number;
    const got = await staff('POST', `/api/admin/returns/${number}/receive`, { version: 0 });
    expect(got.statusCode).toBe(200);
    return { number, lines: got.json().lines as { id: number }[] };
  };

  it('refunds part of the payment with the refund receipt of the returned lines, then the rest with the delivery', async () => {
    const { number, bankId, order, lines } = await deliveredOrder();
    const [shirts, coat] = lines;
    const first = await returnOf(number, [
      { lineId: shirts?.lineId ?? 0, quantity: 1 },
      { lineId: coat?.lineId ?? 0, quantity: 1 },
    ]);
    const decided = await staff('POST', `/api/admin/returns/${first.number}/decide`, {
      version: 1,
      lines: first.lines.map((l) => ({ id: l.id, decision: 'accepted' })),
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().return).toMatchObject({ refundStatus: 'succeeded', refundGoods: 2_900_00 });
    const [cancel] = cancels();
    expect(cancel?.PaymentId).toBe(bankId);
    expect(cancel?.Amount).toBe(2_900_00);
    expect(cancel?.ExternalRequestId).toBe(`return-${first.number}-refund`);
    // One shirt at 900 ₽ (its share of the promo, as the payment's receipt priced it) and the coat.
    expect(cancel?.Receipt.Items.map((i) => [i.Price, i.Quantity, i.Amount, i.PaymentObject])).toEqual([
      [900_00, 1, 900_00, 'commodity'],
      [2_000_00, 1, 2_000_00, 'commodity'],
    ]);
    expect(cancel?.Receipt.Taxation).toBe('usn_income');
    expect(shop.fake.payments.get(bankId)?.status).toBe('PARTIAL_REFUNDED');

    // The bank fails once: the refund stays for a retry, which sends the same request once.
    const second = await returnOf(number, [{ lineId: shirts?.lineId ?? 0, quantity: 2 }]);
    shop.fake.failure = 'error';
    const failed = await staff('POST', `/api/admin/returns/${second.number}/decide`, {
      version: 1,
      lines: second.lines.map((l) => ({ id: l.id, decision: 'accepted' })),
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().return.refundStatus).toBe('failed');
    shop.fake.failure = null;
    const retried = await staff('POST', `/api/admin/returns/${second.number}/refund-retry`, {
      version: failed.json().return.version,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().return.refundStatus).toBe('succeeded');
    const last = cancels().at(-1);
    // Two shirts at 900 ₽ and, everything back and the shop paying the way back, the delivery.
    expect(last?.Amount).toBe(1_800_00 + (order?.deliveryPrice ?? 0));
    expect(last?.Receipt.Items.at(-1)).toMatchObject({ Name: 'Доставка', PaymentObject: 'service' });
    expect(last?.Receipt.Items.reduce((a, i) => a + i.Amount, 0)).toBe(last?.Amount);
    // Everything paid came back, to the kopeck, and the bank holds nothing more to refund.
    const payment = shop.fake.payments.get(bankId);
    expect(payment?.refunded).toBe(order?.total);
    expect(payment?.status).toBe('REFUNDED');
    const again = await staff('POST', `/api/admin/returns/${second.number}/refund-retry`, {
      version: retried.json().return.version,
    });
    expect(again.statusCode).toBe(409);
  });
});
