export type MailingResult = { ok: true } | { ok: false; reason: string };

/** The mailing-list service behind the newsletter form (catalogue.md §7 `sendpulse/signup`). */
export interface MailingProvider {
  readonly name: string;
  /** Adds an address to the shop's list; a refused address is a result, a network fault throws. */
  subscribe(email: string, locale: 'ru' | 'en'): Promise<MailingResult>;
}
