/**
 * Failures that mean "the database cannot be reached right now" rather than "this request is
 * wrong": refused or dropped connections, timeouts, a server shutting down or out of connections.
 * The HTTP layer answers these with 503, and the pool recovers by itself once the server is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs: class 08 (connection exception), shutdowns, too many connections, a cancelled statement. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Messages node-postgres gives its own connection failures, which carry no code. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m))) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
