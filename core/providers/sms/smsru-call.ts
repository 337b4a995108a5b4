import { z } from 'zod';

/** `/code/call`'s answer (integrations.md §10): the code is the last 4 digits of the calling number. */
const callAnswerSchema = z.union([
  z.object({
    status: z.literal('OK'),
    code: z.union([z.string(), z.number()]).transform((c) => String(c).padStart(4, '0')),
    call_id: z.union([z.string(), z.number()]).transform(String),
    cost: z.number().optional(),
    balance: z.number().optional(),
  }),
  z.object({
    status: z.literal('ERROR'),
    status_code: z.number().int().optional(),
    status_text: z.string().optional(),
  }),
]);

export type CallPasswordResult = { ok: true; ref: string; code: string } | { ok: false; reason: string };

/**
 * SMS.ru call-password (flash call): SMS.ru calls `phone` from a number whose last 4 digits are the
 * code and returns that code, so the shop learns the code from the answer rather than choosing it.
 * `ip` is the shopper's address for SMS.ru's own abuse checks, `-1` when unknown.
 */
export async function smsruCallPassword(
  options: { apiId: string; url: string; timeoutMs: number },
  phone: string,
  ip = '-1',
): Promise<CallPasswordResult> {
  const response = await fetch(`${options.url.replace(/\/+$/, '')}/code/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phone, ip, api_id: options.apiId }),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new Error(`SMS.ru code/call answered HTTP ${response.status}`);
  const parsed = callAnswerSchema.safeParse(jsonOf(await response.text()));
  if (!parsed.success) throw new Error('SMS.ru code/call answered an unexpected body');
  const answer = parsed.data;
  if (answer.status === 'ERROR') {
    return {
      ok: false,
      reason: `SMS.ru refused the call: ${answer.status_code ?? '?'} ${answer.status_text ?? ''}`.trim(),
    };
  }
  if (!/^\d{4}$/.test(answer.code)) throw new Error('SMS.ru code/call answered a code that is not 4 digits');
  return { ok: true, ref: `smsru-call-${answer.call_id}`, code: answer.code };
}

/** The body as JSON, or undefined when it is not JSON (then the schema refuses it). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
