import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { instalmentTerms } from '../../core/payments/payment.rules.ts';
import { startFakeWithBody } from './fake-server.ts';

/**
 * A fake of T-Bank's instalment partner API «Форма» (integrations.md §4) on 127.0.0.1: create (no
 * auth; the sum must equal the items, names without quotes, a known promo code), Info, Commit and
 * Cancel behind HTTP Basic `showcaseId:password`, the bank's decision set by the test, and switches
 * for slow answers and errors.
 */
export interface FakeApplication {
  id: string;
  orderNumber: string;
  status: 'new' | 'inprogress' | 'approved' | 'signed' | 'rejected' | 'canceled';
  committed: boolean;
  create: Record<string, unknown>;
}

export interface FormaFake {
  url: string;
  apiUrl: string;
  shopId: string;
  showcaseId: string;
  password: string;
  applications: Map<string, FakeApplication>;
  calls: { method: string; path: string; body: unknown; authorization?: string }[];
  delayMs: number;
  failure: null | 'http500';
  /** The bank's (or the shopper's) decision on an application. */
  decide(orderNumber: string, status: FakeApplication['status']): void;
  close(): Promise<void>;
}

const kopecks = (rubles: unknown) => Math.round(Number(rubles) * 100);

export async function startFormaFake({
  shopId = 'fake-shop',
  showcaseId = 'fake-showcase',
  password = 'fake-showcase-password',
}: {
  shopId?: string;
  showcaseId?: string;
  password?: string;
} = {}): Promise<FormaFake> {
  const applications = new Map<string, FakeApplication>();
  const calls: FormaFake['calls'] = [];
  const basic = `Basic ${Buffer.from(`${showcaseId}:${password}`).toString('base64')}`;
  const promoCodes = new Set<string>(instalmentTerms.map((t) => t.promoCode));

  const view = (a: FakeApplication) => ({
    id: a.id,
    status: a.status,
    created_at: '2026-11-20T09:00:00Z',
    demo: false,
    committed: a.committed,
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const form = url.pathname.match(/^\/form\/(\d+)$/);
    if (req.method === 'GET' && form) return send(res, 200, { page: 'Forma', orderNumber: form[1] });
    const m = url.pathname.match(/^\/api\/partners\/v2\/orders\/(?:(create)|(\d+)\/(info|commit|cancel))$/);
    if (!m) return send(res, 404, { message: 'not found' });
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return send(res, 400, { message: 'bad json' });
    }
    calls.push({
      method: req.method ?? '',
      path: url.pathname,
      body,
      authorization: req.headers.authorization,
    });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.failure === 'http500') return send(res, 500, { message: 'internal' });
    if (m[1]) {
      const items = body.items as { name: string; price: number; quantity: number }[] | undefined;
      const orderNumber = String(body.orderNumber ?? '');
      if (body.shopId !== shopId || body.showcaseId !== showcaseId)
        return send(res, 400, { message: 'shop' });
      if (!items?.length || !orderNumber) return send(res, 400, { message: 'items and orderNumber' });
      if (items.some((i) => /["'«»]/.test(i.name))) return send(res, 400, { message: 'quotes in a name' });
      if (!promoCodes.has(String(body.promoCode))) return send(res, 400, { message: 'promoCode' });
      const sum = items.reduce((s, i) => s + kopecks(i.price) * i.quantity, 0);
      if (sum !== kopecks(body.sum)) return send(res, 400, { message: 'sum differs from items' });
      const existing = applications.get(orderNumber);
      if (existing && kopecks(existing.create.sum) !== kopecks(body.sum)) {
        return send(res, 422, { message: 'another application for this order' });
      }
      const app = existing ?? {
        id: `fake-${randomUUID()}`,
        orderNumber,
        status: 'new' as const,
        committed: false,
        create: body,
      };
      applications.set(orderNumber, app);
      return send(res, 200, { id: app.id, link: `${fake.url}/form/${orderNumber}` });
    }
    if (req.headers.authorization !== basic) return send(res, 401, { message: 'unauthorized' });
    const app = applications.get(m[2] ?? '');
    if (!app) return send(res, 404, { message: 'not found' });
    if (m[3] === 'info' && req.method === 'GET') return send(res, 200, view(app));
    if (m[3] === 'commit' && req.method === 'POST') {
      if (app.status !== 'signed') return send(res, 422, { message: 'not signed' });
      app.committed = true;
      return send(res, 200, view(app));
    }
    if (m[3] === 'cancel' && req.method === 'POST') {
      if (app.status === 'rejected' || app.status === 'canceled')
        return send(res, 422, { message: 'closed' });
      app.status = 'canceled';
      return send(res, 200, view(app));
    }
    return send(res, 405, { message: 'method' });
  }

  const server = await startFakeWithBody(handle, (res, error) => send(res, 500, { message: String(error) }));
  const { url } = server;
  const fake: FormaFake = {
    url,
    apiUrl: `${url}/api/partners/v2`,
    shopId,
    showcaseId,
    password,
    applications,
    calls,
    delayMs: 0,
    failure: null,
    decide(orderNumber, status) {
      const app = applications.get(orderNumber);
      if (!app) throw new Error(`no application ${orderNumber}`);
      app.status = status;
    },
    close: server.close,
  };
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
