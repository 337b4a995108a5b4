import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CrmLead, CrmProvider, CrmResult } from './crm-provider.ts';
import { jsonOf } from './lead-text.ts';

export interface WebhookCrmOptions {
  url: string;
  /** Shared with the receiver: signs `<timestamp>.<body>`. */
  secret: string;
  requestTimeoutMs?: number;
  clock?: () => Date;
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`, the `X-Shop-Signature` header. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/**
 * The receiver's check, for whoever writes one (and the tests): the signature matches and the
 * timestamp is within `toleranceS` of now, so a captured request cannot be replayed later.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date,
  toleranceS = 300,
): boolean {
  if (!headers.timestamp || !headers.signature || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(headers.timestamp)) > toleranceS) return false;
  const expected = Buffer.from(webhookSignature(secret, headers.timestamp, body));
  const got = Buffer.from(headers.signature);
  return expected.length === got.length && timingSafeEqual(expected, got);
}

const answerSchema = z
  .object({ id: z.union([z.string().min(1).max(100), z.number()]).optional() })
  .passthrough();

/**
 * A generic CRM webhook: each lead as a JSON POST signed with HMAC-SHA256 (`X-Shop-Timestamp`,
 * `X-Shop-Signature`). A 2xx answer delivers it (its `id`, when given, is the reference); a 4xx is a
 * refusal; 5xx, redirects and network faults throw, so the shop's retries offer the lead again.
 */
export function createWebhookCrm(options: WebhookCrmOptions): CrmProvider {
  const timeoutMs = options.requestTimeoutMs ?? 5_000;
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'webhook',
    async submitLead(lead: CrmLead): Promise<CrmResult> {
      const timestamp = String(Math.floor(clock().getTime() / 1000));
      const body = JSON.stringify({ type: 'lead', lead });
      const response = await fetch(options.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'x-shop-timestamp': timestamp,
          'x-shop-signature': webhookSignature(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = answerSchema.safeParse(jsonOf(await response.text()));
      if (response.status >= 400 && response.status < 500) {
        return { ok: false, reason: `The CRM webhook refused the lead: HTTP ${response.status}` };
      }
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`The CRM webhook answered HTTP ${response.status}`);
      }
      const id = answer.success ? answer.data.id : undefined;
      return { ok: true, ref: id !== undefined ? `webhook-${id}` : `webhook-${timestamp}` };
    },
  };
}
