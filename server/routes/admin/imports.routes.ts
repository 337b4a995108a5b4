import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { csvKinds, csvTemplate } from '../../../core/exchange/csv.rules.ts';
import { MAX_CSV_BYTES } from '../../../core/exchange/csv.service.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { readFiles } from './media.routes.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';
import { withStaleReply } from './stale-reply.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.coerce.number().int().positive().max(2_000_000_000).optional(),
});
const kindQuery = z.object({ kind: z.enum(csvKinds) });
const applyQuery = kindQuery.extend({
  digest: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});

/** The one CSV file of a multipart upload (at most MAX_CSV_BYTES). */
async function csvFile(request: FastifyRequest) {
  const locale = requestLocale(request);
  const [file] = await readFiles(request, {
    maxBytes: MAX_CSV_BYTES,
    maxFiles: 1,
    tooLarge: (name) =>
      locale === 'en'
        ? `«${name}»: the largest file allowed is ${MAX_CSV_BYTES / 1_000_000} MB`
        : `«${name}»: максимальный размер файла ${MAX_CSV_BYTES / 1_000_000} МБ`,
  });
  if (!file)
    throw new AppError('invalid_data', locale === 'en' ? 'Choose a CSV file' : 'Выберите файл CSV', {
      field: 'file',
    });
  return file;
}

function sendCsv(reply: FastifyReply, name: string, text: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(text);
}

/**
 * Catalogue imports in the back office (docs/decisions/0031-catalogue-exchange.md): the history
 * of 1C and CSV imports with their reports, the CSV template, export, preview and apply, and the
 * 1C exchange's settings. Any staff role reads; products files are an editor's or an admin's, a
 * stock-and-prices file any staff member's, prices in it an editor's or an admin's (the service
 * checks that line by line, DECISIONS 30).
 */
export function importsRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;
  // The history of imports with their reports (1C and staff), newest first.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/imports',
    roles: roles.anyStaff,
    async handler(request) {
      const query = parseInput(listQuery, request.query, request);
      return { result: true, rows: await services.commerceMl.listImports(query) };
    },
  });

  // The 1C exchange as 1C is to be set up: the URL and whether the credentials are set.
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/imports/settings',
    roles: roles.anyStaff,
    async handler() {
      return { result: true, exchange: deps.exchange ?? null };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/imports/csv/template',
    roles: roles.anyStaff,
    async handler(request, reply) {
      const { kind } = parseInput(kindQuery, request.query, request);
      return sendCsv(reply, `template-${kind}.csv`, csvTemplate(kind));
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/imports/csv/export',
    roles: roles.anyStaff,
    async handler(request, reply) {
      const { kind } = parseInput(kindQuery, request.query, request);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `${kind}-${day}.csv`, await services.csvExchange.exportCsv(kind));
    },
  });

  // What the file would change, line by line; nothing is stored.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/imports/csv/preview',
    roles: roles.anyStaff,
    async handler(request, _reply, actor) {
      const { kind } = parseInput(kindQuery, request.query, request);
      const file = await csvFile(request);
      return { result: true, ...(await services.csvExchange.preview(kind, file.data, actor)) };
    },
  });

  // Applies the file in one transaction; with the preview's digest, a catalogue that moved since is a 409.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/imports/csv/apply',
    roles: roles.anyStaff,
    async handler(request, reply, actor) {
      const { kind, digest } = parseInput(applyQuery, request.query, request);
      const file = await csvFile(request);
      return withStaleReply(reply, async () => ({
        result: true,
        ...(await services.csvExchange.apply(kind, file.data, file.name, actor, digest)),
      }));
    },
  });

  // The spec's "POST /api/fetch-data" (catalogue.md), under /api/admin/ as every staff endpoint is:
  // waiting 1C imports, then every cache.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/fetch-data',
    roles: roles.anyStaff,
    async handler(_request, _reply, actor) {
      return { result: true, ...(await services.catalogueRefresh.refresh(actor)) };
    },
  });
}
