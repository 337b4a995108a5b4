import type { OutboxWriter } from '../outbox.ts';
import type { CrmProvider } from './crm-provider.ts';

/** Offline CRM: leads go to the outbox. A lead whose name is `CRM_DOWN` is refused, to test that path. */
export function createSandboxCrm(outbox: OutboxWriter): CrmProvider {
  let seq = 0;
  return {
    name: 'sandbox',
    async submitLead(lead) {
      if (lead.name === 'CRM_DOWN') return { ok: false, reason: 'Sandbox CRM refuses leads named CRM_DOWN' };
      await outbox('crm', lead.adminEmail, { ...lead });
      seq += 1;
      return { ok: true, ref: `sandbox-lead-${seq}` };
    },
  };
}
