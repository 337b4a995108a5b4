import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed single-purpose link tokens of mail and SMS (docs/decisions/0021-durable-jobs-and-messages.md):
 * a value and an HMAC of it under the shop's secret and the link's purpose, so a link does exactly
 * the one thing it was sent for, to exactly the value it names, and nobody can make one by guessing.
 */
export function signedLinkToken(purpose: string, value: string, secret: string): string {
  const encoded = Buffer.from(value).toString('base64url');
  return `${encoded}.${mac(purpose, encoded, secret)}`;
}

/** The value of a valid token of this purpose, or null (tampered, another purpose, another key). */
export function readSignedLinkToken(purpose: string, token: string, secret: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(purpose, encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Buffer.from(encoded, 'base64url').toString();
}

/**
 * Signed unsubscribe tokens of marketing messages: the address (an e-mail, or a phone's digits for
 * SMS), so a link unsubscribes exactly the address it was sent to.
 */
export function unsubscribeToken(emailOrPhone: string, secret: string): string {
  return signedLinkToken('unsubscribe', emailOrPhone.toLowerCase(), secret);
}

/** The address of a valid token (an e-mail, or a phone's digits), or null. */
export function readUnsubscribeToken(token: string, secret: string): string | null {
  const value = readSignedLinkToken('unsubscribe', token, secret);
  if (value === null) return null;
  return value.includes('@') || /^\d{10,15}$/.test(value) ? value : null;
}

function mac(purpose: string, encoded: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${encoded}`).digest('base64url').slice(0, 32);
}
