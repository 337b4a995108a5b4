import { z } from 'zod';
import type { CrmLead, CrmProvider, CrmResult } from './crm-provider.ts';
import { jsonOf, leadComments } from './lead-text.ts';

export interface Bitrix24Options {
  /** The inbound webhook, `https://<portal>.bitrix24.ru/rest/<user>/<key>/`. */
  webhookUrl: string;
  requestTimeoutMs?: number;
}

const answerSchema = z.union([
  z.object({ result: z.union([z.number().int(), z.string().regex(/^\d+$/)]) }).passthrough(),
  z.object({ error: z.string(), error_description: z.string().optional() }).passthrough(),
]);

/**
 * Bitrix24 (`crm.lead.add` through an inbound webhook): the form's subject as the title, the name, the
 * phone as a work number, the question and extra fields as comments, the page as the source. A
 * validation refusal (HTTP 400) is a result; a wrong webhook (401/403/404), 5xx and bad bodies throw,
 * so the shop's retries (core/engagement) offer the lead again.
 */
export function createBitrix24Crm(options: Bitrix24Options): CrmProvider {
  const base = options.webhookUrl.endsWith('/') ? options.webhookUrl : `${options.webhookUrl}/`;
  const timeoutMs = options.requestTimeoutMs ?? 5_000;
  return {
    name: 'bitrix24',
    async submitLead(lead: CrmLead): Promise<CrmResult> {
      const response = await fetch(`${base}crm.lead.add.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fields: {
            TITLE: `${lead.formSubject} — ${lead.projectName}`.slice(0, 255),
            NAME: lead.name,
            PHONE: [{ VALUE: `+${lead.phone.replace(/^\+/, '')}`, VALUE_TYPE: 'WORK' }],
            COMMENTS: leadComments(lead),
            SOURCE_ID: 'WEB',
            SOURCE_DESCRIPTION: lead.page,
          },
          params: { REGISTER_SONET_EVENT: 'Y' },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const parsed = answerSchema.safeParse(jsonOf(await response.text()));
      if (response.status === 400 && parsed.success && 'error' in parsed.data) {
        return {
          ok: false,
          reason: `Bitrix24 refused the lead: ${parsed.data.error_description ?? parsed.data.error}`,
        };
      }
      if (!response.ok) throw new Error(`Bitrix24 answered HTTP ${response.status}`);
      if (!parsed.success || !('result' in parsed.data))
        throw new Error('Bitrix24 answered an unexpected body');
      return { ok: true, ref: `bitrix24-lead-${parsed.data.result}` };
    },
  };
}
