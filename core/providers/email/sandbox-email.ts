import type { OutboxWriter } from '../outbox.ts';
import type { EmailProvider } from './email-provider.ts';

/** Offline e-mail: messages go to the outbox (channel `email`). Addresses at `bounce.test` are refused. */
export function createSandboxEmail(outbox: OutboxWriter): EmailProvider {
  let seq = 0;
  return {
    name: 'sandbox',
    async send(message) {
      if (message.to.endsWith('@bounce.test'))
        return { ok: false, reason: 'Sandbox e-mail bounces @bounce.test' };
      await outbox('email', message.to, {
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}),
      });
      seq += 1;
      return { ok: true, ref: `sandbox-email-${seq}` };
    },
  };
}
