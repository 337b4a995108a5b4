import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentNotifications, promoCodes } from '../../core/db/schema/index.ts';
import { tbankToken } from '../../core/providers/payments/tbank-payments.ts';
import { engines } from '../../tests/setup/test-database.ts';
import { useTbankShop } from '../../tests/support/payment-shop.ts';

describe.each(engines)('card payments through T-Bank on %s', (engine) => {
  // A short cut-off keeps the slow-bank case quick; the shop's own is 4 s (core/providers/timeout.ts).
  const shop = useTbankShop(engine, { timeoutMs: 500 });
  const { place, notify, orderOf, variant } = shop;
  beforeAll(async () => {
    await shop.db.insert(promoCodes).values({ code: 'WELCOME10', percent: 10 });
  });
  const placed = async () => shop.placedInBank({ products: [{ _id: await variant(4_990_00), count: 1 }] });

  it('opens the bank’s page with a receipt of the lines after the promo and delivery as its own item', async () => {
    const full = await variant(1_000_00);
    const sale = await variant(2_000_00, 2_500_00);
    const res = await place({
      products: [
        { _id: full, count: 3 },
        { _id: sale, count: 1 },
      ],
      promocode: 'WELCOME10',
      getWay: 'delivery-sdek',
      cityID: 137,
      city: 'Санкт-Петербург',
      address: 'Невский проспект, 10',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(new RegExp(`^${shop.fake.url}/new/\\d+$`));
    const order = await orderOf(body.order.orderID);
    expect(order?.status).toBe('awaiting_payment');
    const init = shop.fake.calls.filter((c) => c.method === 'Init').at(-1)?.body as {
      Amount: number;
      Receipt: {
        Items: { Name: string; Price: number; Quantity: number; Amount: number; PaymentObject: string }[];
      };
    };
    expect(init.Amount).toBe(order?.total);
    const items = init.Receipt.Items;
    expect(items.reduce((s, i) => s + i.Amount, 0)).toBe(order?.total);
    for (const i of items) expect(i.Price * i.Quantity).toBe(i.Amount);
    // 10 % off the full-price line only (300 ₽ over three units), the sale line at its price.
    expect(items.filter((i) => i.PaymentObject === 'commodity').map((i) => [i.Price, i.Quantity])).toEqual([
      [900_00, 3],
      [2_000_00, 1],
    ]);
    expect(order?.deliveryPrice).toBeGreaterThan(0);
    expect(items.at(-1)).toMatchObject({
      Name: 'Доставка',
      Amount: order?.deliveryPrice,
      PaymentObject: 'service',
    });
  });

  it('pays the order once on the bank’s signed notice, answering OK, and a replay changes nothing', async () => {
    const { number, bankId } = await placed();
    const notice = shop.fake.notification(bankId, 'CONFIRMED');
    const first = await notify(notice);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    const replay = await notify(notice);
    expect(replay.body).toBe('OK');
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    const notices = await shop.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
  });

  it('refuses a forged notice and changes nothing', async () => {
    const { number, bankId } = await placed();
    const forged = { ...shop.fake.notification(bankId, 'CONFIRMED'), Token: 'a'.repeat(64) };
    const res = await notify(forged);
    expect(res.statusCode).toBe(401);
    const otherPassword = shop.fake.notification(bankId, 'CONFIRMED');
    const resigned = { ...otherPassword, Token: tbankToken(otherPassword, 'not-the-terminal-password') };
    expect((await notify(resigned)).statusCode).toBe(401);
    expect((await notify({ Status: 'CONFIRMED' })).statusCode).toBe(401);
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('does not pay an order on a genuine notice of another amount', async () => {
    const { number, bankId } = await placed();
    const res = await notify(shop.fake.notification(bankId, 'CONFIRMED', { Amount: 100 }));
    expect(res.body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('leaves the id of an ignored notice (another amount) to the genuine notice that follows', async () => {
    const { number, bankId } = await placed();
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED', { Amount: 100 }))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
    const notices = await shop.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNumber, number));
    expect(notices).toHaveLength(1);
  });

  it('answers 400 to a genuine notice whose OrderId names no order the shop could have sent', async () => {
    const { number, bankId } = await placed();
    for (const OrderId of ['99999999999', '2147483648', `99999999999-${'a'.repeat(8)}`, '']) {
      const res = await notify(shop.fake.notification(bankId, 'CONFIRMED', { OrderId }));
      expect(res.statusCode, OrderId).toBe(400);
    }
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
  });

  it('answers a provider name the shop has none for 404 in the API’s shape, and changes nothing', async () => {
    const { number, bankId } = await placed();
    const notice = shop.fake.notification(bankId, 'CONFIRMED');
    for (const url of [
      '/api/payment/notify/nobody',
      '/api/payment/notify/sandbox',
      '/api/payment/notify/dolyame/1',
    ]) {
      const res = await notify(notice, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ result: false, message: 'Не найдено' });
    }
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(notice)).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('answers OK to an intermediate state and fails the order on a rejection', async () => {
    const { number, bankId } = await placed();
    expect((await notify(shop.fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(shop.fake.notification(bankId, 'REJECTED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('payment_failed');
  });

  it('asks the bank for payments whose notice never came, after a few minutes, and applies them once', async () => {
    const { number, bankId } = await placed();
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    expect(await shop.services.orders.checkAwaitingPayments()).toBe(0);
    shop.now = new Date('2026-11-20T09:04:00Z');
    expect(await shop.services.orders.checkAwaitingPayments()).toBe(1);
    expect((await orderOf(number))?.status).toBe('paid');
    // The late notification is a duplicate of the polled state.
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderNumber, number));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('refuses a method T-Bank does not take, naming the field, before anything is stored', async () => {
    const before = (await shop.db.select().from(orders)).length;
    const res = await place({ products: [{ _id: await variant(4_990_00), count: 1 }], payment: 'dolyame' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'payment', message: 'Этот способ оплаты недоступен' });
    expect((await shop.db.select().from(orders)).length).toBe(before);
  });

  it('keeps a paid order paid when a rejection of the same payment arrives after the confirmation', async () => {
    const { number, bankId } = await placed();
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await notify(shop.fake.notification(bankId, 'REJECTED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('closes the bank’s page of an order that expires unpaid', async () => {
    const { number, bankId } = await placed();
    shop.now = new Date('2026-11-20T10:00:00Z');
    expect(await shop.services.orders.expireOverdue()).toBeGreaterThan(0);
    expect((await orderOf(number))?.status).toBe('payment_failed');
    expect(shop.fake.payments.get(bankId)?.status).toBe('CANCELED');
  });

  it('tells the shopper in their language when the bank is slow, and keeps the order consistent', async () => {
    shop.fake.delayMs = 1_500;
    const res = await place({ products: [{ _id: await variant(4_990_00), count: 1 }] }, 'en');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/payment/i);
    shop.fake.delayMs = 0;
  });

  it('refunds a cancelled paid order from the back office through the bank with its refund receipt', async () => {
    const { number, bankId } = await placed();
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    await notify(shop.fake.notification(bankId, 'CONFIRMED'));
    const order = await orderOf(number);
    const res = await shop.step(number, { from: 'paid', to: 'cancelled', reason: 'customer asked' });
    expect(res.statusCode).toBe(200);
    const cancel = shop.fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body as {
      PaymentId: string;
      Amount: number;
      Receipt: { Items: { Amount: number }[] };
    };
    expect(cancel).toMatchObject({ PaymentId: bankId, Amount: order?.total });
    expect(cancel.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(order?.total);
    expect(shop.fake.payments.get(bankId)?.status).toBe('REFUNDED');
  });
});
