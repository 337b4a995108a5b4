import type { OutboxWriter } from '../outbox.ts';
import type { MailingProvider } from './mailing-provider.ts';

/** Offline mailing list: sign-ups go to the outbox. Addresses at `bounce.test` are refused. */
export function createSandboxMailing(outbox: OutboxWriter): MailingProvider {
  return {
    name: 'sandbox',
    async subscribe(email, locale) {
      if (email.endsWith('@bounce.test'))
        return { ok: false, reason: 'The mailing service refused this address' };
      await outbox('mailing', email, { list: 'newsletter', locale });
      return { ok: true };
    },
  };
}
