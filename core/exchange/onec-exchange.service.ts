import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { ExchangeConfig } from '../config/exchange-env.ts';
import type { Db } from '../db/client.ts';
import { exchangeOrders, jobs, orderLines, orders, variantProducts } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { enqueueJob, type JobHandler } from '../jobs/jobs.service.ts';
import { isPaidStatus, orderStatuses } from '../orders/order.rules.ts';
import type { OrdersAdminService } from '../orders/orders-admin.service.ts';
import { SessionBusy, sessionEndJobKey } from './commerceml/import-run.ts';
import type { CommerceMlService } from './commerceml.service.ts';
import { type OrderForExchange, ordersDocument } from './commerceml-orders.rules.ts';
import { createOneCSaleService } from './onec-sale.service.ts';
import { extractZip, ZipRefused } from './zip.ts';

/** The job that applies an uploaded CommerceML file (core/jobs; retried only when it crashed). */
export const EXCHANGE_IMPORT_JOB = 'exchange.import';
export const EXCHANGE_COOKIE = 'onec_exchange';
const SESSION_MS = 60 * 60_000;
/**
 * How long a session's folder (its photos, what the import left) is kept: far past the session's
 * hour, so a job still waiting in the queue finds its files.
 */
const SESSION_FOLDER_MS = 24 * 60 * 60_000;

/** What the protocol answers 1C, one line per item (`success`, `progress`, `failure`). */
export type ExchangeAnswer = string;

/**
 * The 1C side of the catalogue exchange (spec integrations.md §11): `checkauth` with HTTP Basic
 * credentials gives a session cookie (a signed, expiring token, so any instance accepts it);
 * `init` tells the piece size; `file` appends pieces to the upload; `import` hands the file to a
 * durable job and answers `progress` until the job is over, then `success` or `failure` with the
 * report's first lines. docs/decisions/0031-catalogue-exchange.md.
 */
export function createOneCExchangeService({
  db,
  config,
  clock,
  ordersAdmin,
}: {
  db: Db;
  config: ExchangeConfig;
  clock: () => Date;
  /** The manager's order steps, which the statuses 1C sends back (`type=sale&mode=file`) go through. */
  ordersAdmin: OrdersAdminService;
}) {
  const sale = createOneCSaleService({ db, ordersAdmin });
  const enabled = config.login !== null && config.password !== null;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  const expected = enabled ? digest(`${config.login}:${config.password}`) : null;
  /** The session signing key: derived from the credentials, so changing the password ends sessions. */
  const key = createHash('sha256').update(`onec-session:${config.login}:${config.password}`).digest();

  function requireEnabled() {
    if (!enabled) throw new AppError('not_found', 'обмен с 1С не настроен');
  }

  /** Checks `Authorization: Basic …`; answers the cookie 1C sends back on every later call. */
  function checkAuth(authorization: string | undefined): { name: string; value: string } {
    requireEnabled();
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    const given = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    if (!expected || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthorized', 'неверный логин или пароль обмена с 1С');
    }
    const id = randomBytes(12).toString('hex');
    const expires = clock().getTime() + SESSION_MS;
    const payload = `${id}.${expires}`;
    return { name: EXCHANGE_COOKIE, value: `${payload}.${sign(payload)}` };
  }

  function sign(payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }

  /** The session id of a valid cookie; 401 otherwise. */
  function requireSession(cookie: string | null): string {
    requireEnabled();
    const [id, expires, mac] = (cookie ?? '').split('.');
    if (!id || !expires || !mac)
      throw new AppError('unauthorized', 'нет сеанса обмена с 1С: сначала checkauth');
    const good = Buffer.from(sign(`${id}.${expires}`));
    const seen = Buffer.from(mac);
    if (good.length !== seen.length || !timingSafeEqual(good, seen) || Number(expires) < clock().getTime()) {
      throw new AppError('unauthorized', 'сеанс обмена с 1С истёк: повторите checkauth');
    }
    return id;
  }

  function init(): { zip: boolean; fileLimit: number } {
    requireEnabled();
    return { zip: true, fileLimit: config.fileLimit };
  }

  /**
   * Removes the folders of sessions over a day old (photos 1C sent stay in the session's folder
   * after the import took them into the media store). Run at each catalogue `init`.
   */
  async function pruneSessions(): Promise<number> {
    const names = await readdir(config.dir).catch(() => [] as string[]);
    const before = clock().getTime() - SESSION_FOLDER_MS;
    let removed = 0;
    for (const name of names) {
      if (!/^[0-9a-f]{24}$/.test(name)) continue;
      const dir = path.join(config.dir, name);
      const info = await stat(dir).catch(() => null);
      if (!info?.isDirectory() || info.mtimeMs >= before) continue;
      await rm(dir, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  /** A bare file name 1C may upload (import.xml, offers.xml, import_files/…/photo.jpg). */
  function safeName(filename: string | undefined): string {
    const name = (filename ?? '').replace(/\\/g, '/');
    if (
      !name ||
      name.length > 255 ||
      name.startsWith('/') ||
      name.split('/').some((part) => part === '..' || part === '' || part === '.') ||
      !/^[\p{L}\p{N}_ .\-/]+$/u.test(name)
    ) {
      throw new AppError('invalid_data', `недопустимое имя файла «${filename ?? ''}»`, {
        field: 'filename',
      });
    }
    return name;
  }

  const sessionDir = (session: string) => path.join(config.dir, session);

  /**
   * Appends one piece to the upload. A piece over the limit or a file growing past the largest
   * allowed is refused, and the partial file removed.
   */
  async function appendFile(session: string, filename: string | undefined, body: AsyncIterable<Uint8Array>) {
    const name = safeName(filename);
    const target = path.join(sessionDir(session), name);
    await mkdir(path.dirname(target), { recursive: true });
    const before = await stat(target).then(
      (s) => s.size,
      () => 0,
    );
    const handle = await open(target, 'a');
    let piece = 0;
    try {
      for await (const chunk of body) {
        piece += chunk.length;
        if (piece > config.fileLimit) {
          throw new AppError('invalid_data', `часть файла больше file_limit (${config.fileLimit} байт)`, {
            field: 'file',
          });
        }
        if (before + piece > config.maxFileBytes) {
          throw new AppError('invalid_data', `${name} больше ${config.maxFileBytes} байт`, {
            field: 'file',
          });
        }
        await handle.write(chunk);
      }
    } catch (error) {
      await handle.close();
      await rm(target, { force: true });
      throw error;
    }
    await handle.close();
    return { name, size: before + piece, piece };
  }

  /**
   * One `import` call: the first hands the file to a job, the later ones report on it. The job's key
   * names the session and the file, so repeated calls never start a second import.
   */
  async function importStep(session: string, filename: string | undefined): Promise<ExchangeAnswer> {
    const name = safeName(filename);
    if (!/\.xml$/i.test(name)) return 'success\nв этом файле нечего загружать';
    const file = path.join(sessionDir(session), name);
    const jobKey = `exchange-import:${session}:${name}`;
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, EXCHANGE_IMPORT_JOB), eq(jobs.key, jobKey)));
    if (!job) {
      const unpacked = await unpackZips(session);
      if (unpacked) return `failure\n${unpacked}`;
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) return `failure\nфайл ${name} не был передан в этом сеансе`;
      await enqueueJob(db, {
        kind: EXCHANGE_IMPORT_JOB,
        key: jobKey,
        payload: {
          file,
          fileName: name,
          priceType: config.priceType,
          filesDir: sessionDir(session),
          session,
        },
        runAt: clock(),
        maxAttempts: 2,
      });
      return `progress\n${name}: в очереди`;
    }
    if (job.status === 'pending' || job.status === 'running') return `progress\n${name}: загружается`;
    if (job.status === 'failed') return `failure\n${job.lastError ?? 'загрузка не удалась'}`;
    const result = JSON.parse(job.result ?? '{}') as { status?: string; summary?: string };
    return result.status === 'applied'
      ? `success\n${result.summary ?? ''}`
      : `failure\n${result.summary ?? ''}`;
  }

  /**
   * `type=catalog&mode=deactivate` or `mode=complete`, which newer 1C modules send after a session's
   * last file: the hiding of what its full catalogues did not list is due now (the job its first
   * full catalogue queued for an hour later, when its cookie expires, is brought forward).
   */
  async function finishCatalogue(session: string): Promise<void> {
    requireEnabled();
    await db
      .update(jobs)
      .set({ runAt: clock() })
      .where(and(eq(jobs.key, sessionEndJobKey(session)), eq(jobs.status, 'pending')));
  }

  /**
   * With `zip=yes` 1C sends one archive of its files: unpacked (with the zip-bomb guard) into the
   * session's folder at the first `import`, then removed. Returns why it was refused, or null.
   */
  async function unpackZips(session: string): Promise<string | null> {
    const dir = sessionDir(session);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => /\.zip$/i.test(n))) {
      const zip = path.join(dir, name);
      try {
        await extractZip(zip, dir, {
          maxEntries: 2_000,
          maxTotalBytes: config.maxFileBytes,
          maxRatio: 200,
        });
      } catch (error) {
        if (error instanceof ZipRefused) return `${name}: ${error.message}`;
        throw error;
      } finally {
        await rm(zip, { force: true });
      }
    }
    return null;
  }

  /** Orders sent to 1C in one query, at most. */
  const ORDERS_PER_QUERY = 500;

  /**
   * `type=sale&mode=query`: the paid orders 1C has not taken yet, and the orders 1C took that changed
   * since (cancelled, refunded, shipped …: sent again with their status and «Отменен»), as CommerceML,
   * noted as sent in this session with the order's `updated_at` as sent (an order sent but never
   * confirmed is sent again next time; one changed after is sent again even when confirmed).
   */
  async function ordersQuery(session: string): Promise<string> {
    requireEnabled();
    const paid = orderStatuses.filter(isPaidStatus);
    const now = clock();
    const rows = await db
      .select({ order: orders })
      .from(orders)
      .leftJoin(exchangeOrders, eq(exchangeOrders.orderNumber, orders.number))
      .where(
        or(
          and(inArray(orders.status, paid), isNull(exchangeOrders.orderNumber)),
          and(
            isNotNull(exchangeOrders.orderNumber),
            or(isNull(exchangeOrders.takenAt), gt(orders.updatedAt, exchangeOrders.sentAt)),
          ),
        ),
      )
      .orderBy(asc(orders.number))
      .limit(ORDERS_PER_QUERY)
      .then((found) => found.map((r) => r.order));
    const numbers = rows.map((o) => o.number);
    const lines =
      numbers.length === 0
        ? []
        : await db
            .select({ line: orderLines, exchangeId: variantProducts.exchangeId })
            .from(orderLines)
            .leftJoin(variantProducts, eq(variantProducts.id, orderLines.variantId))
            .where(inArray(orderLines.orderNumber, numbers))
            .orderBy(asc(orderLines.id));
    const docs: OrderForExchange[] = rows.map((o) => ({
      number: o.number,
      createdAt: o.createdAt,
      status: o.status,
      payment: o.payment,
      deliveryMethod: o.getWay,
      fullName: o.fullName,
      phone: o.phone,
      email: o.email,
      comment: o.comment,
      delivery: {
        postal: o.delivery.postal,
        countryCode: o.delivery.countryCode,
        country: o.delivery.country,
        city: o.delivery.city,
        place: o.delivery.pvz ?? o.delivery.address,
        room: o.delivery.room,
      },
      trackingNumber: o.trackingNumber,
      total: o.total,
      deliveryPrice: o.deliveryPrice,
      promoDiscount: o.promoDiscount,
      lines: lines
        .filter((l) => l.line.orderNumber === o.number)
        .map((l) => ({
          id: l.exchangeId ?? l.line.variantId,
          barcode: l.line.barcode,
          name: l.line.name,
          size: l.line.size,
          price: l.line.price,
          count: l.line.count,
        })),
    }));
    if (rows.length > 0) {
      // `sent_at` keeps the order's `updated_at` as sent: a later change is newer than it, exactly.
      await db
        .insert(exchangeOrders)
        .values(rows.map((o) => ({ orderNumber: o.number, session, sentAt: o.updatedAt })))
        .onConflictDoUpdate({
          target: exchangeOrders.orderNumber,
          set: { session, sentAt: sql`excluded.sent_at`, takenAt: null },
        });
    }
    return ordersDocument(docs, now);
  }

  /** `type=sale&mode=success`: 1C took the orders this session sent; returns how many. */
  async function ordersTaken(session: string): Promise<number> {
    requireEnabled();
    const taken = await db
      .update(exchangeOrders)
      .set({ takenAt: clock() })
      .where(and(eq(exchangeOrders.session, session), isNull(exchangeOrders.takenAt)))
      .returning({ n: exchangeOrders.orderNumber });
    return taken.length;
  }

  /**
   * `type=sale&mode=file`: a documents file from 1C with the orders' statuses, payments and shipments
   * (docs/decisions/0043-1c-orders-exchange.md). Pieces are appended like a catalogue upload; the file
   * is applied once it is whole (a piece shorter than file_limit, or the document's closing tag), then
   * removed. `ip` is where 1C called from, for the audit log.
   */
  async function saleFile(
    session: string,
    filename: string | undefined,
    body: AsyncIterable<Uint8Array>,
    ip: string,
  ): Promise<ExchangeAnswer> {
    const name = safeName(filename);
    if (!/\.xml$/i.test(name)) {
      return `failure\n${name}: для заказов принимается только XML-файл (init отвечает zip=no)`;
    }
    const { piece } = await appendFile(session, name, body);
    const file = path.join(sessionDir(session), name);
    const xml = decodeXml(await readFile(file));
    const whole = piece < config.fileLimit || /<\/(?:[\w.-]+:)?КоммерческаяИнформация>\s*$/u.test(xml);
    if (!whole) return 'success';
    try {
      return await sale.applyFile(xml, ip);
    } finally {
      await rm(file, { force: true });
    }
  }

  return {
    enabled,
    checkAuth,
    requireSession,
    init,
    pruneSessions,
    appendFile,
    importStep,
    finishCatalogue,
    ordersQuery,
    ordersTaken,
    saleFile,
  };
}

export type OneCExchangeService = ReturnType<typeof createOneCExchangeService>;

/** A 1C XML file as text: UTF-8 (with or without the mark), or the windows-1251 its prolog declares. */
function decodeXml(bytes: Buffer): string {
  const prolog = bytes.subarray(0, 200).toString('latin1');
  if (/encoding\s*=\s*["'](?:windows-1251|cp1251)["']/i.test(prolog)) return iconv.decode(bytes, 'win1251');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * The job handler: streams the uploaded file into the CommerceML import and notes its outcome; or
 * ends a 1C session's hiding (`finishSession`, retried while a file of the session is importing).
 */
export function exchangeImportHandler(commerceMl: CommerceMlService): JobHandler {
  return async (job) => {
    if (typeof job.payload.finishSession === 'string') {
      const ended = await commerceMl.finishSession(job.payload.finishSession).catch((error: unknown) => {
        if (error instanceof SessionBusy) return error;
        throw error;
      });
      if (ended instanceof SessionBusy) return { retry: ended.message };
      return { done: `скрыто ${ended?.hidden ?? 0}` };
    }
    const { file, fileName, priceType, filesDir, session } = job.payload as {
      file: string;
      fileName: string;
      priceType: string;
      filesDir?: string;
      session?: string;
    };
    const outcome = await commerceMl.importFile(createReadStream(file, { highWaterMark: 256 * 1024 }), {
      fileName,
      actor: null,
      priceType,
      // The photos it names were uploaded beside it (import_files/…), by mode=file or in the zip.
      filesDir: filesDir ?? path.dirname(file),
      ...(session ? { session } : {}),
    });
    const r = outcome.report;
    const refusals = r.refused
      .slice(0, 20)
      .map((x) => `\nстрока ${x.line}: ${x.reason}`)
      .join('');
    // Every record refused: nothing was applied, and 1C must show it as a failure.
    const noneApplied = outcome.status === 'applied' && r.applied === 0 && r.refused.length > 0;
    const status = noneApplied ? 'refused' : outcome.status;
    const summary = noneApplied
      ? `ничего не загружено: отклонены все записи (${r.refused.length})${refusals}`
      : outcome.status === 'applied'
        ? `создано товаров ${r.created.groups}, размеров ${r.created.variants}; изменено ${
            r.changed.groups + r.changed.variants + r.changed.stock + r.changed.prices
          }; фото ${r.created.photos ?? 0}; скрыто ${r.hidden}; снова показано ${r.shown ?? 0}; отклонено ${r.refused.length}${refusals}`
        : (r.error ?? 'файл отклонён');
    await rm(file, { force: true });
    return { done: JSON.stringify({ importId: outcome.importId, status, summary }) };
  };
}
