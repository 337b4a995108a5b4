import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure, startFake } from './fake-server.ts';

export interface SmsruFake {
  url: string;
  apiId: string;
  /** Messages accepted by `/sms/send`. */
  sent: { to: string; msg: string; from: string | null; smsId: string }[];
  /** Calls placed by `/code/call`, with the code (last 4 digits of the calling number). */
  calls: { phone: string; ip: string; code: string; callId: string }[];
  /** Numbers SMS.ru refuses (per-number status_code 207, "no route"). */
  refused: Set<string>;
  delayMs: number;
  /** `http500`: a 500 page; `garbage`: 200 with a body that is not JSON; `balance`: status ERROR 201. */
  failure: null | 'http500' | 'garbage' | 'balance';
  close(): Promise<void>;
}

/**
 * A fake of SMS.ru (integrations.md §10) on 127.0.0.1: `POST /sms/send` (form `api_id`, `to`, `msg`,
 * `json=1`, `from`) answering per number, `POST /code/call` (`phone`, `ip`, `api_id`) answering the
 * code of the call-password, a wrong `api_id` refused with status_code 200, and switches for errors
 * and slow answers.
 */
export async function startSmsruFake({ apiId = 'FAKE-API-ID-0000' } = {}): Promise<SmsruFake> {
  let seq = 0;
  const sent: SmsruFake['sent'] = [];
  const calls: SmsruFake['calls'] = [];

  function json(res: ServerResponse, body: unknown) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    for (const [k, v] of url.searchParams) if (!form.has(k)) form.set(k, v);
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (url.pathname !== '/sms/send' && url.pathname !== '/code/call') {
      res.writeHead(404).end();
      return;
    }
    if (answerFailure(res, fake.failure, { type: 'text/plain', body: '100\n000000-000001' })) return;
    if (form.get('api_id') !== apiId) {
      json(res, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
      return;
    }
    if (fake.failure === 'balance') {
      json(res, { status: 'ERROR', status_code: 201, status_text: 'Не хватает средств на лицевом счету' });
      return;
    }
    if (url.pathname === '/code/call') {
      const phone = form.get('phone') ?? '';
      if (!/^\d{11,15}$/.test(phone) || fake.refused.has(phone)) {
        json(res, {
          status: 'ERROR',
          status_code: 202,
          status_text: 'Неправильно указан номер телефона получателя',
        });
        return;
      }
      seq += 1;
      const code = String(1000 + ((seq * 7919) % 9000));
      const callId = `${200000 + seq}-${seq}`;
      calls.push({ phone, ip: form.get('ip') ?? '', code, callId });
      json(res, { status: 'OK', code, call_id: callId, cost: 0.4, balance: 4122.56 });
      return;
    }
    if (form.get('json') !== '1') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('100\n000000-000001\nbalance=4122.56');
      return;
    }
    const msg = form.get('msg') ?? '';
    if (msg === '') {
      json(res, { status: 'ERROR', status_code: 203, status_text: 'Нет текста сообщения' });
      return;
    }
    const numbers = (form.get('to') ?? '').split(',').filter(Boolean);
    const sms: Record<string, unknown> = {};
    for (const to of numbers) {
      if (!/^\d{11,15}$/.test(to) || fake.refused.has(to)) {
        sms[to] = {
          status: 'ERROR',
          status_code: 207,
          status_text: 'На этот номер нельзя отправлять сообщения',
        };
        continue;
      }
      seq += 1;
      const smsId = `000000-${String(seq).padStart(6, '0')}`;
      sent.push({ to, msg, from: form.get('from'), smsId });
      sms[to] = { status: 'OK', status_code: 100, sms_id: smsId };
    }
    json(res, { status: 'OK', status_code: 100, sms, balance: 4122.56 });
  }

  const server = await startFake(handle);
  const fake: SmsruFake = {
    url: server.url,
    apiId,
    sent,
    calls,
    refused: new Set(),
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
