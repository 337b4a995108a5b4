import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { csvKinds, csvTemplate } from '../../../core/exchange/csv.rules.ts';
import { MAX_CSV_BYTES } from '../../../core/exchange/csv.service.ts';
import { CsvTooLarge } from '../../../core/exchange/csv-reader.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

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

/**
 * Hands the one CSV file of a multipart upload to `use` as it streams in (never read whole): a file
 * past MAX_CSV_BYTES or MAX_CSV_LINES is refused by the reader before the rest is read, and what
 * is left of the body is read past and dropped.
 */
async function withCsvFile<T>(
  request: FastifyRequest,
  use: (source: AsyncIterable<Uint8Array>, name: string) => Promise<T>,
): Promise<T> {
  const locale = requestLocale(request);
  const en = locale === 'en';
  const choose = () =>
    new AppError('invalid_data', en ? 'Choose a CSV file' : 'Выберите файл CSV', { field: 'file' });
  if (!request.isMultipart()) throw choose();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte over the reader's cap, so the reader (not a silent cut) refuses a larger file.
    part = await request.file({ limits: { fileSize: MAX_CSV_BYTES + 1, files: 1, fields: 10, parts: 11 } });
  } catch (error) {
    throw new AppError(
      'invalid_data',
      en ? 'The upload was cut off or is malformed' : 'Файл пришёл не полностью или повреждён',
      { field: 'file', cause: error },
    );
  }
  if (!part) throw choose();
  const name = part.filename.slice(0, 120);
  try {
    return await use(part.file.iterator({ destroyOnReturn: false }), name);
  } catch (error) {
    if (!(error instanceof CsvTooLarge)) throw error;
    const message =
      error.cap === 'bytes'
        ? en
          ? `«${name}»: the largest file allowed is ${MAX_CSV_BYTES / 1_000_000} MB`
          : `«${name}»: максимальный размер файла ${MAX_CSV_BYTES / 1_000_000} МБ`
        : en
          ? `«${name}»: a file may have at most ${error.limit.toLocaleString('en')} lines besides the header: split it`
          : `«${name}»: в файле может быть не больше ${error.limit.toLocaleString('ru')} строк, не считая заголовка; разделите его на части`;
    throw new AppError('invalid_data', message, { field: 'file' });
  } finally {
    part.file.resume();
  }
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
      const outcome = await withCsvFile(request, (source) =>
        services.csvExchange.preview(kind, source, actor),
      );
      return { result: true, ...outcome };
    },
  });

  // Applies the file in one transaction; with the preview's digest, a catalogue that moved since is a 409.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/imports/csv/apply',
    roles: roles.anyStaff,
    async handler(request, _reply, actor) {
      const { kind, digest } = parseInput(applyQuery, request.query, request);
      return {
        result: true,
        ...(await withCsvFile(request, (source, name) =>
          services.csvExchange.apply(kind, source, name, actor, digest),
        )),
      };
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
