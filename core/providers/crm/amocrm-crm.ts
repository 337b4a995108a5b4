import { z } from 'zod';
import type { CrmLead, CrmProvider, CrmResult } from './crm-provider.ts';
import { jsonOf, leadComments } from './lead-text.ts';

export interface AmocrmOptions {
  /** The account, `https://<subdomain>.amocrm.ru`. */
  url: string;
  /** A long-lived access token of a private integration. */
  token: string;
  requestTimeoutMs?: number;
}

const complexAnswerSchema = z
  .array(z.object({ id: z.number().int(), contact_id: z.number().int().nullable().optional() }).passthrough())
  .min(1);
const noteAnswerSchema = z.object({
  _embedded: z.object({ notes: z.array(z.object({ id: z.number().int() })) }),
});
const problemSchema = z
  .object({ title: z.string().optional(), detail: z.string().optional(), status: z.number().optional() })
  .passthrough();

/**
 * amoCRM (API v4 with a long-lived token): `POST /api/v4/leads/complex` makes the lead with its contact
 * (name and work phone), then `POST /api/v4/leads/{id}/notes` adds the question, fields and page as a
 * common note. A validation refusal (400) is a result; 401, 5xx and bad bodies throw. The note is
 * best effort once the lead exists, so a retry never makes a second lead.
 */
export function createAmocrm(options: AmocrmOptions): CrmProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.requestTimeoutMs ?? 5_000;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  return {
    name: 'amocrm',
    async submitLead(lead: CrmLead): Promise<CrmResult> {
      const response = await fetch(`${base}/api/v4/leads/complex`, {
        method: 'POST',
        headers,
        body: JSON.stringify([
          {
            name: `${lead.formSubject} — ${lead.projectName}`.slice(0, 255),
            _embedded: {
              contacts: [
                {
                  first_name: lead.name,
                  custom_fields_values: [
                    {
                      field_code: 'PHONE',
                      values: [{ value: `+${lead.phone.replace(/^\+/, '')}`, enum_code: 'WORK' }],
                    },
                  ],
                },
              ],
            },
          },
        ]),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = jsonOf(await response.text());
      if (response.status === 400) {
        const problem = problemSchema.safeParse(body);
        return {
          ok: false,
          reason:
            `amoCRM refused the lead: ${problem.success ? (problem.data.detail ?? problem.data.title ?? '') : ''}`.trim(),
        };
      }
      if (!response.ok) throw new Error(`amoCRM answered HTTP ${response.status}`);
      const parsed = complexAnswerSchema.safeParse(body);
      if (!parsed.success) throw new Error('amoCRM answered an unexpected body');
      const id = parsed.data[0]?.id;
      try {
        const note = await fetch(`${base}/api/v4/leads/${id}/notes`, {
          method: 'POST',
          headers,
          body: JSON.stringify([{ note_type: 'common', params: { text: leadComments(lead) } }]),
          signal: AbortSignal.timeout(timeoutMs),
        });
        noteAnswerSchema.parse(jsonOf(await note.text()));
      } catch {
        // The lead is there with its contact; the operator sees it without the note.
      }
      return { ok: true, ref: `amocrm-lead-${id}` };
    },
  };
}
