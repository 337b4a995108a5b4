import type { Actor, createAuditService } from '../audit/audit.service.ts';
import { announcedWrite } from '../cache/announced-write.ts';
import { cacheTags, noReadCache, type ReadCache } from '../cache/read-cache.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, StaleError } from '../errors.ts';
import { namesEveryOnce } from './ordering.rules.ts';

/** Every content write drops the cached pages: they all read the settings and texts. */
export const contentTags = [cacheTags.settings];

/** What the content services record staff changes with. */
export type ContentAudit = Pick<ReturnType<typeof createAuditService>, 'record'>;

/** What every content service (pages, looks, texts, settings) is built from. */
export interface ContentServiceDeps {
  db: Db;
  audit: ContentAudit;
  clock: () => Date;
  cache?: ReadCache;
}

/**
 * The content services' one way to write: a transaction whose commit tells every instance to drop
 * its cached pages (core/cache/announced-write.ts), and the edit stamp of a changed record.
 */
export function contentWrites({ db, clock, cache = noReadCache }: Omit<ContentServiceDeps, 'audit'>) {
  return {
    write: <T>(work: (tx: Tx) => Promise<T>) => announcedWrite(db, cache, (tx) => work(tx), contentTags),
    /** A version stamp strictly after the previous one, even when the clock stands still. */
    nextStamp: (previous: Date | undefined) =>
      new Date(Math.max(clock().getTime(), (previous?.getTime() ?? 0) + 1)),
  };
}

/**
 * The row locked for a change, as the editor saw it: `notFound` when it is gone, and a stale
 * refusal carrying the newer version when its edit stamp is not `updatedAt` (none given: any).
 */
export function freshRow<R extends { updatedAt: Date }>(
  row: R | undefined,
  updatedAt: string | undefined,
  refusals: { notFound: () => AppError; stale: string },
  wire: (row: R) => unknown,
): R {
  if (!row) throw refusals.notFound();
  if (updatedAt !== undefined && row.updatedAt.getTime() !== new Date(updatedAt).getTime()) {
    throw new StaleError(refusals.stale, wire(row), 'updatedAt');
  }
  return row;
}

/**
 * A new order of rows from first to last: `ids` must name every row once (else `refusal`, on the
 * field `ids`). Answers the order before, and the rows whose index changes with their new index.
 */
export function newOrder(ids: string[], rows: { id: string; index: number }[], refusal: string) {
  if (
    !namesEveryOnce(
      ids,
      rows.map((r) => r.id),
    )
  ) {
    throw new AppError('invalid_data', refusal, { field: 'ids' });
  }
  const before = [...rows].sort((a, b) => a.index - b.index).map((r) => r.id);
  const moves = ids.flatMap((id, i) =>
    rows.find((r) => r.id === id)?.index === i + 1 ? [] : [{ id, index: i + 1 }],
  );
  return { before, moves };
}

/**
 * How a service records staff changes to one kind of record: `<entityType>.<verb>` on the record's
 * id (or `*`, all of them), its states as the API shows them.
 */
export function changeRecorder(audit: ContentAudit, entityType: string) {
  return (tx: Tx, actor: Actor, verb: string, id: string, states: { before?: unknown; after?: unknown }) =>
    audit.record(tx, actor, { action: `${entityType}.${verb}`, entityType, entityId: id, ...states });
}
