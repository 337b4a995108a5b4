import type { OutboxWriter } from '../outbox.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Offline SMS and call-password provider: the code goes to the outbox (channel `sms`), readable on the
 * development outbox page. Phones ending in `0000000` are refused, to test that path.
 */
export function createSandboxSms(outbox: OutboxWriter): SmsProvider {
  let seq = 0;
  return {
    name: 'sandbox',
    async sendCode({ phone, code, channel, locale }) {
      if (phone.endsWith('0000000'))
        return { ok: false, reason: 'Sandbox SMS refuses numbers ending in 0000000' };
      const text =
        channel === 'call'
          ? `Incoming call from +7 900 000-${code}: the code is the last 4 digits`
          : locale === 'en'
            ? `Your sign-in code: ${code}`
            : `Код для входа: ${code}`;
      await outbox('sms', phone, { code, channel, text });
      seq += 1;
      return { ok: true, ref: `sandbox-sms-${seq}` };
    },
    async sendMessage({ phone, text, idempotencyKey }) {
      if (phone.endsWith('0000000'))
        return { ok: false, reason: 'Sandbox SMS refuses numbers ending in 0000000' };
      await outbox('sms', phone, { text, ...(idempotencyKey ? { idempotencyKey } : {}) });
      seq += 1;
      return { ok: true, ref: `sandbox-sms-${seq}` };
    },
  };
}
