import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../core/db/client.ts';
import { listOutbox } from '../../core/providers/outbox.ts';
import { parseInput } from '../request.ts';

const querySchema = z.object({
  channel: z.enum(['sms', 'email', 'crm', 'mailing']).optional(),
  recipient: z.string().max(254).optional(),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The development outbox (DECISIONS 17): what the sandbox SMS, e-mail, CRM and mailing providers "sent".
 * Registered only when `DEV_OUTBOX` is on, which the configuration refuses for a public shop.
 */
export function devOutboxRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/dev/outbox', async (request) => {
    const filter = parseInput(querySchema, request.query, request);
    return { result: true, data: await listOutbox(database.db, filter) };
  });

  app.get('/dev/outbox', async (request, reply) => {
    const filter = parseInput(querySchema, request.query, request);
    const entries = await listOutbox(database.db, filter);
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.createdAt)}</td><td>${escapeHtml(e.channel)}</td><td>${escapeHtml(e.recipient)}</td><td><pre>${escapeHtml(JSON.stringify(e.payload, null, 2))}</pre></td></tr>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development outbox</title></head><body><main><h1>Development outbox</h1><p>Sign-in codes, e-mails and leads from the sandbox providers, newest first. This page does not exist on a public shop.</p><table><thead><tr><th>Time</th><th>Channel</th><th>Recipient</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
  });
}
