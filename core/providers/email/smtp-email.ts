import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { CommsConfig } from '../../config/env.ts';
import type { EmailProvider, EmailResult } from './email-provider.ts';

export type SmtpOptions = NonNullable<CommsConfig['smtp']> & {
  /** Connecting, the greeting and each reply must come within this many milliseconds. */
  requestTimeoutMs?: number;
};

/** The domain part of the sender, for Message-IDs (`Магазин <shop@example.ru>` → `example.ru`). */
function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** An SMTP reply code of a refused recipient or message (5xx on RCPT or DATA): a result, not a fault. */
function refusal(error: unknown): string | null {
  const e = error as { code?: string; responseCode?: number; response?: string };
  if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && (e.responseCode ?? 0) >= 500) {
    return `The mail server refused the message: ${e.response ?? e.responseCode}`;
  }
  return null;
}

/**
 * Transactional and marketing e-mail over SMTP with nodemailer: both the text and the HTML part,
 * the message's own headers (List-Unsubscribe on marketing mail), a DKIM signature when configured,
 * and a Message-ID fixed by the idempotency key, so a repeat after a crash is the same message to the
 * receiving side. Addresses the server refuses with a 5xx reply are a result; anything else throws.
 */
export function createSmtpEmail(options: SmtpOptions): EmailProvider {
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
  const server = options.server;
  // nodemailer loads with the first message, not with the shop (docs/decisions/0041-render-cost.md).
  let transporter: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      'url' in server
        ? nodemailer.createTransport({ url: server.url, ...timeouts })
        : nodemailer.createTransport({
            host: server.host,
            port: server.port,
            secure: server.port === 465,
            ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
            ...timeouts,
          }),
    ));
  const domain = senderDomain(options.from);
  return {
    name: 'smtp',
    async send(message): Promise<EmailResult> {
      const messageId = message.idempotencyKey
        ? `<${createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`
        : undefined;
      try {
        const info = await (await transport()).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(messageId ? { messageId } : {}),
          ...(options.dkim ? { dkim: options.dkim } : {}),
        });
        if (info.rejected.length > 0) return { ok: false, reason: `The mail server refused ${message.to}` };
        return { ok: true, ref: info.messageId };
      } catch (error) {
        const reason = refusal(error);
        if (reason) return { ok: false, reason };
        throw error;
      }
    },
  };
}
