/** How many times a CRM request is offered to the CRM before it is left for an operator. */
export const CRM_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/**
 * When to try an undelivered CRM request again after `attempts` failed attempts: 1 min, 2, 4 …
 * doubling up to 6 h; null once `CRM_MAX_ATTEMPTS` are spent.
 */
export function nextCrmAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= CRM_MAX_ATTEMPTS) return null;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + delay);
}

/** The discount of the code a confirmed newsletter subscriber gets (the marketing modal's promise). */
export const NEWSLETTER_PROMO_PERCENT = 10;

/** A promo code from random bytes: `HELLO-` and 8 letters and digits without look-alikes (0/O, 1/I). */
export function newsletterPromoCode(random: Uint8Array): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `HELLO-${Array.from(random.slice(0, 8), (b) => alphabet[b % alphabet.length]).join('')}`;
}
