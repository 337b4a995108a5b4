export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export type EmailResult = { ok: true; ref: string } | { ok: false; reason: string };

/** Transactional e-mail (passwords for e-mail sign-in, catalogue.md §7 `auth/reset-password`). */
export interface EmailProvider {
  readonly name: string;
  /** Sends one message; a refused address is a result, a network fault throws. */
  send(message: EmailMessage): Promise<EmailResult>;
}
