import pino, { type DestinationStream, type Logger } from 'pino';

/** Query parameters that are capabilities: whoever reads them can open the order (orders.types.ts). */
const SECRET_QUERY = /([?&](?:key|token)=)[^&#]*/gi;

/**
 * The URL as logged: the order's status or access key in `?key=` is replaced
 * (docs/decisions/0019-public-shop-proxies-and-timeouts.md).
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The process logger: JSON lines, one `incoming request` and one `request completed` per request with
 * its id. The request serializer keeps Fastify's fields but strips the order key from the URL, and
 * cookies or bearer tokens are censored wherever a header object is logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'headers.cookie',
          'headers.authorization',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination ?? pino.destination(1),
  );
}
