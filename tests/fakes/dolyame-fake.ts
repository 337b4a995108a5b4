import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/**
 * A fake of Dolyame's partner API (integrations.md §5) on 127.0.0.1 over mutual TLS: its own CA
 * (made with openssl) signs the server's certificate and the shop's client certificate, and a
 * request without that client certificate never reaches the API. Behind it HTTP Basic; create, info,
 * commit, cancel and refund in rubles; refunds answered once per `X-Correlation-ID`.
 */
export interface FakeDolyameOrder {
  id: string;
  status: 'new' | 'approved' | 'rejected' | 'canceled' | 'wait_for_commit' | 'committed' | 'completed';
  /** Kopecks. */
  amount: number;
  refunded: number;
  create: Record<string, unknown>;
  commit?: Record<string, unknown>;
  refunds: Map<string, { refundId: string; body: Record<string, unknown> }>;
}

export interface DolyameFake {
  url: string;
  apiUrl: string;
  login: string;
  password: string;
  /** The shop's client certificate and key, and the CA that signed the fake's server certificate. */
  certPath: string;
  keyPath: string;
  caPath: string;
  /** A client certificate from another CA (refused by the fake). */
  foreignCertPath: string;
  foreignKeyPath: string;
  orders: Map<string, FakeDolyameOrder>;
  calls: { method: string; path: string; body: unknown; correlationId?: string }[];
  delayMs: number;
  failure: null | 'http500';
  decide(id: string, status: FakeDolyameOrder['status']): void;
  close(): Promise<void>;
}

function makeCerts(dir: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) =>
    run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', `${name}.key`);
  for (const ca of ['ca', 'other-ca']) {
    key(ca);
    run('req', '-x509', '-new', '-key', `${ca}.key`, '-out', `${ca}.crt`, '-days', '2', '-subj', `/CN=${ca}`);
  }
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  const issue = (name: string, ca: string, ext?: string) => {
    key(name);
    run('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.crt`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      ...(ext ? ['-extfile', ext] : []),
    );
  };
  issue('server', 'ca', 'server.ext');
  issue('shop', 'ca');
  issue('stranger', 'other-ca');
}

const kopecks = (rubles: unknown) => Math.round(Number(rubles) * 100);

export async function startDolyameFake({
  login = 'fake-dolyame-login',
  password = 'fake-dolyame-password',
}: {
  login?: string;
  password?: string;
} = {}): Promise<DolyameFake> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dolyame-fake-'));
  makeCerts(dir);
  const file = (name: string) => path.join(dir, name);
  const orders = new Map<string, FakeDolyameOrder>();
  const calls: DolyameFake['calls'] = [];
  const basic = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  let refundCount = 0;

  const view = (o: FakeDolyameOrder) => ({
    status: o.status,
    amount: (o.amount - o.refunded) / 100,
    residual_amount: ((o.amount - o.refunded) * 0.75) / 100,
    link: `${fake.url}/pay/${o.id}`,
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (!(req.socket as TLSSocket).authorized) return send(res, 403, { message: 'client certificate' });
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const m = url.pathname.match(/^\/v1\/orders\/(?:(create)|(\d+)\/(info|commit|cancel|refund))$/);
    if (!m) return send(res, 404, { message: 'not found' });
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return send(res, 400, { message: 'bad json' });
    }
    const correlationId = req.headers['x-correlation-id'] as string | undefined;
    calls.push({ method: req.method ?? '', path: url.pathname, body, correlationId });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.failure === 'http500') return send(res, 500, { message: 'internal' });
    if (req.headers.authorization !== basic) return send(res, 401, { message: 'unauthorized' });
    if (!correlationId) return send(res, 400, { message: 'X-Correlation-ID' });
    if (m[1]) {
      const order = body.order as {
        id?: string;
        amount?: number;
        items?: { price: number; quantity: number }[];
      };
      if (!order?.id || !order.items?.length) return send(res, 400, { message: 'order' });
      const sum = order.items.reduce((s, i) => s + kopecks(i.price) * i.quantity, 0);
      if (sum !== kopecks(order.amount)) return send(res, 400, { message: 'amount differs from items' });
      const existing = orders.get(order.id);
      if (existing) return send(res, 409, { message: 'order exists' });
      const created: FakeDolyameOrder = {
        id: order.id,
        status: 'new',
        amount: kopecks(order.amount),
        refunded: 0,
        create: body,
        refunds: new Map(),
      };
      orders.set(order.id, created);
      return send(res, 200, view(created));
    }
    const order = orders.get(m[2] ?? '');
    if (!order) return send(res, 404, { message: 'not found' });
    const action = m[3];
    if (action === 'info' && req.method === 'GET') return send(res, 200, view(order));
    if (req.method !== 'POST') return send(res, 405, { message: 'method' });
    if (action === 'commit') {
      if (order.status !== 'wait_for_commit') return send(res, 422, { message: 'not waiting for commit' });
      if (kopecks(body.amount) !== order.amount) return send(res, 422, { message: 'amount' });
      order.status = 'committed';
      order.commit = body;
      return send(res, 200, view(order));
    }
    if (action === 'cancel') {
      if (!['new', 'approved', 'wait_for_commit'].includes(order.status))
        return send(res, 422, { message: 'state' });
      order.status = 'canceled';
      return send(res, 200, view(order));
    }
    if (action === 'refund') {
      const again = order.refunds.get(correlationId);
      if (again) return send(res, 200, { amount: again.body.amount, refund_id: again.refundId });
      if (order.status !== 'committed' && order.status !== 'completed')
        return send(res, 422, { message: 'state' });
      const amount = kopecks(body.amount);
      if (!(amount > 0) || amount > order.amount - order.refunded)
        return send(res, 422, { message: 'amount' });
      refundCount += 1;
      const refundId = `refund-${refundCount}`;
      order.refunded += amount;
      order.refunds.set(correlationId, { refundId, body });
      return send(res, 200, { amount: body.amount, refund_id: refundId });
    }
    return send(res, 404, { message: 'not found' });
  }

  const server: Server = createServer(
    {
      key: readFileSync(file('server.key')),
      cert: readFileSync(file('server.crt')),
      ca: readFileSync(file('ca.crt')),
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        handle(req, res, raw).catch((error: unknown) => send(res, 500, { message: String(error) }));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: DolyameFake = {
    url,
    apiUrl: `${url}/v1`,
    login,
    password,
    certPath: file('shop.crt'),
    keyPath: file('shop.key'),
    caPath: file('ca.crt'),
    foreignCertPath: file('stranger.crt'),
    foreignKeyPath: file('stranger.key'),
    orders,
    calls,
    delayMs: 0,
    failure: null,
    decide(id, status) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      order.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
