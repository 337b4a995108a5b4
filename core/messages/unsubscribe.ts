import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed unsubscribe tokens of marketing mail (docs/decisions/0021-durable-jobs-and-messages.md):
 * the address and an HMAC of it, so a link unsubscribes exactly the address it was sent to and
 * nobody can unsubscribe another address by guessing.
 */
export function unsubscribeToken(email: string, secret: string): string {
  const address = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${address}.${mac(address, secret)}`;
}

/** The address of a valid token, or null. */
export function readUnsubscribeToken(token: string, secret: string): string | null {
  const [address, signature, extra] = token.split('.');
  if (!address || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(address, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const email = Buffer.from(address, 'base64url').toString();
  return email.includes('@') ? email : null;
}

function mac(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${address}`).digest('base64url').slice(0, 32);
}
