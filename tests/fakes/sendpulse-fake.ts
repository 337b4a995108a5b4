import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFailure, startFake } from './fake-server.ts';

export interface SendpulseFake {
  url: string;
  clientId: string;
  clientSecret: string;
  addressBookId: string;
  /** Address book id → the addresses in it, with their variables. */
  books: Map<string, Map<string, Record<string, unknown>>>;
  /** Tokens issued, in order; `revoke()` makes every issued token invalid. */
  tokens: string[];
  tokenRequests: number;
  /** Seconds a new token lives (`expires_in`). */
  expiresIn: number;
  revoke(): void;
  delayMs: number;
  /** `http500`: 500 on the address book; `garbage`: a body that is not JSON; `token`: the token request refused. */
  failure: null | 'http500' | 'garbage' | 'token';
  close(): Promise<void>;
}

/**
 * A fake of the SendPulse REST API (integrations.md §10) on 127.0.0.1: `POST /oauth/access_token`
 * (client credentials → a Bearer token with `expires_in`) and `POST /addressbooks/{id}/emails` with
 * the token, answering `{"result":true}`; 401 for a missing, unknown or revoked token, 400 for an
 * address that is not one, and switches for errors and slow answers.
 */
export async function startSendpulseFake({
  clientId = 'fake-client-id',
  clientSecret = 'fake-client-secret',
  addressBookId = '88011',
} = {}): Promise<SendpulseFake> {
  const valid = new Set<string>();

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      json(res, 400, { error_code: 400, message: 'Bad JSON' });
      return;
    }
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
      fake.tokenRequests += 1;
      if (
        fake.failure === 'token' ||
        body.grant_type !== 'client_credentials' ||
        body.client_id !== clientId ||
        body.client_secret !== clientSecret
      ) {
        json(res, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed.',
          message: 'Client authentication failed.',
        });
        return;
      }
      const accessToken = `fake-token-${fake.tokens.length + 1}-${Math.random().toString(36).slice(2)}`;
      fake.tokens.push(accessToken);
      valid.add(accessToken);
      json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: fake.expiresIn });
      return;
    }
    const book = /^\/addressbooks\/(\d+)\/emails$/.exec(url.pathname);
    if (req.method === 'POST' && book) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !valid.has(bearer)) {
        json(res, 401, { error: 'invalid_token', message: 'The access token provided is invalid' });
        return;
      }
      if (answerFailure(res, fake.failure, { type: 'text/html', body: '<html>maintenance</html>' })) return;
      const list = fake.books.get(book[1] ?? '');
      if (!list) {
        json(res, 404, { error_code: 213, message: 'Book not found' });
        return;
      }
      const emails = Array.isArray(body.emails)
        ? (body.emails as { email?: unknown; variables?: unknown }[])
        : [];
      if (
        emails.length === 0 ||
        emails.some((e) => typeof e.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e.email))
      ) {
        json(res, 400, { error_code: 203, message: 'Invalid emails' });
        return;
      }
      for (const e of emails)
        list.set(String(e.email).toLowerCase(), (e.variables as Record<string, unknown>) ?? {});
      json(res, 200, { result: true });
      return;
    }
    res.writeHead(404).end();
  }

  const server = await startFake(handle);
  const fake: SendpulseFake = {
    url: server.url,
    clientId,
    clientSecret,
    addressBookId,
    books: new Map([[addressBookId, new Map()]]),
    tokens: [],
    tokenRequests: 0,
    expiresIn: 3600,
    revoke() {
      valid.clear();
    },
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
