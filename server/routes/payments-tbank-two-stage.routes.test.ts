import { describe, expect, it } from 'vitest';
import { engines } from '../../tests/setup/test-database.ts';
import { useTbankShop } from '../../tests/support/payment-shop.ts';

// Two-stage card payments through T-Bank (docs/decisions/0036-sbp-and-two-stage-payments.md): the
// delivery methods the settings name pay with PayType T; the hold pays the order, the hand-over to
// the carrier confirms it once with the final receipt, and a cancellation releases the hold.
describe.each(engines)('two-stage card payments through T-Bank on %s', (engine) => {
  const shop = useTbankShop(engine, {
    timeoutMs: 2_000,
    // Courier delivery by the carrier is two-stage; pickup from the shop stays one-stage.
    settings: (docs) => {
      docs.main.payments.twoStage = ['delivery-sdek'];
    },
    product: { price: 5_990_00, count: 1 },
  });
  const { notify, orderOf, eventsOf, step, bankIdOf } = shop;
  const courier = {
    getWay: 'delivery-sdek',
    cityID: 137,
    city: 'Санкт-Петербург',
    address: 'Невский проспект, 10',
  };
  const place = (body: Record<string, unknown> = courier) => shop.place(body);
  /** The shopper pays on the bank's page: the bank holds the money and sends its signed notice. */
  const payInBank = async (bankId: string) => {
    const payment = shop.fake.payments.get(bankId);
    if (payment) payment.status = 'AUTHORIZED';
    expect((await notify(shop.fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
  };
  /** A two-stage order the shopper has paid: the bank holds its money. */
  const held = async () => {
    const { number, bankId } = await shop.placedInBank(courier);
    await payInBank(bankId);
    return { number, bankId };
  };

  it('holds the money of a two-stage delivery method and pays the order on the hold', async () => {
    const res = await place();
    const number = res.json().order.orderID as number;
    expect((await orderOf(number))?.paymentTwoStage).toBe(true);
    expect(shop.fake.calls.filter((c) => c.method === 'Init').at(-1)?.body.PayType).toBe('T');
    const bankId = await bankIdOf(number);
    await payInBank(bankId);
    expect(shop.fake.payments.get(bankId)?.status).toBe('AUTHORIZED');
    expect((await orderOf(number))?.status).toBe('paid');
    // A replayed hold notice changes nothing; a forged one is refused.
    expect((await notify(shop.fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await notify({ ...shop.fake.notification(bankId, 'AUTHORIZED'), Amount: 100 })).statusCode).toBe(
      401,
    );
    expect((await eventsOf(number)).filter((e) => e.toStatus === 'paid')).toHaveLength(1);
  });

  it('a one-stage order’s hold notice changes nothing; only CONFIRMED pays it', async () => {
    const res = await place({ getWay: 'self' });
    const number = res.json().order.orderID as number;
    expect(shop.fake.calls.filter((c) => c.method === 'Init').at(-1)?.body.PayType).toBe('O');
    const bankId = await bankIdOf(number);
    expect((await notify(shop.fake.notification(bankId, 'AUTHORIZED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('awaiting_payment');
    expect((await notify(shop.fake.notification(bankId, 'CONFIRMED'))).body).toBe('OK');
    expect((await orderOf(number))?.status).toBe('paid');
  });

  it('confirms the held money once, with the final receipt, when the parcel goes to the carrier', async () => {
    const { number, bankId } = await held();
    const total = (await orderOf(number))?.total;
    expect((await step(number, { from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
    // Confirming the order is not the hand-over: the money stays held.
    expect(shop.fake.payments.get(bankId)?.confirms).toHaveLength(0);
    const shipped = await step(number, { from: 'confirmed', to: 'shipped', trackingNumber: 'CDEK-100200' });
    expect(shipped.statusCode).toBe(200);
    const confirms = shop.fake.payments.get(bankId)?.confirms ?? [];
    expect(confirms).toHaveLength(1);
    const confirm = confirms[0] as { Amount: number; Receipt: { Items: { Amount: number }[] } };
    expect(confirm.Amount).toBe(total);
    expect(confirm.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(total);
    expect(shop.fake.payments.get(bankId)?.status).toBe('CONFIRMED');
    expect((await orderOf(number))?.paymentCapturedAt).toBeInstanceOf(Date);
    expect((await eventsOf(number)).some((e) => /held payment was confirmed/.test(e.cause))).toBe(true);
    // Delivered, and any later ask: never a second Confirm.
    expect((await step(number, { from: 'shipped', to: 'delivered' })).statusCode).toBe(200);
    expect(await shop.services.orders.capturePayment(number)).toBe('already');
    expect(shop.fake.payments.get(bankId)?.confirms).toHaveLength(1);
  });

  it('two asks at once confirm once', async () => {
    const { number, bankId } = await held();
    const outcomes = await Promise.all([
      shop.services.orders.capturePayment(number),
      shop.services.orders.capturePayment(number),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'captured']);
    expect(shop.fake.payments.get(bankId)?.confirms).toHaveLength(1);
  });

  it('a bank refusing Confirm is recorded for the staff, and a later ask confirms', async () => {
    const { number, bankId } = await held();
    expect((await step(number, { from: 'paid', to: 'confirmed' })).statusCode).toBe(200);
    shop.fake.failure = 'error';
    const shipped = await step(number, { from: 'confirmed', to: 'shipped', trackingNumber: 'CDEK-100300' });
    // The hand-over stands; the payment waits for the staff.
    expect(shipped.statusCode).toBe(200);
    expect((await orderOf(number))?.paymentCapturedAt).toBeNull();
    expect((await eventsOf(number)).some((e) => /could not be committed/.test(e.cause))).toBe(true);
    expect(shop.fake.payments.get(bankId)?.status).toBe('AUTHORIZED');
    shop.fake.failure = null;
    expect(await shop.services.orders.capturePayment(number)).toBe('captured');
    expect(shop.fake.payments.get(bankId)?.status).toBe('CONFIRMED');
  });

  it('cancelling an order whose money is held releases the hold with its refund receipt', async () => {
    const { number, bankId } = await held();
    const total = (await orderOf(number))?.total;
    const res = await step(number, { from: 'paid', to: 'cancelled', reason: 'customer asked' });
    expect(res.statusCode).toBe(200);
    const cancel = shop.fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body as {
      PaymentId: string;
      Amount: number;
      Receipt: { Items: { Amount: number }[] };
    };
    expect(cancel).toMatchObject({ PaymentId: bankId, Amount: total });
    expect(cancel.Receipt.Items.reduce((s, i) => s + i.Amount, 0)).toBe(total);
    expect(shop.fake.payments.get(bankId)?.status).toBe('REVERSED');
    expect(shop.fake.payments.get(bankId)?.confirms).toHaveLength(0);
    // Nothing held is left to confirm.
    expect(await shop.services.orders.capturePayment(number)).toBe('failed');
    expect(shop.fake.payments.get(bankId)?.confirms).toHaveLength(0);
  });
});
