import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider listening on a free local port. */
export interface FakeServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Drops the open connections, then stops listening. */
  close(): Promise<void>;
}

async function listen(server: Server): Promise<FakeServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a fake whose handler reads the request itself; a handler that throws answers a bare 500. */
export function startFake(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  return listen(
    createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    }),
  );
}

/**
 * Starts a fake whose handler gets the request body as text; a handler that throws answers 500 with the
 * error's text, or as `failed` answers when given.
 */
export function startFakeWithBody(
  handle: (req: IncomingMessage, res: ServerResponse, raw: string) => Promise<unknown>,
  failed: (res: ServerResponse, error: unknown) => void = (res, error) => {
    res.writeHead(500);
    res.end(String(error));
  },
) {
  return listen(
    createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        handle(req, res, raw).catch((error: unknown) => failed(res, error));
      });
    }),
  );
}

/**
 * Answers as a provider that is failing when the fake's `failure` switch asks for it: `http500` a 500,
 * `limit` a 429, `garbage` a 200 of `garbage` (a body the adapter cannot read). True when it answered.
 */
export function answerFailure(
  res: ServerResponse,
  failure: string | null,
  garbage: { type: string; body: string },
): boolean {
  if (failure === 'http500') res.writeHead(500).end('Internal Server Error');
  else if (failure === 'limit') res.writeHead(429).end('Too Many Requests');
  else if (failure === 'garbage') res.writeHead(200, { 'content-type': garbage.type }).end(garbage.body);
  else return false;
  return true;
}
