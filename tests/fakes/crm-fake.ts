import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhook } from '../../core/providers/crm/webhook-crm.ts';
import { answerFailure, startFake } from './fake-server.ts';

export interface CrmFake {
  url: string;
  /** Bitrix24 inbound webhook base (`/rest/1/<key>/`). */
  bitrix24WebhookUrl: string;
  /** amoCRM account base and its long-lived token. */
  amocrmUrl: string;
  amocrmToken: string;
  /** The generic webhook receiver and its key. */
  webhookUrl: string;
  webhookSecret: string;
  /** Leads accepted, by system. */
  bitrix24Leads: Record<string, unknown>[];
  amocrmLeads: { lead: Record<string, unknown>; notes: Record<string, unknown>[] }[];
  webhookLeads: Record<string, unknown>[];
  /** Webhook requests refused for a bad or stale signature. */
  webhookForged: number;
  delayMs: number;
  /** `http500`: 500 pages; `garbage`: bodies that are not JSON; `invalid`: the system's validation refusal. */
  failure: null | 'http500' | 'garbage' | 'invalid';
  close(): Promise<void>;
}

/**
 * Fakes of three CRMs on 127.0.0.1: Bitrix24's `crm.lead.add.json` behind an inbound webhook URL,
 * amoCRM's `POST /api/v4/leads/complex` and `/leads/{id}/notes` with a Bearer token, and a generic
 * receiver checking the shop's HMAC-SHA256 signature and timestamp; switches for errors and slow
 * answers.
 */
export async function startCrmFake({
  bitrix24Key = 'k3y0fw3bh00k',
  amocrmToken = 'fake-amocrm-long-lived-token',
  webhookSecret = 'fake-crm-webhook-secret-0123456789',
} = {}): Promise<CrmFake> {
  let nextId = 4100;

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    if (answerFailure(res, fake.failure, { type: 'text/html', body: '<html>maintenance</html>' })) return;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      json(res, 400, { error: 'INVALID_REQUEST', error_description: 'Bad JSON' });
      return;
    }
    const bitrix = /^\/rest\/1\/([^/]+)\/crm\.lead\.add\.json$/.exec(url.pathname);
    if (req.method === 'POST' && bitrix) {
      if (bitrix[1] !== bitrix24Key) {
        json(res, 401, { error: 'INVALID_CREDENTIALS', error_description: 'Invalid request credentials' });
        return;
      }
      const fields = (body as { fields?: Record<string, unknown> }).fields;
      if (fake.failure === 'invalid' || !fields?.TITLE) {
        json(res, 400, { error: '', error_description: 'Не заполнено обязательное поле "Название лида"' });
        return;
      }
      nextId += 1;
      fake.bitrix24Leads.push(fields);
      json(res, 200, { result: nextId, time: { start: 1_700_000_000.1, finish: 1_700_000_000.2 } });
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/v4/')) {
      if (req.headers.authorization !== `Bearer ${amocrmToken}`) {
        json(res, 401, {
          title: 'Unauthorized',
          type: 'https://httpstatus.es/401',
          status: 401,
          detail: 'Invalid token',
        });
        return;
      }
      if (url.pathname === '/api/v4/leads/complex') {
        const leads = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
        if (fake.failure === 'invalid' || leads.length === 0) {
          json(res, 400, {
            title: 'Bad Request',
            status: 400,
            detail: 'Request validation failed',
            'validation-errors': [],
          });
          return;
        }
        const answers = leads.map((lead) => {
          nextId += 1;
          fake.amocrmLeads.push({ lead: { id: nextId, ...lead }, notes: [] });
          return {
            id: nextId,
            contact_id: nextId + 1000,
            company_id: null,
            request_id: [String(nextId)],
            merged: false,
          };
        });
        json(res, 200, answers);
        return;
      }
      const notes = /^\/api\/v4\/leads\/(\d+)\/notes$/.exec(url.pathname);
      const lead = notes ? fake.amocrmLeads.find((l) => l.lead.id === Number(notes[1])) : undefined;
      if (lead && Array.isArray(body)) {
        lead.notes.push(...(body as Record<string, unknown>[]));
        json(res, 200, { _embedded: { notes: (body as unknown[]).map(() => ({ id: ++nextId })) } });
        return;
      }
      json(res, 404, { title: 'Not Found', status: 404 });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/hooks/lead') {
      const ok = verifyWebhook(
        webhookSecret,
        {
          timestamp: req.headers['x-shop-timestamp'] as string | undefined,
          signature: req.headers['x-shop-signature'] as string | undefined,
        },
        raw,
        new Date(),
      );
      if (!ok) {
        fake.webhookForged += 1;
        json(res, 401, { error: 'bad signature' });
        return;
      }
      if (fake.failure === 'invalid') {
        json(res, 422, { error: 'phone missing' });
        return;
      }
      nextId += 1;
      fake.webhookLeads.push(body as Record<string, unknown>);
      json(res, 200, { id: `L-${nextId}` });
      return;
    }
    res.writeHead(404).end();
  }

  const server = await startFake(handle);
  const { url } = server;
  const fake: CrmFake = {
    url,
    bitrix24WebhookUrl: `${url}/rest/1/${bitrix24Key}/`,
    amocrmUrl: url,
    amocrmToken,
    webhookUrl: `${url}/hooks/lead`,
    webhookSecret,
    bitrix24Leads: [],
    amocrmLeads: [],
    webhookLeads: [],
    webhookForged: 0,
    delayMs: 0,
    failure: null,
    close: server.close,
  };
  return fake;
}
