import { z } from 'zod';
import type { SmsProvider, SmsResult } from './sms-provider.ts';
import { smsruCallPassword } from './smsru-call.ts';

export interface SmsruOptions {
  apiId: string;
  /** `https://sms.ru`, or a fake on 127.0.0.1 in tests. */
  url: string;
  /** An approved sender name; the account's default when null. */
  from: string | null;
  requestTimeoutMs?: number;
}

const numberSchema = z.object({
  status: z.enum(['OK', 'ERROR']),
  status_code: z.number().int(),
  sms_id: z.string().optional(),
  status_text: z.string().optional(),
});

/** `/sms/send?json=1` (integrations.md §10): a request status and one entry per number. */
const sendAnswerSchema = z.object({
  status: z.enum(['OK', 'ERROR']),
  status_code: z.number().int(),
  status_text: z.string().optional(),
  sms: z.record(z.string(), numberSchema).optional(),
  balance: z.number().optional(),
});

/**
 * SMS.ru: text messages through `/sms/send`, and sign-in codes either by SMS or, for `channel: 'call'`,
 * by call-password (`./smsru-call.ts`), whose code SMS.ru picks and the result carries back.
 * SMS.ru has no idempotency key, so a repeated message job may send twice (the job queue records a
 * send before anything else can fail).
 */
export function createSmsruSms(options: SmsruOptions): SmsProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 5_000;

  async function send(phone: string, text: string): Promise<SmsResult> {
    const form = new URLSearchParams({ api_id: options.apiId, to: phone, msg: text, json: '1' });
    if (options.from) form.set('from', options.from);
    const response = await fetch(`${base}/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`SMS.ru sms/send answered HTTP ${response.status}`);
    const parsed = sendAnswerSchema.safeParse(jsonOf(await response.text()));
    if (!parsed.success) throw new Error('SMS.ru sms/send answered an unexpected body');
    const answer = parsed.data;
    if (answer.status === 'ERROR') {
      // A wrong api_id or an empty balance is the shop's fault, not the number's: a fault.
      throw new Error(`SMS.ru refused the request: ${answer.status_code} ${answer.status_text ?? ''}`.trim());
    }
    const entry = answer.sms?.[phone];
    if (!entry) throw new Error('SMS.ru sms/send answered without the number');
    if (entry.status === 'ERROR' || !entry.sms_id) {
      return {
        ok: false,
        reason: `SMS.ru refused the number: ${entry.status_code} ${entry.status_text ?? ''}`.trim(),
      };
    }
    return { ok: true, ref: `smsru-${entry.sms_id}` };
  }

  return {
    name: 'smsru',
    async sendCode({ phone, code, channel, locale }) {
      if (channel === 'call') return smsruCallPassword({ apiId: options.apiId, url: base, timeoutMs }, phone);
      return send(phone, locale === 'en' ? `Your sign-in code: ${code}` : `Код для входа: ${code}`);
    },
    async sendMessage({ phone, text }) {
      return send(phone, text);
    },
  };
}

/** The body as JSON, or undefined when it is not JSON (then the schema refuses it). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
