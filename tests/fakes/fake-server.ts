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
