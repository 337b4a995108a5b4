import type { CrmLead } from './crm-provider.ts';

/** The lead's question, extra form fields and page as plain lines for a CRM's comment or note. */
export function leadComments(lead: CrmLead): string {
  const lines = [lead.question.trim()];
  for (const [key, value] of Object.entries(lead.fields)) lines.push(`${key}: ${value}`);
  lines.push(`Страница: ${lead.page}`);
  return lines.filter(Boolean).join('\n');
}

/** The body as JSON, or undefined when it is not JSON (then the schema refuses it). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
