import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe tokens of marketing messages (docs/decisions/0021-durable-jobs-and-messages.md):
 * the address (an e-mail, or a phone's digits for SMS) and an HMAC of it, so a link unsubscribes
 * exactly the address it was sent to and nobody can unsubscribe another address by guessing.
 */
export function unsubscribeToken(emailOrPhone: string, secret: string): string {
  const address = Buffer.from(emailOrPhone.toLowerCase()).toString('base64url');
  return `${address}.${mac(address, secret)}`;
}

/** The address of a valid token (an e-mail, or a phone's digits), or null. */
export function readUnsubscribeToken(token: string, secret: string): string | null {
  const [address, signature, extra] = token.split('.');
  if (!address || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(address, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const value = Buffer.from(address, 'base64url').toString();
  return value.includes('@') || /^\d{10,15}$/.test(value) ? value : null;
}

function mac(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${address}`).digest('base64url').slice(0, 32);
}
