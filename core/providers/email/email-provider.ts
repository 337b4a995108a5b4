export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text` (core/messages/templates.ts). */
  html?: string;
  /** Extra headers, such as `List-Unsubscribe` on marketing mail. */
  headers?: Record<string, string>;
  /**
   * Fixed per message (the job's key): a provider that supports it drops a repeat, so a retry after
   * a crash between sending and recording does not deliver twice.
   */
  idempotencyKey?: string;
}

export type EmailResult = { ok: true; ref: string } | { ok: false; reason: string };

/** Transactional e-mail (passwords for e-mail sign-in, catalogue.md §7 `auth/reset-password`). */
export interface EmailProvider {
  readonly name: string;
  /** Sends one message; a refused address is a result, a network fault throws. */
  send(message: EmailMessage): Promise<EmailResult>;
}
