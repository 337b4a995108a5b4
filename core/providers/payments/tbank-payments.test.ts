import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTbankFake, type TbankFake } from '../../../tests/fakes/tbank-fake.ts';
import { ProviderTimeoutError, withTimeout } from '../timeout.ts';
import type { PaymentReceipt } from './payment-provider.ts';
import { createTbankPayments, orderNumberOfTbank, tbankOrderId, tbankToken } from './tbank-payments.ts';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('the T-Bank token (integrations.md §3)', () => {
  it('signs an Init exactly as the documented vector', () => {
    const fields = {
      TerminalKey: 'MerchantTerminalKey',
      Amount: 19200,
      OrderId: '21090',
      Description: 'Подарочная карта на 1000 рублей',
      Receipt: { Items: [] },
      DATA: { Phone: '+71234567890' },
    };
    const token = tbankToken(fields, 'usaf8fw8fsw21g');
    expect(sha256('19200Подарочная карта на 1000 рублей21090usaf8fw8fsw21gMerchantTerminalKey')).toBe(
      '0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9',
    );
    expect(token).toBe('0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9');
  });

  it('proves a notification exactly as the documented vector', () => {
    const notice = {
      TerminalKey: '1321054611234DEMO',
      OrderId: '201709',
      Success: true,
      Status: 'AUTHORIZED',
      PaymentId: 8742591,
      ErrorCode: '0',
      Amount: 9855,
      CardId: 322264,
      Pan: '430000******0777',
      ExpDate: '1122',
      RebillId: 101709,
      Token: 'ignored',
    };
    expect(tbankToken(notice, 'Dfsfh56dgKl')).toBe(
      'b906d28e76c6428e37b25fcf86c0adc52c63d503013fdd632e300593d165766b',
    );
  });
});

describe('the T-Bank adapter against the protocol fake', () => {
  let fake: TbankFake;
  let tbank: ReturnType<typeof createTbankPayments>;
  const receipt: PaymentReceipt = {
    email: 'anna@example.ru',
    phone: '79991234567',
    taxation: 'usn_income',
    items: [
      {
        name: 'Платье',
        price: 899_100,
        quantity: 1,
        amount: 899_100,
        vat: 'none',
        paymentObject: 'commodity',
        paymentMethod: 'full_prepayment',
      },
      {
        name: 'Доставка',
        price: 50_000,
        quantity: 1,
        amount: 50_000,
        vat: 'vat22',
        paymentObject: 'service',
        paymentMethod: 'full_prepayment',
      },
    ],
  };
  const start = (orderNumber: number) =>
    tbank.provider.startPayment({
      orderNumber,
      kind: 'card',
      amount: 949_100,
      lines: [],
      successUrl: `/?success=true&orderID=${orderNumber}`,
      failUrl: `/?success=false&orderID=${orderNumber}`,
      receipt,
    });

  beforeAll(async () => {
    fake = await startTbankFake();
    tbank = createTbankPayments({
      terminalKey: fake.terminalKey,
      password: fake.password,
      apiUrl: fake.apiUrl,
      publicUrl: 'https://shop.example',
    });
  });
  afterAll(() => fake.close());

  it('gives each attempt of an order an OrderId the terminal has not seen, and maps notices back', async () => {
    const first = await start(1090);
    const second = await start(1090);
    const inits = fake.calls.filter((c) => c.method === 'Init' && String(c.body.OrderId).startsWith('1090-'));
    expect(inits).toHaveLength(2);
    expect(inits[0]?.body.OrderId).not.toBe(inits[1]?.body.OrderId);
    for (const c of inits) expect(String(c.body.OrderId).length).toBeLessThanOrEqual(36);
    const bankId = second.paymentId.replace('tbank-', '');
    expect(first.paymentId).not.toBe(second.paymentId);
    const check = tbank.checkNotification(fake.notification(bankId, 'CONFIRMED'));
    expect(check).toMatchObject({
      verified: true,
      notice: { orderNumber: 1090, paymentId: second.paymentId },
    });
    const payment = fake.payments.get(bankId);
    if (payment) payment.status = 'CONFIRMED';
    expect(await tbank.provider.getPaymentState?.(second.paymentId)).toMatchObject({ orderNumber: 1090 });
  });

  it('reads the order number of an OrderId, refusing one beyond the database range', () => {
    expect(orderNumberOfTbank('1002-0a1b2c3d4e')).toBe(1002);
    expect(orderNumberOfTbank('1002')).toBe(1002);
    expect(orderNumberOfTbank('2147483647')).toBe(2_147_483_647);
    expect(orderNumberOfTbank('2147483648')).toBeNull();
    expect(orderNumberOfTbank('999999999999-0a1b')).toBeNull();
    expect(orderNumberOfTbank('0')).toBeNull();
    expect(orderNumberOfTbank('12;drop')).toBeNull();
    expect(tbankOrderId(10001, 'ab12')).toBe('10001-ab12');
  });

  it('starts a payment with a signed Init carrying the 54-FZ receipt and absolute addresses', async () => {
    const session = await start(1001);
    expect(session.url).toMatch(new RegExp(`^${fake.url}/new/\\d+$`));
    const init = fake.calls.at(-1);
    expect(init?.method).toBe('Init');
    expect(init?.body).toMatchObject({
      Amount: 949_100,
      OrderId: expect.stringMatching(/^1001-[0-9a-f]{10}$/),
      PayType: 'O',
      NotificationURL: 'https://shop.example/api/payment/notify/tbank',
      SuccessURL: 'https://shop.example/?success=true&orderID=1001',
      Receipt: {
        Taxation: 'usn_income',
        Email: 'anna@example.ru',
        Phone: '+79991234567',
        Items: [
          {
            Name: 'Платье',
            Price: 899_100,
            Quantity: 1,
            Amount: 899_100,
            Tax: 'none',
            PaymentMethod: 'full_prepayment',
            PaymentObject: 'commodity',
          },
          {
            Name: 'Доставка',
            Amount: 50_000,
            Tax: 'vat22',
            PaymentMethod: 'full_prepayment',
            PaymentObject: 'service',
          },
        ],
      },
    });
  });

  it('refuses a notification with a forged token or another terminal, and proves a genuine one', async () => {
    const session = await start(1002);
    const id = session.paymentId.replace('tbank-', '');
    const genuine = fake.notification(id, 'CONFIRMED');
    expect(tbank.checkNotification(genuine)).toEqual({
      verified: true,
      notice: {
        notificationId: `tbank-${id}-CONFIRMED`,
        paymentId: session.paymentId,
        orderNumber: 1002,
        outcome: 'paid',
        amount: 949_100,
      },
    });
    expect(tbank.checkNotification({ ...genuine, Amount: 1 })).toEqual({ verified: false });
    expect(tbank.checkNotification({ ...genuine, Token: 'f'.repeat(64) })).toEqual({ verified: false });
    // A hold is reported as such: it pays a two-stage payment only (docs/decisions/0036-sbp-and-two-stage-payments.md).
    expect(tbank.checkNotification(fake.notification(id, 'AUTHORIZED'))).toMatchObject({
      verified: true,
      notice: { outcome: 'paid', held: true, notificationId: `tbank-${id}-AUTHORIZED` },
    });
    expect(tbank.checkNotification(fake.notification(id, 'FORM_SHOWED'))).toEqual({
      verified: true,
      notice: null,
    });
    const otherTerminal = { ...genuine, TerminalKey: 'Other' };
    const resigned = { ...otherTerminal, Token: tbankToken(otherTerminal, fake.password) };
    expect(tbank.checkNotification(resigned)).toEqual({ verified: false });
  });

  it('reads the state of a payment whose notification never came', async () => {
    const session = await start(1003);
    expect(await tbank.provider.getPaymentState?.(session.paymentId)).toBeNull();
    const payment = fake.payments.get(session.paymentId.replace('tbank-', ''));
    if (payment) payment.status = 'CONFIRMED';
    expect(await tbank.provider.getPaymentState?.(session.paymentId)).toMatchObject({
      outcome: 'paid',
      orderNumber: 1003,
      amount: 949_100,
    });
  });

  it('refunds once per key with the refund receipt, and refuses more than was paid or an unpaid payment', async () => {
    const session = await start(1004);
    // An unpaid payment is not cancelled by a refund: nothing reaches the bank's Cancel.
    const cancels = fake.calls.filter((c) => c.method === 'Cancel').length;
    expect(await tbank.provider.refund(session.paymentId, 949_100, 'k-unpaid', receipt)).toEqual({
      status: 'refused',
      reason: 'not_paid',
    });
    expect(fake.calls.filter((c) => c.method === 'Cancel').length).toBe(cancels);
    const payment = fake.payments.get(session.paymentId.replace('tbank-', ''));
    if (payment) payment.status = 'CONFIRMED';
    const first = await tbank.provider.refund(session.paymentId, 949_100, 'k1', receipt);
    expect(first.status).toBe('succeeded');
    const cancel = fake.calls.filter((c) => c.method === 'Cancel').at(-1);
    expect(cancel?.body).toMatchObject({
      Amount: 949_100,
      ExternalRequestId: 'k1',
      Receipt: { Taxation: 'usn_income', Items: [{ Name: 'Платье' }, { Name: 'Доставка' }] },
    });
    expect(await tbank.provider.refund(session.paymentId, 949_100, 'k1', receipt)).toEqual(first);
    expect(payment?.refunded).toBe(949_100);
    expect(await tbank.provider.refund(session.paymentId, 100, 'k2')).toEqual({
      status: 'refused',
      reason: 'amount_exceeds_payment',
    });
    expect(await tbank.provider.refund('tbank-1', 100, 'k3')).toEqual({
      status: 'refused',
      reason: 'unknown_payment',
    });
  });

  it('throws when the bank refuses an Init or answers an error page', async () => {
    fake.failure = 'error';
    await expect(start(1005)).rejects.toThrow(/9999/);
    fake.failure = 'http500';
    await expect(start(1005)).rejects.toThrow(/HTTP 500/);
    fake.failure = null;
  });

  it('gives up on a slow bank at the registry’s cut-off', async () => {
    fake.delayMs = 400;
    const guarded = withTimeout(tbank.provider, 'payments', 100);
    await expect(
      guarded.startPayment({
        orderNumber: 1006,
        kind: 'card',
        amount: 949_100,
        lines: [],
        successUrl: '/',
        failUrl: '/',
        receipt,
      }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    fake.delayMs = 0;
  });
});
