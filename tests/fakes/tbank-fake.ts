import type { IncomingMessage, ServerResponse } from 'node:http';
import { tbankToken } from '../../core/providers/payments/tbank-payments.ts';
import { startFake } from './fake-server.ts';
import { closingReceiptRefusal, receiptRefusal } from './tbank-receipt.ts';

/**
 * A fake of T-Bank internet acquiring (MAPI v2, integrations.md §3) on 127.0.0.1: Init, GetQr (SBP),
 * GetState, Confirm, Cancel and SendClosingReceipt (held to the published receipt rules,
 * tests/fakes/tbank-receipt.ts) checking the documented token, a payment page (and, for SBP, the page the QR's
 * link opens, standing for the bank app) that on "pay" sends the signed notification to the shop's
 * NotificationURL and redirects to SuccessURL, and switches for errors and slow answers. Like a
 * terminal that insists on it, Init refuses an OrderId it has already seen (OpenAPI `Init`: OrderId
 * unique, at most 36 characters).
 */
export interface FakePayment {
  paymentId: string;
  orderId: string;
  amount: number;
  status: string;
  init: Record<string, unknown>;
  refunded: number;
  /** Cancel requests by ExternalRequestId: a retry answers the first. */
  cancels: Map<string, Record<string, unknown>>;
  /** Confirm requests of a two-stage payment (PayType T), as received. */
  confirms: Record<string, unknown>[];
  /** Closing receipts (SendClosingReceipt) the bank took for this payment, as received. */
  closings: Record<string, unknown>[];
}

export interface TbankFake {
  url: string;
  apiUrl: string;
  terminalKey: string;
  password: string;
  payments: Map<string, FakePayment>;
  /** Every API call as received, in order. */
  calls: { method: string; body: Record<string, unknown> }[];
  /** Answers are delayed by this many milliseconds. */
  delayMs: number;
  /** `error`: Success false with ErrorCode 9999; `http500`: a 500 with no JSON. */
  failure: null | 'error' | 'http500';
  /** GetQr alone answers Success false (a terminal without SBP). */
  qrFailure: boolean;
  /** Methods whose next call answers Success false with ErrorCode 9999, once each (a passing failure). */
  failNext: string[];
  /** A signed notification of a payment in `status` (as the bank would send it). */
  notification(
    paymentId: string,
    status: string,
    overrides?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** The shopper's decision on the payment page: notifies the shop, returns where the page redirects. */
  decide(paymentId: string, decision: 'pay' | 'decline'): Promise<string>;
  close(): Promise<void>;
}

export async function startTbankFake({
  terminalKey = 'ShopTerminalDEMO',
  password = 'fake-terminal-password',
}: {
  terminalKey?: string;
  password?: string;
} = {}): Promise<TbankFake> {
  let next = 3_093_639_567;
  const payments = new Map<string, FakePayment>();
  const calls: TbankFake['calls'] = [];

  function sign(fields: Record<string, unknown>) {
    return { ...fields, Token: tbankToken(fields, password) };
  }

  function notification(paymentId: string, status: string, overrides: Record<string, unknown> = {}) {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    return sign({
      TerminalKey: terminalKey,
      OrderId: p.orderId,
      Success: !['REJECTED', 'AUTH_FAIL'].includes(status),
      Status: status,
      PaymentId: Number(p.paymentId),
      ErrorCode: status === 'REJECTED' ? '1006' : '0',
      Amount: p.amount,
      CardId: 322264,
      Pan: '430000******0777',
      ExpDate: '1130',
      ...overrides,
    });
  }

  async function decide(paymentId: string, decision: 'pay' | 'decline'): Promise<string> {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    // A two-stage payment (PayType T) is held (AUTHORIZED) until Confirm.
    if (p.status === 'NEW' || p.status === 'FORM_SHOWED')
      p.status = decision === 'pay' ? (p.init.PayType === 'T' ? 'AUTHORIZED' : 'CONFIRMED') : 'REJECTED';
    const res = await fetch(String(p.init.NotificationURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notification(paymentId, p.status)),
    });
    await res.text();
    return String(['CONFIRMED', 'AUTHORIZED'].includes(p.status) ? p.init.SuccessURL : p.init.FailURL);
  }

  function api(method: string, body: Record<string, unknown>): Record<string, unknown> {
    calls.push({ method, body });
    if (body.TerminalKey !== terminalKey || body.Token !== tbankToken(body, password)) {
      return { Success: false, ErrorCode: '204', Message: 'Неверный токен' };
    }
    if (fake.failure === 'error') return { Success: false, ErrorCode: '9999', Message: 'Internal error' };
    const once = fake.failNext.indexOf(method);
    if (once >= 0) {
      fake.failNext.splice(once, 1);
      return { Success: false, ErrorCode: '9999', Message: 'Internal error' };
    }
    if (method === 'Init') {
      const orderId = String(body.OrderId ?? '');
      if (!orderId || orderId.length > 36) {
        return { Success: false, ErrorCode: '9999', Message: 'Неверные параметры', Details: 'OrderId' };
      }
      if ([...payments.values()].some((p) => p.orderId === orderId)) {
        // The OpenAPI asks for a unique OrderId; its refusal's code is not published: the generic one.
        return { Success: false, ErrorCode: '9999', Message: 'OrderId уже использован' };
      }
      const items = ((body.Receipt as { Items?: { Amount: number }[] } | undefined)?.Items ?? []).reduce(
        (sum, i) => sum + i.Amount,
        0,
      );
      if (body.Receipt && items !== body.Amount) {
        return { Success: false, ErrorCode: '308', Message: 'Receipt items do not add up to Amount' };
      }
      // The fake's own code for a receipt the bank would refuse (its message names the value).
      const refusal = body.Receipt === undefined ? null : receiptRefusal(body.Receipt);
      if (refusal) return { Success: false, ErrorCode: '309', Message: refusal };
      const paymentId = String(next++);
      payments.set(paymentId, {
        paymentId,
        orderId: String(body.OrderId),
        amount: Number(body.Amount),
        status: 'NEW',
        init: body,
        refunded: 0,
        cancels: new Map(),
        confirms: [],
        closings: [],
      });
      return {
        Success: true,
        ErrorCode: '0',
        TerminalKey: terminalKey,
        Status: 'NEW',
        PaymentId: paymentId,
        OrderId: body.OrderId,
        Amount: body.Amount,
        PaymentURL: `${fake.url}/new/${paymentId}`,
      };
    }
    const p = payments.get(String(body.PaymentId));
    if (!p) return { Success: false, ErrorCode: '7', Message: 'Платеж не найден' };
    if (method === 'GetQr') {
      if (fake.qrFailure) return { Success: false, ErrorCode: '3001', Message: 'СБП не подключён' };
      if (p.status !== 'NEW' && p.status !== 'FORM_SHOWED') {
        return { Success: false, ErrorCode: '9', Message: 'Неверный статус платежа' };
      }
      // A real answer carries an https://qr.nspk.ru/… link; here the link opens the fake's own page.
      const data =
        body.DataType === 'IMAGE'
          ? '<svg xmlns="http://www.w3.org/2000/svg"/>'
          : `${fake.url}/sbp/${p.paymentId}`;
      return {
        Success: true,
        ErrorCode: '0',
        TerminalKey: terminalKey,
        OrderId: p.orderId,
        PaymentId: Number(p.paymentId),
        Data: data,
      };
    }
    if (method === 'GetState') {
      return {
        Success: true,
        ErrorCode: '0',
        TerminalKey: terminalKey,
        Status: p.status,
        PaymentId: p.paymentId,
        OrderId: p.orderId,
        Amount: p.amount,
      };
    }
    if (method === 'Confirm') {
      p.confirms.push(body);
      if (p.status !== 'AUTHORIZED')
        return { Success: false, ErrorCode: '9', Message: 'Неверный статус платежа' };
      const amount = body.Amount === undefined ? p.amount : Number(body.Amount);
      const items = ((body.Receipt as { Items?: { Amount: number }[] } | undefined)?.Items ?? []).reduce(
        (sum, i) => sum + i.Amount,
        0,
      );
      if (amount <= 0 || amount > p.amount)
        return { Success: false, ErrorCode: '5', Message: 'Неверная сумма' };
      if (body.Receipt && items !== amount) {
        return { Success: false, ErrorCode: '308', Message: 'Receipt items do not add up to Amount' };
      }
      const refusal = body.Receipt === undefined ? null : receiptRefusal(body.Receipt);
      if (refusal) return { Success: false, ErrorCode: '309', Message: refusal };
      p.amount = amount;
      p.status = 'CONFIRMED';
      return { Success: true, ErrorCode: '0', Status: 'CONFIRMED', PaymentId: p.paymentId };
    }
    if (method === 'SendClosingReceipt') {
      // The closing receipt of a prepaid payment: only for money taken, adding up to at most what was paid.
      if (p.status !== 'CONFIRMED' && p.status !== 'PARTIAL_REFUNDED')
        return { Success: false, ErrorCode: '9', Message: 'Неверный статус платежа' };
      const refusal = closingReceiptRefusal(body);
      if (refusal) return { Success: false, ErrorCode: '309', Message: refusal };
      const items = ((body.Receipt as { Items: { Amount: number }[] }).Items ?? []).reduce(
        (sum, i) => sum + i.Amount,
        0,
      );
      if (items > p.amount - p.refunded)
        return { Success: false, ErrorCode: '308', Message: 'Receipt items exceed the payment' };
      p.closings.push(body);
      return { Success: true, ErrorCode: '0' };
    }
    if (method === 'Cancel') {
      const key = typeof body.ExternalRequestId === 'string' ? body.ExternalRequestId : null;
      const first = key ? p.cancels.get(key) : undefined;
      if (first) return first;
      // A refund's receipt is held to the same rules as the payment's, its items adding up to Amount.
      if (body.Receipt !== undefined) {
        const refusal = receiptRefusal(body.Receipt);
        if (refusal) return { Success: false, ErrorCode: '309', Message: refusal };
        const items = ((body.Receipt as { Items?: { Amount: number }[] }).Items ?? []).reduce(
          (sum, i) => sum + i.Amount,
          0,
        );
        if (body.Amount !== undefined && items !== Number(body.Amount))
          return { Success: false, ErrorCode: '308', Message: 'Receipt items do not add up to Amount' };
      }
      let answer: Record<string, unknown>;
      if (p.status === 'NEW' || p.status === 'FORM_SHOWED') {
        p.status = 'CANCELED';
        answer = { Success: true, ErrorCode: '0', Status: 'CANCELED', PaymentId: p.paymentId };
      } else if (p.status === 'AUTHORIZED' || p.status === 'PARTIAL_REVERSED') {
        // A held payment's hold is released (a reversal), whole or in part.
        const amount = body.Amount === undefined ? p.amount - p.refunded : Number(body.Amount);
        if (amount <= 0 || p.refunded + amount > p.amount) {
          answer = { Success: false, ErrorCode: '5', Message: 'Сумма больше суммы платежа' };
        } else {
          p.refunded += amount;
          p.status = p.refunded === p.amount ? 'REVERSED' : 'PARTIAL_REVERSED';
          answer = { Success: true, ErrorCode: '0', Status: p.status, PaymentId: p.paymentId };
        }
      } else if (p.status !== 'CONFIRMED' && p.status !== 'PARTIAL_REFUNDED') {
        answer = { Success: false, ErrorCode: '9', Message: 'Неверный статус платежа' };
      } else {
        const amount = body.Amount === undefined ? p.amount - p.refunded : Number(body.Amount);
        if (amount <= 0 || p.refunded + amount > p.amount) {
          answer = { Success: false, ErrorCode: '5', Message: 'Сумма больше суммы платежа' };
        } else {
          p.refunded += amount;
          p.status = p.refunded === p.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
          answer = {
            Success: true,
            ErrorCode: '0',
            Status: p.status,
            PaymentId: p.paymentId,
            OriginalAmount: p.amount,
            NewAmount: p.amount - p.refunded,
          };
        }
      }
      if (key) p.cancels.set(key, answer);
      return answer;
    }
    return { Success: false, ErrorCode: '9999', Message: `Unknown method ${method}` };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    const apiMatch = /^\/v2\/(\w+)$/.exec(url.pathname);
    if (req.method === 'POST' && apiMatch) {
      if (fake.failure === 'http500') {
        res.writeHead(500).end('Internal Server Error');
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        res.writeHead(400).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(api(apiMatch[1] ?? '', body)));
      return;
    }
    const page = /^\/(?:new|sbp)\/(\d+)$/.exec(url.pathname);
    const p = page ? payments.get(page[1] ?? '') : undefined;
    if (page && p && req.method === 'GET') {
      if (p.status === 'NEW') p.status = 'FORM_SHOWED';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="ru"><head><title>Оплата заказа ${p.orderId}</title></head><body>
<h1>Оплата картой</h1><p>Сумма: ${(p.amount / 100).toFixed(2)} ₽</p>
<form method="post"><button name="decision" value="pay">Оплатить</button>
<button name="decision" value="decline">Отказаться</button></form></body></html>`,
      );
      return;
    }
    if (page && p && req.method === 'POST') {
      const decision = new URLSearchParams(raw).get('decision') === 'pay' ? 'pay' : 'decline';
      const to = await decide(p.paymentId, decision);
      res.writeHead(303, { location: to }).end();
      return;
    }
    res.writeHead(404).end();
  }

  const server = await startFake(handle);
  const { url } = server;
  const fake: TbankFake = {
    url,
    apiUrl: `${url}/v2`,
    terminalKey,
    password,
    payments,
    calls,
    delayMs: 0,
    failure: null,
    qrFailure: false,
    failNext: [],
    notification,
    decide,
    close: server.close,
  };
  return fake;
}

/** A fake started as its own process for the Playwright journey: prints its URL on stdout. */
if (process.argv[1]?.endsWith('tbank-fake.ts')) {
  const fake = await startTbankFake({
    terminalKey: process.env.TBANK_TERMINAL_KEY,
    password: process.env.TBANK_PASSWORD,
  });
  process.stdout.write(`${fake.url}\n`);
}
