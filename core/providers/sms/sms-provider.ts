export type SmsResult = { ok: true; ref: string } | { ok: false; reason: string };

/**
 * A sent code. A call-password provider picks the code itself (the calling number's last 4 digits)
 * and returns it as `code`; the shop then checks that one instead of the code it offered.
 */
export type SendCodeResult = { ok: true; ref: string; code?: string } | { ok: false; reason: string };

/**
 * Delivers sign-in codes to a phone (catalogue.md §7 `auth/get-code`, DECISIONS 17): by a call whose
 * number ends in the code (`isByCall`), or by SMS.
 */
export interface SmsProvider {
  readonly name: string;
  /**
   * Sends `code` to `phone` (digits with the country code) through `channel`. A refusal by the provider
   * (unreachable number, blocked destination) is a result; a network fault throws.
   */
  sendCode(input: {
    phone: string;
    code: string;
    channel: 'call' | 'sms';
    locale: 'ru' | 'en';
  }): Promise<SendCodeResult>;
  /**
   * Sends a text message (order steps, core/messages). `idempotencyKey` is fixed per message so a
   * provider that supports it drops a repeat. A refusal is a result; a network fault throws.
   */
  sendMessage(input: { phone: string; text: string; idempotencyKey?: string }): Promise<SmsResult>;
}
