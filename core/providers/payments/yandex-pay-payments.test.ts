import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startYandexPayFake, type YandexPayFake } from '../../../tests/fakes/yandex-pay-fake.ts';
import type { PaymentReceipt, ReceiptItem } from './payment-provider.ts';
import { cartAfterRefund, createYandexPayPayments, kopecksOf } from './yandex-pay-payments.ts';

const line = (name: string, price: number, quantity: number, paymentObject: ReceiptItem['paymentObject']) =>
  ({
    name,
    price,
    quantity,
    amount: price * quantity,
    vat: 'none',
    paymentObject,
    paymentMethod: 'full_prepayment',
  }) as ReceiptItem;

const receipt: PaymentReceipt = {
  email: 'anna@example.ru',
  taxation: 'usn_income',
  items: [
    line('Платье', 4_990_00, 2, 'commodity'),
    line('Шарф', 1_000_00, 1, 'commodity'),
    line('Доставка', 500_00, 1, 'service'),
  ],
};
/** Yandex's published answer of rollback (tests/fixtures/yandex-pay/README.md). */
const rollbackAnswer: unknown = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/yandex-pay/rollback-answer.json', import.meta.url), 'utf8'),
);
const total = 4_990_00 * 2 + 1_000_00 + 500_00;

describe('the cart that remains after a refund (Yandex Pay v1 refund)', () => {
  const cart = [
    { productId: '1', title: 'Платье', quantity: { count: '2' }, total: '9980.00' },
    { productId: '2', title: 'Шарф', quantity: { count: '1' }, total: '1000.00' },
    { productId: '3', title: 'Доставка', quantity: { count: '1' }, total: '500.00' },
  ];

  it('takes the refunded lines off the cart, leaving what the shopper keeps', () => {
    const refund = { ...receipt, items: [line('Платье', 4_990_00, 1, 'commodity')] };
    expect(cartAfterRefund(cart, total - 4_990_00, refund)).toEqual([
      { productId: '1', title: 'Платье', quantity: { count: '1' }, unitPrice: '4990.00', total: '4990.00' },
      { productId: '2', title: 'Шарф', quantity: { count: '1' }, unitPrice: '1000.00', total: '1000.00' },
      { productId: '3', title: 'Доставка', quantity: { count: '1' }, unitPrice: '500.00', total: '500.00' },
    ]);
    const scarf = { ...receipt, items: [line('Шарф', 1_000_00, 1, 'commodity')] };
    expect(cartAfterRefund(cart, total - 1_000_00, scarf)?.map((i) => i.productId)).toEqual(['1', '3']);
  });

  it('lowers the last lines for an amount the receipt does not explain, its total what is left', () => {
    const left = total - 700_00;
    const after = cartAfterRefund(cart, left) ?? [];
    expect(after.reduce((s, i) => s + kopecksOf(i.total), 0)).toBe(left);
    expect(after.map((i) => [i.productId, i.total])).toEqual([
      ['1', '9980.00'],
      ['2', '800.00'],
    ]);
  });

  it('gives no cart when the cart cannot reach what is left', () => {
    expect(cartAfterRefund(cart, total + 1)).toBeNull();
  });
});

describe('Yandex Pay against its fake (integrations.md §6)', () => {
  let fake: YandexPayFake;
  let yandex: ReturnType<typeof createYandexPayPayments>;
  beforeAll(async () => {
    fake = await startYandexPayFake();
    yandex = createYandexPayPayments({
      merchantId: fake.merchantId,
      apiKey: fake.apiKey,
      apiUrl: fake.apiUrl,
      jwksUrl: fake.jwksUrl,
      publicUrl: 'https://shop.example',
    });
  });
  afterAll(() => fake.close());
  const start = (orderNumber: number) =>
    yandex.provider.startPayment({
      orderNumber,
      kind: 'split',
      amount: total,
      lines: [],
      successUrl: '/ok',
      failUrl: '/fail',
      receipt,
    });

  it('refunds part of a paid order with v1: orderAmount after the refund and the cart that remains', async () => {
    const { paymentId } = await start(2001);
    fake.settle('2001', 'CAPTURED');
    const refund = { ...receipt, items: [line('Платье', 4_990_00, 1, 'commodity')] };
    expect(await yandex.provider.refund(paymentId, 4_990_00, 'r-2001-1', refund)).toMatchObject({
      status: 'succeeded',
    });
    const call = fake.calls.filter((c) => c.path === '/api/merchant/v1/orders/2001/refund').at(-1);
    expect(call?.body).toMatchObject({
      orderAmount: '6490.00',
      refundAmount: '4990.00',
      externalOperationId: 'r-2001-1',
      cart: {
        total: { amount: '6490.00' },
        items: [
          { productId: '1', quantity: { count: '1' }, total: '4990.00' },
          { productId: '2', quantity: { count: '1' }, total: '1000.00' },
          { productId: '3', quantity: { count: '1' }, total: '500.00' },
        ],
      },
    });
    expect(call?.body).not.toHaveProperty('targetCart');
    expect(fake.orders.get('2001')?.paymentStatus).toBe('PARTIALLY_REFUNDED');

    // The rest, then a retry of the first refund whose answer was lost: never refunded twice.
    const rest = await yandex.provider.refund(paymentId, 6_490_00, 'r-2001-2', {
      ...receipt,
      items: [
        line('Платье', 4_990_00, 1, 'commodity'),
        line('Шарф', 1_000_00, 1, 'commodity'),
        line('Доставка', 500_00, 1, 'service'),
      ],
    });
    expect(rest).toMatchObject({ status: 'succeeded' });
    const last = fake.calls.filter((c) => c.path === '/api/merchant/v1/orders/2001/refund').at(-1);
    expect(last?.body).toMatchObject({ orderAmount: '0.00', refundAmount: '6490.00' });
    expect(last?.body).not.toHaveProperty('cart');
    expect(fake.orders.get('2001')?.paymentStatus).toBe('REFUNDED');
    const calls = fake.calls.length;
    expect(await yandex.provider.refund(paymentId, 4_990_00, 'r-2001-1', refund)).toMatchObject({
      status: 'succeeded',
    });
    expect(fake.calls.slice(calls).filter((c) => c.path.endsWith('/refund'))).toHaveLength(0);
  });

  it('refuses a refund above what is left, before asking Yandex', async () => {
    const { paymentId } = await start(2002);
    fake.settle('2002', 'CAPTURED');
    expect(await yandex.provider.refund(paymentId, total + 1, 'r-2002')).toEqual({
      status: 'refused',
      reason: 'amount_exceeds_payment',
    });
  });

  it('closes an unpaid order with rollback, the call valid before payment, and leaves a paid one', async () => {
    const { paymentId } = await start(2003);
    await yandex.provider.expirePayment(paymentId);
    expect(fake.calls.at(-1)?.path).toBe('/api/merchant/v1/orders/2003/rollback');
    expect(fake.orders.get('2003')?.paymentStatus).toBe('FAILED');

    const paid = await start(2004);
    fake.settle('2004', 'CAPTURED');
    await yandex.provider.expirePayment(paid.paymentId);
    expect(fake.calls.some((c) => c.path.startsWith('/api/merchant/v1/orders/2004/'))).toBe(false);
    expect(fake.orders.get('2004')?.paymentStatus).toBe('CAPTURED');
  });
});

describe('the Yandex Pay fake holds requests to the published contract', () => {
  let fake: YandexPayFake;
  beforeAll(async () => {
    fake = await startYandexPayFake();
  });
  afterAll(() => fake.close());
  const post = (path: string, body?: unknown) =>
    fetch(`${fake.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${fake.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as { reasonCode?: string } }));
  const order = async (id: string) => {
    await post('/orders', {
      orderId: id,
      currencyCode: 'RUB',
      cart: {
        items: [{ productId: '1', title: 'Платье', quantity: { count: '2' }, total: '100.00' }],
        total: { amount: '100.00' },
      },
    });
    fake.settle(id, 'CAPTURED');
  };

  it('refuses a v1 refund without orderAmount, with a wrong one, or with v2 targetCart', async () => {
    await order('3001');
    expect((await post('/orders/3001/refund', { refundAmount: '10.00' })).status).toBe(400);
    expect(
      (await post('/orders/3001/refund', { orderAmount: '100.00', refundAmount: '10.00' })).json.reasonCode,
    ).toBe('ORDER_AMOUNT_MISMATCH');
    const v2 = { orderAmount: '90.00', refundAmount: '10.00', targetCart: { items: [{ productId: '1' }] } };
    expect((await post('/orders/3001/refund', v2)).status).toBe(400);
    const badCart = {
      orderAmount: '90.00',
      refundAmount: '10.00',
      cart: {
        items: [{ productId: '9', quantity: { count: '1' }, total: '90.00' }],
        total: { amount: '90.00' },
      },
    };
    expect((await post('/orders/3001/refund', badCart)).status).toBe(400);
    expect(fake.orders.get('3001')?.paymentStatus).toBe('CAPTURED');
  });

  it('refuses cancel of an order that is not authorised; rollback closes it in any state', async () => {
    await order('3002');
    expect((await post('/orders/3002/cancel', { reason: 'x' })).json.reasonCode).toBe('ORDER_INVALID_STATUS');
    const rollback = await post('/orders/3002/rollback');
    expect(rollback.status).toBe(200);
    expect(rollback.json).toEqual(rollbackAnswer);
    expect(fake.orders.get('3002')?.paymentStatus).toBe('FAILED');
  });
});
